"""What the rounds of a described title share: naming a rule, moving a price."""

from __future__ import annotations

from referee.core.engine import Event
from referee.core.rules_kit import Judge
from referee.eighteen_rules import market
from referee.eighteen_rules.order import Marker, operating_order
from referee.games.titled.state import Corp, State
from referee.games.titled.title import Space
from referee.i18n import N_, _

# The rules every title of the family shares, cited where no key of the description decides.
SR = N_("18xx stock round")
OR = N_("18xx operating round")
EMERGENCY = N_("18xx emergency train purchase")
ROUTES = N_("18xx routes")  # a company earns what its trains' routes on the map are worth
SUPPLY = N_("18xx tile supply")  # no more tiles of a design on the map than its game's box holds
UPGRADES = N_("18xx upgrades")  # what may replace what is on a hex


def key(state: State, name: str) -> str:
    """The rule a key of the title's description states, named for a refusal."""
    return f"{state.title.name} {name}"


def moved(state: State, corp: Corp, to: Space) -> list[Event]:
    """Put `corp` on `to`, last to arrive there; what changed."""
    old = state.space(corp)
    if (to.row, to.column) == (old.row, old.column):
        return []
    corp.row, corp.column = to.row, to.column
    state.arrivals += 1
    corp.arrival = state.arrivals
    said = _("{company} price {old} -> {new}")
    return [Event(said.format(company=corp.abbr, old=old.price, new=to.price))]


def start_at(state: State, corp: Corp, price: int, judge: Judge) -> None:
    """Start `corp` at the par price `price`: its token on that par space, last to arrive."""
    space = market.par_space(state.title.market, price)
    prices = ", ".join(str(s.price) for s in state.title.market.par_spaces())
    said = _("{price} is not a par price").format(price=price)
    judge.fact(space is not None, said, key(state, "market"), prices)
    assert space is not None
    corp.par, corp.row, corp.column = price, space.row, space.column
    state.arrivals += 1
    corp.arrival = state.arrivals


def order(state: State) -> list[str]:
    """Floated companies in the shared operating order (eighteen_rules.order)."""
    return operating_order(
        {
            c.abbr: Marker(state.space(c).price, c.arrival, c.column, c.row)
            for c in state.corps.values()
            if c.floated
        }
    )
