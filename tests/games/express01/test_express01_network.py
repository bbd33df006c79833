"""Express 01 in track mode: the table enters where each card's track leads, and the
referee checks kept track, joined track, the train's reach and the best route
(rules: a) 鉄道網拡張, c)ボーナス支払い)."""

from __future__ import annotations

import pytest

from referee.core.engine import RuleError, UsageError
from referee.games.express01 import network
from referee.games.express01.sections import BONUS, EXPAND

# A builds red 9 (+1) - 10 - blue 11 - 12 - white 13 (+2), and buys a red share.
LINE = (
    "order A B C",
    "lay 9 terminal red +1 to 10",
    "lay 10 route to 9,11",
    "lay 11 through blue to 10,12",
    "lay 12 route to 11,13",
    "lay 13 terminal white +2 to 12",
    "buy red r1",
    "done",
)


def test_track_mode_asks_where_the_track_leads(new):
    s = new("order A B C", track=True)
    with pytest.raises(UsageError):
        s.play("lay 9 terminal red")


def test_a_card_must_join_track__rule_鉄道網拡張(new):
    s = new("order A B C", "lay 9 terminal red to 10", track=True)
    with pytest.raises(RuleError) as e:
        s.play("lay 12 route to 11,13")
    assert e.value.rule == EXPAND
    s.play("lay 10 route to 9,11")
    assert network.joined(s.state, 9, 10)


def test_built_track_is_kept__rule_鉄道網拡張(new):
    s = new(*LINE, track=True)
    with pytest.raises(RuleError) as e:
        s.play("lay 10 route to 9")
    assert e.value.rule == EXPAND
    s.play("lay 10 route to 9,11,4")
    assert s.state.spot(10).exits == {4, 9, 11}


def test_the_train_reaches_one_card_per_share__rule_ボーナス支払い(new):
    s = new(*LINE, "buy red r1", "buy red r1", track=True)  # red shares: A 1, B 2
    with pytest.raises(RuleError) as e:
        network.check_run(s.state, "red", (9, 11, 13))  # 4 cards long, 3 shares
    assert e.value.rule == BONUS
    assert network.best_route(s.state, "red", 3) == network.Route(2, 3, (9, 11))


def test_the_best_route_is_required__rule_ボーナス支払い(new):
    s = new(*LINE, "buy red r1", "buy red r1", "done", "buy red r1", "done", track=True)
    assert s.state.turn.player == "A"  # round 2; red shares: 4, the train runs 4 cards
    for line, why in (
        ("run red 9 11", "a longer one runs 4"),
        ("run red 9 13", "no track joins station 9 to station 13"),
    ):
        with pytest.raises(RuleError) as e:
            s.play(line)
        assert e.value.rule == BONUS and why in e.value.reason
    s.play("run red 13 11 9")
    assert len(s.state.payout) == 3 + 1 + 2


# A: red 9 joined to white 10 (+3), and by 8 - 7 to white 6.
FORK = (
    "order A B C",
    "lay 9 terminal red to 8,10",
    "lay 10 terminal white +3 to 9",
    "lay 8 route to 7,9",
    "lay 7 route to 6,8",
    "lay 6 terminal white to 7",
    "buy red r1",
    "done",
    "buy red r1",
    "done",
    "buy red r1",
    "done",
)


def test_the_longest_route_even_if_a_shorter_pays_more__rule_ボーナス支払い(new):
    """より長いルートが可能な場合、より短いルートを簡単に選ぶことは認められません: 3 red shares,
    the train runs 3 cards; 10-9 (1 card) would pay 2 + 3, but 9-8-7-6 (3 cards) is longer."""
    s = new(*FORK, track=True)
    assert s.state.turn.player == "A"
    with pytest.raises(RuleError) as e:
        s.play("run red 10 9")
    assert e.value.rule == BONUS and "a longer one runs 3: " in e.value.reason
    s.play("run red 6 9")
    assert len(s.state.payout) == 2


def test_of_the_longest_routes_the_one_paying_most__rule_ボーナス支払い(new):
    """(なるべく長いルートを見つけ、多くの支払いが可能になるパターンをとる): with 2 red
    shares, 9-11 and 11-13 both run 2 cards; 11-13 pays 2 + 2, 9-11 only 2 + 1."""
    s = new(*LINE, "lay 11 through red to 10,12", "done", "buy red r1", "done", track=True)
    assert s.state.turn.player == "A" and s.state.shares_of("red") == 2
    with pytest.raises(RuleError) as e:
        s.play("run red 9 11")
    assert e.value.rule == BONUS and "pays 4, not 3" in e.value.reason
    s.play("run red 13 11")
    assert len(s.state.payout) == 4
