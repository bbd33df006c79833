"""Shared certificate and holding limits (referee.eighteen_rules.limits): Lost Atlas rules ■4
and a title's `shares.holding_limit`, `shares.pool_limit`, `shares.privates_count` keys."""

from __future__ import annotations

from referee.eighteen_rules import limits
from referee.eighteen_rules.limits import Holding
from referee.games.lost_atlas import data


def test_lost_atlas_60_and_50_percent_in_whole_shares__rules_4() -> None:
    """■4: a player at most 60% (3 of a minor's 5, 6 of a major's 10); the pool at most 50%."""
    shares = data.table()["shares"]
    player, pool = int(shares["player_limit_percent"]), int(shares["pool_limit_percent"])
    assert (limits.share_limit(5, player), limits.share_limit(10, player)) == (3, 6)
    assert (limits.share_limit(5, pool), limits.share_limit(10, pool)) == (2, 5)


def test_a_full_pool_has_no_room__lost_atlas_rules_4_shares_pool_limit() -> None:
    assert limits.room(2, 2) == 0
    assert limits.room(2, 3) == 0
    assert limits.room(50, 30) == 20


def test_holding_limit_and_its_zone__shares_holding_limit() -> None:
    """1830 shares.holding_limit = 60; a no_holding_limit zone lets a player hold more."""
    assert limits.within(60, 60) and not limits.within(70, 60)
    assert limits.within(70, 60, exempt=True)


def test_certificates_count_the_presidents_as_one__players_certificate_limit() -> None:
    """1830: the president's 20% is one certificate, each 10% one, an exempt zone none."""
    held = [
        Holding(40, 10, president=20),  # president's + 2
        Holding(30, 10),  # 3
        Holding(50, 10, exempt=True),  # in a no_certificate_limit zone
        Holding(0, 10),
    ]
    assert limits.certificates(held) == 6


def test_privates_count_toward_the_limit__shares_privates_count() -> None:
    assert limits.certificates([Holding(10, 10)], privates=2) == 3
