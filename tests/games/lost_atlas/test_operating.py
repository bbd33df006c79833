"""Operating rounds, trains and phases, forced purchase, bankruptcy, mergers, export
(rules ■11-■23, ■25, ■26)."""

from __future__ import annotations

import pytest

from referee.core.engine import RuleError
from referee.games.lost_atlas.data import POOL, TREASURY
from referee.games.lost_atlas.state import Train

from .helpers import G, play, step, two_minors


def test_order_by_price_then_stack__rule_11() -> None:
    s = two_minors()
    assert s.orr is not None and s.orr.current == "Express"  # launched later: on top (■7)
    assert s.order() == ["Express", "Expansive"]


def test_steps_in_order__rule_11() -> None:
    s = play(two_minors(), "buy 2", "run 60")
    with pytest.raises(RuleError) as e:
        step(s, "lay C3 yellow")
    assert "■11" in e.value.rule or "■17" in e.value.rule


def test_must_run_before_dividend_and_buying__rule_16() -> None:
    s = play(two_minors(), "buy 2")
    with pytest.raises(RuleError, match="run its trains"):
        step(s, "done")


def test_no_train_revenue_zero_price_down__rule_16() -> None:
    s = two_minors()
    s = s.draft()
    s.companies["Express"].cash = 90  # cannot buy a 2 alone: forced purchase in step 7
    # past the issue of step 2, with the table's yes (■11, issue 26)
    s, _ = G.apply_confirmed(s, G.parse(s, "B", ["buy", "2"]))
    assert s.companies["Express"].price == 50
    assert s.cash["B"] == 95 - 10  # the president adds exactly the 10 missing (■20)


def test_issue_and_redeem__rule_13() -> None:
    s, _ = step(two_minors(), "issue")
    co = s.companies["Express"]
    assert (co.cash, co.held(POOL), co.price) == (190, 1, 50)
    with pytest.raises(RuleError, match="one share"):
        step(s, "redeem")
    s = two_minors()
    s = s.draft()
    s.companies["Express"].shares = {"B": 2, TREASURY: 1, POOL: 2}
    with pytest.raises(RuleError, match="50%"):
        step(s, "issue")
    s, _ = step(s, "redeem")
    assert s.companies["Express"].held(TREASURY) == 2 and s.companies["Express"].cash == 70


def test_two_yellow_or_one_upgrade_by_phase__rule_14() -> None:
    s = play(two_minors(), "lay C3 yellow", "lay C4 yellow cost 40")
    assert s.companies["Express"].cash == 130 - 40
    with pytest.raises(RuleError, match="two yellow"):
        step(s, "lay C5 yellow")
    s = two_minors()
    with pytest.raises(RuleError, match="not laid in the yellow phase"):
        step(s, "lay C3 green")
    s = s.draft()
    s.colour, s.hexes = "green", {"C3": "yellow", "D4": "green"}
    s2 = play(s, "lay C3 green")
    with pytest.raises(RuleError, match="one upgrade"):
        step(s2, "lay C5 yellow")
    s.colour = "purple"
    with pytest.raises(RuleError, match="no colour may be skipped"):
        step(s, "lay C3 purple")
    with pytest.raises(RuleError, match="already has"):
        step(s, "lay D4 yellow")
    with pytest.raises(RuleError, match="terrain costs"):
        step(s, "lay E5 yellow cost 30")


def test_agricultural_adds_a_yellow_after_upgrade__rule_26() -> None:
    s = two_minors()
    s = s.draft()
    s.colour, s.hexes = "green", {"C3": "yellow"}
    s.companies["Express"].abilities.append("Agricultural")
    s = play(s, "lay C3 green", "lay C5 yellow")
    assert s.hexes == {"C3": "green", "C5": "yellow"}


def test_tunneling_gets_60_per_mountain__rule_26() -> None:
    s = two_minors()
    s = s.draft()
    s.companies["Express"].abilities = ["Tunneling"]
    s, events = step(s, "lay C3 yellow cost 40")
    assert s.companies["Express"].cash == 130 - 40 + 60
    said = [e.text for e in events]
    # Each cash change names its cause (issue 26): the terrain, then the ability.
    assert said[-2:] == [
        "Express: cash 130 -> 90 (terrain cost)",
        "Express: cash 90 -> 150 (Tunneling's ability, ■26)",
    ]


def test_stations_one_per_turn_and_expansive_40__rule_15() -> None:
    s = play(two_minors(), "buy 2", "run 0", "done")  # Express done: Expansive operates
    s = play(s, "token C3 cost 40")
    assert s.companies["Expansive"].cash == 120 - 40 and s.companies["Expansive"].hubs[-1] == "C3"
    s = two_minors()
    with pytest.raises(RuleError, match="no station token"):
        step(s, "token C3 cost 20")  # Express has only its home


def test_run_checked_against_train_length_and_express__rule_16_rule_26() -> None:
    s = play(two_minors(), "buy 2")
    s2 = play(s, "run 20+30+40")  # Express: a single 2-train counts 3 stops
    assert s2.orr is not None and s2.orr.revenue == 90
    with pytest.raises(RuleError, match="at most 3 stops"):
        step(s, "run 20+30+40+50")
    s = s.draft()
    s.companies["Express"].abilities = []
    with pytest.raises(RuleError, match="at most 2 stops"):
        step(s, "run 20+30+40")
    with pytest.raises(RuleError, match="one item per train"):
        step(s, "run 20 30")
    with pytest.raises(RuleError, match="no other 3-train"):
        step(s, "run 3:20+30")


def test_payout_major_and_treasury_shares__rule_17() -> None:
    s = play(two_minors(), "buy 2")
    s = s.draft()
    co = s.companies["Express"]
    co.major, co.shares = True, {"B": 6, "A": 2, TREASURY: 1, POOL: 1}
    s = play(s, "run 310", "payout")
    co = s.companies["Express"]
    assert (s.cash["B"], s.cash["A"], co.cash) == (95 + 186, 105 + 62, 30 + 31)
    assert co.price == 80  # 310 >= 2 x 60: two spaces right


def test_withhold__rule_17() -> None:
    s = play(two_minors(), "buy 2", "run 90", "withhold")
    assert (s.companies["Express"].cash, s.companies["Express"].price) == (120, 50)


def test_train_limit_and_phase_and_rust__rule_5_rule_19() -> None:
    s = play(two_minors(), "buy 2", "run 0")
    s = s.draft()
    s.companies["Express"].cash = 2000
    s = play(s, "buy 2")
    with pytest.raises(RuleError, match="train limit"):
        step(s, "buy 2")
    s = s.draft()
    s.deck = {"2": 0, "3": 1, "4": 3}
    s.companies["Express"].trains = [Train("2")]
    s = play(s, "buy 3")
    assert s.colour == "green"
    s = s.draft()
    s.companies["Express"].trains = [Train("2")]
    s = play(s, "buy 4")  # the first 4 rusts the 2s
    assert [t.kind for t in s.companies["Express"].trains] == ["4"]
    assert "2" in s.rusted_log


def test_resourceful_runs_a_rusted_train_once__rule_26() -> None:
    s = play(two_minors(), "buy 2", "run 0")
    s = s.draft()
    co = s.companies["Express"]
    co.abilities, co.cash = ["Resourceful"], 1000
    s.deck = {"2": 0, "3": 0, "4": 3}
    s.level, s.colour = 3, "green"
    s = play(s, "buy 4")
    assert [(t.kind, t.rusted) for t in s.companies["Express"].trains] == [
        ("2", True),
        ("4", False),
    ]


def test_inf_for_800_trading_any_train__rule_18() -> None:
    s = play(two_minors(), "buy 2", "run 0")
    s = s.draft()
    s.deck, s.level, s.colour = {"7": -1}, 6, "purple"
    s.companies["Express"].cash = 900
    s = play(s, "buy inf trade 2")
    co = s.companies["Express"]
    assert co.cash == 100 and [t.kind for t in co.trains] == ["inf"]
    assert [t.kind for t in s.pool_trains] == ["2"] and s.colour == "grey"


def test_train_between_companies_at_least_one__rule_18() -> None:
    s = play(two_minors(), "buy 2", "run 0", "done", "buy 2", "run 0")
    with pytest.raises(RuleError, match="at least 1"):
        step(s, "buy 2 from Express for 0")
    s = play(s, "buy 2 from Express for 1")
    assert len(s.companies["Expansive"].trains) == 2 and not s.companies["Express"].trains


def _stranded():
    """Express without a train facing a 300 4-train with 0 cash."""
    s = play(two_minors(), "buy 2", "run 0")
    s = s.draft()
    s.companies["Express"].trains, s.companies["Express"].cash = [], 0
    s.deck, s.level, s.colour = {"2": 0, "3": 0, "4": 3}, 3, "green"
    return s


def test_forced_sale_then_purchase__rule_20() -> None:
    s = _stranded()
    s = s.draft()
    s.cash["B"] = 200
    exp = s.companies["Expansive"]
    exp.shares, exp.operated, exp.price = {"A": 2, "B": 2, TREASURY: 1}, True, 100
    with pytest.raises(RuleError, match="sell shares first"):
        step(s, "buy 4")
    with pytest.raises(RuleError, match="only as many as needed"):
        step(s, "sell Expansive 2")
    s = play(s, "sell Expansive 1", "buy 4")
    assert s.cash["B"] == 0 and s.companies["Expansive"].price == 90
    assert s.companies["Express"].trains[0].kind == "4"


def test_bankruptcy_closes_the_company__rule_20() -> None:
    s = _stranded()
    s = s.draft()
    s.cash["B"] = 10
    s.companies["Express"].shares = {"B": 2, "A": 1, TREASURY: 2}
    rich = _stranded()
    rich = rich.draft()
    rich.cash["B"] = 400
    with pytest.raises(RuleError, match="can still pay"):
        play(rich, "bankrupt")
    cash_a, money = s.cash["A"], s.money()
    s = play(s, "bankrupt")
    assert "Express" not in s.companies and "B" in s.out
    assert s.cash["A"] == cash_a + 50  # A sells its share at 50 (60 less the ■16 drop)
    assert s.money() == money  # the bankrupt's cash and the company's go to the bank
    assert G.standings(s)[-1].player == "B"


def _merger_round():
    s = play(two_minors(), "buy 2", "run 0", "done", "buy 2", "run 0", "done")
    s = play(s, "run 0", "done", "run 0", "done")
    return s


def test_no_merger_round_in_yellow__rule_22() -> None:
    assert _merger_round().round == "stock"


def test_refused_pair_stays_apart_for_the_round_either_way__rule_22() -> None:
    s = play(two_minors(), "buy 2", "run 0", "done", "buy 2", "run 0", "done")
    s = s.draft()
    s.colour = "green"
    s = play(s, "run 0", "done", "run 0", "done")
    first = s.mr.current  # type: ignore[union-attr]
    other = "Express" if first == "Expansive" else "Expansive"
    s = play(s, f"propose {other}", "refuse", "pass")
    assert s.mr.current == other  # type: ignore[union-attr]
    with pytest.raises(RuleError, match="refused a merger"):
        step(s, f"propose {first}")


def test_merger_president_price_shares__rule_22() -> None:
    s = play(two_minors(), "buy 2", "run 0", "done", "buy 2", "run 0", "done")
    s = s.draft()
    s.colour = "green"
    s = play(s, "run 0", "done", "run 0", "done")
    assert s.round == "merger"
    actor = G.options(s).actor
    first = s.mr.current  # type: ignore[union-attr]
    other = "Express" if first == "Expansive" else "Expansive"
    s = play(s, f"propose {other}", "refuse")
    with pytest.raises(RuleError, match="refused"):
        step(s, f"propose {other}")
    s = s.draft()
    s.mr.refused = []  # type: ignore[union-attr]
    s = play(s, f"propose {other}", "accept")
    assert G.options(s).actor == actor  # 2 + 0 each: a tie: the higher company's president
    s = play(s, "major Federation")
    co = s.companies["Federation"]
    assert co.major and sum(co.shares.values()) == 10 and co.held(TREASURY) == 6
    assert co.price == 40  # (40 + 40) / 2 after two 0-revenue drops each (60 -> 50 -> 40)
    assert co.cash == 20 + 30 and len(co.trains) == 2


def test_two_stations_on_one_tile_leave_one_on_the_map__rule_22() -> None:
    """■22 同じタイルに2つの旧駅トークン: the two cities of one tile (the mine hex) count as one
    tile: one station stays, the other goes to the free circle (cost 0)."""
    s = play(two_minors(), "buy 2", "run 0", "done", "buy 2", "run 0", "done")
    s = s.draft()
    s.colour = "green"
    s.companies["Express"].hubs = ["M27"]
    s.companies["Expansive"].hubs, s.companies["Expansive"].spare_tokens = ["M27.1"], []
    s = play(s, "run 0", "done", "run 0", "done", "propose Expansive", "accept", "major Federation")
    co = s.companies["Federation"]
    assert co.hubs == ["M27"] and sorted(co.spare_tokens) == [-1, -1, 0]


def test_trains_over_the_limit_after_a_merger_go_before_the_export__rule_22_rule_23() -> None:
    """■22 then ■23: the new major's president chooses its trains over the limit (■19) in the
    merger round; only then does the export end the cycle. Exporting first used to rust the
    2s and leave the table stuck with a choice of nothing."""
    s = play(two_minors(), "buy 2", "run 0", "done", "buy 2", "run 0", "done")
    s = s.draft()
    s.colour, s.level, s.variant = "green", 3, "short"
    s.deck = {"2": 0, "3": 0, "4": 3}
    s.companies["Expansive"].trains = [Train("2"), Train("3"), Train("4")]
    s.companies["Express"].trains = [Train("2"), Train("3")]
    s = play(s, "run 0", "done", "run 0", "done", "propose Expansive", "accept", "major Federation")
    assert s.round == "merger" and s.discard == ["Federation"] and s.deck["4"] == 3
    s = play(s, "discard 3")  # five trains, limit 4 in green
    assert s.round == "stock" and s.deck["4"] == 2 and not s.discard
    assert [t.kind for t in s.companies["Federation"].trains] == ["3", "4"]  # the 2s rusted


def test_export_takes_all_twos__rule_23() -> None:
    from referee.core.engine import Event
    from referee.games.lost_atlas import trains

    s = G.setup(["A", "B", "C"], "short", {}).draft()
    events: list[Event] = []
    trains.export(s, events)
    assert s.deck["2"] == 0
    trains.export(s, events)
    assert s.deck["3"] == 4 and s.colour == "green"


def test_tie_goes_to_earlier_company_president__rule_25() -> None:
    s = two_minors()
    s = s.draft()
    s.cash["A"], s.cash["B"] = 500, 500
    s.companies["Expansive"].shares = {"A": 2, TREASURY: 3}
    s.companies["Express"].shares = {"B": 2, TREASURY: 3}
    rows = G.standings(s)
    assert rows[0].player == "B" and rows[0].place == 1 and rows[1].place == 2


def test_president_chooses_the_trains_over_the_limit__rule_19() -> None:
    from referee.games.lost_atlas import trains as trainlib
    from referee.games.lost_atlas.state import Train

    s = play(two_minors(), "buy 2")
    s = s.draft()
    co = s.companies["Express"]
    co.trains = [Train("3"), Train("4"), Train("4")]
    events: list = []
    trainlib.enforce_limits(s, events)  # limit 2: one train too many, of two kinds
    assert s.discard == ["Express"] and co.president == "B"
    opts = G.options(s)
    assert opts.actor == "B" and opts.verbs == ("discard",)
    with pytest.raises(RuleError, match="first the trains to the pool") as e:
        step(s, "run 0")
    assert e.value.rule == "■19 フェイズの変更"
    with pytest.raises(RuleError, match="puts 1 train"):
        step(s, "discard 3 4")
    s2 = play(s, "discard 4")
    assert [t.kind for t in s2.companies["Express"].trains] == ["3", "4"]
    assert [t.kind for t in s2.pool_trains] == ["4"] and not s2.discard


def test_alike_trains_over_the_limit_go_without_asking__rule_19() -> None:
    from referee.games.lost_atlas import trains as trainlib
    from referee.games.lost_atlas.state import Train

    s = play(two_minors(), "buy 2")
    s = s.draft()
    s.companies["Express"].trains = [Train("4"), Train("4"), Train("4")]
    trainlib.enforce_limits(s, [])
    assert not s.discard and len(s.companies["Express"].trains) == 2
    assert [t.kind for t in s.pool_trains] == ["4"]
