"""The independent ledger of a recorded game (tests/games/titled/ledger.py) keeps the rules of
each title from its file alone: 18Chesapeake's two-player variant and drawn company, 18TN's
Civil War and free private lays (issue 28 item 2)."""

from __future__ import annotations

from typing import Any

from referee.games.titled.describe import title_data
from tests.games.titled.ledger import OUT, POOL, Ledger


def ledger(title: str, players: int) -> Ledger:
    def terrain(hex_name: str, corp: str, owners: dict[str, str]) -> int:
        return 80

    return Ledger(title_data(title)[0], {str(n): f"P{n}" for n in range(1, players + 1)}, terrain)


def act(type_: str, entity: Any, **rest: Any) -> dict[str, Any]:
    entity_type = "player" if isinstance(entity, int) else "corporation"
    return {"type": type_, "entity": entity, "entity_type": entity_type, **rest}


def test_two_players_30_percent_presidents_rest_to_the_pool_and_a_retired_share() -> None:
    """[players.variants.2]: P1's par of PRR at 80 costs 240 for 30%; at 60% held PRR floats
    and its 40% left goes to the pool; P2's buy from the pool retires another share."""
    book = ledger("18Chesapeake", 2)
    book.apply(act("bid", 2, company="CV", price=200))
    book.apply(act("par", 2, corporation="C&O", share_price="70,4,2"))  # drawn for CV
    book.apply(act("par", 1, corporation="PRR", share_price="80,3,3"))
    assert book.cash["P1"] == 1200 - 240 and book.held["PRR"]["P1"] == 30
    for n in (1, 2, 3):
        book.apply(act("buy_shares", 1, shares=[f"PRR_{n}"], percent=10))
    assert book.cash["PRR"] == 800 and book.held["PRR"][POOL] == 40
    book.apply(act("buy_shares", 2, shares=["PRR_4"], percent=10))
    assert (book.held["PRR"]["P2"], book.held["PRR"][POOL], book.held["PRR"][OUT]) == (10, 20, 10)


def test_the_first_par_of_cvs_buyer_names_the_drawn_company_free_at_20_percent() -> None:
    """privates.CV.gives_president = "drawn": the par that follows CV's sale is free and
    gives 20% (the drawn company keeps its own certificates with two players too); CV pays
    no more once that company buys a train."""
    book = ledger("18Chesapeake", 2)
    book.apply(act("bid", 2, company="CV", price=200))
    book.apply(act("par", 2, corporation="C&O", share_price="70,4,2"))
    book.settle_auction()
    assert book.drawn == {"CV": "C&O"} and book.cash["P2"] == 1000
    assert book.held["C&O"]["P2"] == 20
    book.apply(act("buy_train", "C&O", train="2-0", price=80))
    assert "CV" not in book.owner


def test_the_civil_war_costs_a_single_train_its_run_and_its_price_stays() -> None:
    """trains.3b.loses_a_train_run: the first 3' bought; the buyer, with one train, runs for
    nothing and its price stays."""
    book = ledger("18TN", 4)
    book.names = {"3'": "3b"}
    book.apply(act("par", 1, corporation="SR", share_price="90,2,4"))
    for n in (1, 2, 3, 4):
        book.apply(act("buy_shares", 1, shares=[f"SR_{n}"], percent=10))
    book.apply(act("buy_train", "SR", train="3'-0", price=180))
    assert "SR" in book.war
    where, cash = book.where["SR"], book.cash["SR"]
    book.apply(act("run_routes", "SR", routes=[{"train": "3'-0", "revenue": 70}]))
    book.apply(act("dividend", "SR", kind="withhold"))
    assert (book.where["SR"], book.cash["SR"]) == (where, cash) and "SR" not in book.war


def test_a_track_privates_free_lay_pays_no_terrain() -> None:
    """privates.TCC.extra_lay free: TCC's lay for its company costs nothing; the company's own
    lay pays the terrain."""
    book = ledger("18TN", 4)
    book.owner["TCC"] = "SR"
    book.cash["SR"] = 500
    book.apply(
        {
            "type": "lay_tile",
            "entity": "TCC",
            "entity_type": "company",
            "hex": "H17",
            "tile": "9-0",
            "rotation": 0,
        }
    )
    assert book.cash["SR"] == 500
    book.apply(act("lay_tile", "SR", hex="H15", tile="9-1", rotation=0))
    assert book.cash["SR"] == 420
