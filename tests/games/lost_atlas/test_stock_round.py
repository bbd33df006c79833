"""Setup and the stock round (rules ■3, ■4, ■6-■10)."""

from __future__ import annotations

import pytest

from referee.core.engine import RuleError, UsageError
from referee.games.lost_atlas.data import POOL, TREASURY

from .helpers import G, new, play, step, two_minors


@pytest.mark.parametrize(
    ("variant", "players", "cash"),
    [
        ("micro", 2, 225),
        ("micro", 3, 225),
        ("short", 2, 450),
        ("short", 3, 300),
        ("short", 4, 275),
        ("long", 3, 300),
        ("long", 4, 275),
        ("long", 5, 220),
    ],
)
def test_starting_cash__rule_3_準備(variant: str, players: int, cash: int) -> None:
    names = [f"P{i}" for i in range(players)]
    s = G.setup(names, variant, {})
    assert all(s.cash[p] == cash for p in names)
    assert s.money() == 24500


def test_player_counts_by_length__rule_3() -> None:
    with pytest.raises(UsageError):
        G.setup(["A", "B"], "long", {})
    with pytest.raises(UsageError):
        G.setup(list("ABCDE"), "short", {})
    with pytest.raises(UsageError):
        G.setup(list("ABCD"), "micro", {})


def test_train_decks__rule_3() -> None:
    assert G.setup(list("ABC"), "long", {}).deck == {
        "2": 7,
        "3": 6,
        "4": 4,
        "5": 3,
        "6": 2,
        "7": -1,
    }
    assert G.setup(list("AB"), "short", {}).deck == {
        "2": 6,
        "3": 5,
        "4": 3,
        "5": 2,
        "6": 1,
        "7": -1,
    }
    assert G.setup(list("ABC"), "micro", {}).deck == {"2": 5, "3": 4, "4": 4}
    assert G.setup(list("AB"), "micro", {}).deck == {"2": 3, "3": 3, "4": 3}


def test_charter_columns_checked__rule_3() -> None:
    s = G.setup(["A", "B"], "micro", {})
    with pytest.raises(RuleError) as e:
        step(s, "charters Expansive,Eastern,Express / Suburban")
    assert "■3" in e.value.rule
    s3 = G.setup(["A", "B", "C"], "short", {})
    with pytest.raises(RuleError, match="not in the short game"):
        step(
            s3,
            "charters Adaptive,Eastern,Express,Suburban / Tunneling,Northern,"
            "Resourceful,Agricultural",
        )


def test_auction_minimum_and_steps__rule_7() -> None:
    s = new()
    for bad in ("auction 115", "auction 122", "auction 300"):
        with pytest.raises(RuleError) as e:
            step(s, bad)
        assert "■7" in e.value.rule
    s = play(s, "auction 120")
    with pytest.raises(RuleError, match="must beat"):
        step(s, "bid 120")


def test_auction_winner_pays_company_and_par_is_half_clamped__rule_7() -> None:
    s = play(new(), "auction 200", "pass", "pick Express")
    co = s.companies["Express"]
    assert (s.cash["A"], co.cash, co.price) == (25, 200, 90)  # 100 held to yellow's 90
    assert co.shares == {"A": 2, TREASURY: 3}
    s = play(new(), "auction 125", "pass", "pick Express")
    assert s.companies["Express"].price == 60  # 62 -> the space 60 (facts §3, medium)


def test_only_the_top_of_a_column__rule_3_rule_7() -> None:
    s = play(new(), "auction 120", "pass")
    with pytest.raises(RuleError, match="not on top"):
        step(s, "pick Eastern")


def test_play_resumes_after_the_opener__rule_7() -> None:
    s = play(new("micro"), "auction 120", "bid 125", "pass")
    assert G.options(s).actor == "B"  # B won and picks
    s = play(s, "pick Express")
    assert s.sr is not None and s.sr.turn == "B"  # after the opener A, not after the winner
    s3 = new(
        "micro",
        ("A", "B", "C"),
        "charters Expansive,Eastern,Tunneling / Express,Suburban,Agricultural",
    )
    s3 = play(s3, "auction 120", "bid 125", "pass", "pass", "pick Express")
    assert s3.sr is not None and s3.sr.turn == "B"


def test_leader_cannot_pass_and_passing_is_final__rule_7() -> None:
    s = play(
        new(
            "micro",
            ("A", "B", "C"),
            "charters Expansive,Eastern,Tunneling / Express,Suburban,Agricultural",
        ),
        "auction 120",
        "bid 125",
    )
    s = play(s, "pass")  # C out
    assert G.options(s).actor == "A"
    s = play(s, "bid 130")
    assert G.options(s).actor == "B"  # C is skipped for good


def test_bid_above_cash_refused__rule_7() -> None:
    s = new()
    with pytest.raises(RuleError, match="has only"):
        step(s, "auction 230")


def test_no_sale_before_operating__rule_9() -> None:
    s = play(new(), "auction 120", "pass", "pick Expansive", "buy Expansive")
    s = play(s, "pass", "pass")  # into the OR
    s = two_minors()
    s = s.draft()
    s.round = "stock"  # a stock round again, before either operated
    from referee.games.lost_atlas.state import StockRound

    s.orr, s.sr = None, StockRound(turn="A")
    with pytest.raises(RuleError) as e:
        step(s, "sell Expansive")
    assert "■9" in e.value.rule


def _sr_after_operating(extra_a: int = 1):
    from referee.games.lost_atlas.state import StockRound

    s = two_minors()
    s = s.draft()
    s.orr, s.round, s.sr = None, "stock", StockRound(turn="A")
    for co in s.companies.values():
        co.operated, co.new = True, False
    exp = s.companies["Expansive"]
    exp.shares = {"A": 2 + extra_a, "B": 1, TREASURY: 2 - extra_a}
    return s


def test_sale_drops_one_space_per_company_and_pays_from_bank__rule_9() -> None:
    s = _sr_after_operating()
    s, _ = step(s, "sell Expansive 1")
    co = s.companies["Expansive"]
    assert (co.held("A"), co.held(POOL), co.price, s.cash["A"]) == (2, 1, 50, 105 + 60)
    with pytest.raises(RuleError, match="once per stock round"):
        step(s, "sell Expansive 1")
    with pytest.raises(RuleError, match="sold Expansive"):
        step(s, "buy Expansive")
    s = play(s, "done")
    assert G.options(s).actor == "B"


def test_never_the_presidents_certificate__rule_9() -> None:
    s = _sr_after_operating(0)
    with pytest.raises(RuleError, match="at most 0"):
        step(s, "sell Expansive 1")


def test_pool_holds_at_most_half__rule_9() -> None:
    s = _sr_after_operating()
    s = s.draft()
    s.companies["Expansive"].shares = {"A": 3, POOL: 2}
    with pytest.raises(RuleError, match="50%"):
        step(s, "sell Expansive 1")


def test_buy_from_pool_pays_the_bank__rule_8() -> None:
    s = _sr_after_operating()
    s = s.draft()
    s.companies["Expansive"].shares = {"A": 2, POOL: 2, TREASURY: 1}
    bank, cash = s.bank, s.companies["Expansive"].cash
    s, _ = step(s, "buy Expansive pool")
    assert s.bank == bank + 60 and s.companies["Expansive"].cash == cash


def test_president_changes_to_most_shares__rule_4() -> None:
    s = _sr_after_operating(0)  # A 2 (president), B 1, treasury 2
    s = s.draft()
    s.cash["B"] = 500
    s = play(s, "pass", "buy Expansive", "pass")  # B 2: a tie keeps A
    assert s.companies["Expansive"].president == "A"
    s = play(s, "buy Expansive")  # B 3 > A 2
    assert s.companies["Expansive"].president == "B"


def test_end_of_round_rise_and_priority__rule_10() -> None:
    s = play(new(), "auction 120", "pass", "pick Expansive", "pass")
    s = s.draft()
    s.companies["Expansive"].shares = {"A": 2, "B": 3}  # all with players
    s = play(s, "pass")
    assert s.companies["Expansive"].price == 70  # one space right
    assert s.priority == "B"  # left of A, the last to act


def test_no_minor_in_cycle_one_redoes_the_round__rule_10() -> None:
    s = play(new(), "pass", "pass")
    assert s.round == "setup" and G.options(s).verbs == ("charters",)
    s = play(s, "charters Suburban,Express / Eastern,Expansive")
    assert s.round == "stock" and s.cycle == 1


def test_bad_input_is_a_usage_error() -> None:
    s = new()
    for words in (
        ["fly"],
        ["auction"],
        ["auction", "-5"],
        ["auction", "lots"],
        ["pick", "Nowhere"],
        ["buy"],
    ):
        with pytest.raises(UsageError):
            G.parse(s, "A", words)
