"""`18xx`: the banker for a title described in a file (the Game contract of referee.core.engine).

The board data of a session is the title's description, so a save carries the title it was
played with and replays the same whatever the shipped files become.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from referee.core.engine import (
    DEFAULT_READINGS,
    Event,
    Game,
    Options,
    Reading,
    Readings,
    Standing,
    UsageError,
    Verb,
)
from referee.core.rules_kit import ranked
from referee.games.titled import auction, narrate, operating, play, routes
from referee.games.titled.commands import GRAMMAR, VERBS
from referee.games.titled.common import moved
from referee.games.titled.describe import describe, title_data
from referee.games.titled.moves import TitledMove
from referee.games.titled.readings import READINGS
from referee.games.titled.render import VIEWS, snapshot, status, toolbar_parts, value
from referee.games.titled.state import State, new_state
from referee.i18n import N_, NP_, _


class Titled(Game[State, TitledMove]):
    name = "18xx"
    title = N_("18xx (a title described in a file)")
    min_players = 2
    max_players = 8
    variants: ClassVar[dict[str, str]] = {"described": N_("the title given with --title")}
    DESCRIBED: ClassVar[str] = NP_("variant", "described")  # for `variant_words`
    default_variant = "described"

    def title_of(self, state: State) -> str:
        return state.title.full_name or state.title.name

    def check_board(self, board: dict[str, Any]) -> dict[str, Any]:
        """The board data of 18xx is the title's description itself (tables/titles/*.toml)."""
        if not board:
            raise UsageError(_("18xx banks a title: say which"), _("--title 1830, 1889 or FILE"))
        describe(board, _("the title"))
        return board

    def board_named(self, name: str) -> dict[str, Any]:
        """A shipped title's name (tables/titles) or a description file's path."""
        return title_data(name)[0]

    def setup(
        self,
        players: Sequence[str],
        variant: str,
        board: dict[str, Any],
        readings: Readings = DEFAULT_READINGS,
    ) -> State:
        title = describe(self.check_board(board), _("the title"))
        if len(players) not in title.cash:
            counts = ", ".join(map(str, title.cash))
            said = _("{title} is for {counts} players, not {n}")
            raise UsageError(said.format(title=title.name, counts=counts, n=len(players)), counts)
        return new_state(title, list(players))

    def readings(self) -> tuple[Reading, ...]:
        return READINGS

    def verbs(self) -> Sequence[Verb]:
        return VERBS

    def parse(self, state: State, actor: str, words: Sequence[str]) -> TitledMove:
        move: TitledMove = GRAMMAR.parse(state, actor, words)
        return move

    def decide(
        self, state: State, move: TitledMove, recorded: Mapping[str, Any] | None = None
    ) -> tuple[TitledMove, dict[str, Any]]:
        return operating.decide(state, move, recorded or {})

    def apply(
        self, state: State, move: TitledMove, *, forced: bool = False
    ) -> tuple[State, list[Event]]:
        return play.apply(state, move, forced=forced)

    def narrate(self, before: State, move: TitledMove, after: State, by: str) -> str:
        return narrate.narrate(before, move, after, by)

    def round_name(self, state: State) -> str:
        if state.round == "auction":
            return _("Private auction")
        if state.round == "stock":
            return _("Stock round {n}").format(n=state.stock_round)
        if state.round == "operating":
            return _("Operating round {set}.{n}").format(set=state.stock_round, n=state.or_number)
        return _("End of the game")

    def options(self, state: State) -> Options:
        who = play.actor(state)
        if who is None:
            return Options(None, ())
        title = state.title
        pars = tuple(str(s.price) for s in title.market.par_spaces())
        if state.auction.awaiting_par:
            named = state.auction.pending_par
            may = (named,) if named else tuple(c for c, co in state.corps.items() if not co.started)
            return Options(who, ("par",), {"par": (may, pars)}, _("par price"))
        if state.round == "auction":
            left = tuple(state.auction.left)
            price = str(auction.price(state, left[0]))
            return Options(who, ("bid", "pass"), {"bid": (left, (price,))}, _("private auction"))
        if state.round == "stock":
            started = tuple(c for c, corp in state.corps.items() if corp.started)
            waiting = tuple(c for c, corp in state.corps.items() if not corp.started)
            held = tuple(c for c, corp in state.corps.items() if corp.percent(who) and corp.started)
            # a private its owner may swap for a share (when, the table says: trusted)
            swaps = tuple(
                p.abbr
                for p in title.privates
                if p.exchanges_for and state.privates.get(p.abbr) == who
            )
            # a private whose owner lays a tile in a stock round (extra_lay by = player)
            lays = [
                p.extra_lay
                for p in title.privates
                if p.extra_lay
                and p.extra_lay.by == "player"
                and state.privates.get(p.abbr) == who
                and p.abbr not in state.extra_lays
            ]
            # another player's private, where the phase lets players sell them to each other
            others = tuple(
                p
                for p, owner in state.privates.items()
                if owner in state.cash
                and owner != who
                and operating.phase(state).private_sales_between_players
            )
            more = (
                (("exchange",) if swaps else ())
                + (("tile",) if lays else ())
                + (("private",) if others else ())
            )
            return Options(
                who,
                ("buy", "par", "sell", "done", *more),
                {
                    "buy": (started, ("pool",)),
                    "par": (waiting, pars),
                    "sell": (held, ("1",)),
                    "exchange": (swaps, ("pool",)),
                    "tile": (tuple(h for lay in lays for h in lay.hexes),),
                    "private": (others,),
                },
                _("stock round {number}").format(number=state.stock_round),
            )
        if state.discard_due:
            abbr = state.discard_due[0]
            trains = tuple(state.corps[abbr].trains)
            return Options(who, ("discard",), {"discard": ((abbr,), trains)}, _("discard"))
        corp = operating.company(state)
        now = _("operating round {number}: {company}").format(
            number=f"{state.stock_round}.{state.or_number}", company=corp.abbr
        )
        if operating.home_to_pick(state, corp):  # the city of its home, before or after its lay
            home = title.company(corp.abbr).home
            cities = tuple(str(c) for c in range(routes.cities_on(state, home)))
            first: tuple[str, ...] = ("token",) if state.op.lays else ("token", "tile")
            return Options(who, first, {"token": ((home,), cities)}, now)
        verbs = ["run", N_("train"), "tile", "token", N_("private"), "done"]
        revenues: tuple[str, ...] = ()
        if title.map:
            # the route search knows the map and runs the title's trains: `run best`, `routes`
            verbs.insert(1, "routes")
            revenues = ("best",)
        if operating.shortfall(state, corp) > state.cash[who]:
            verbs += ["sell", "bankrupt"]
        return Options(
            who,
            tuple(verbs),
            {
                # `train NAME PRIVATE`: the discount of a private the company owns (NDY)
                "train": (tuple(operating.available(state)), _discounts(state, corp.abbr)),
                "run": (revenues, title.operating.payouts),
            },
            now,
        )

    def is_over(self, state: State) -> bool:
        return state.round == "over"

    def standings(self, state: State) -> list[Standing]:
        rows = [
            Standing(p, value(state, p), {NP_("18xx", "cash"): state.cash[p]})
            for p in state.players
        ]
        return ranked(rows, key=lambda s: s.score)

    def status(self, state: State) -> str:
        return status(state)

    def toolbar_parts(self, state: State) -> list[str]:
        return toolbar_parts(state)

    def snapshot(self, state: State) -> dict[str, Any]:
        return snapshot(state)

    def adjustables(self, state: State) -> dict[str, int]:
        out = {f"cash {p}": c for p, c in state.cash.items()}
        out.update({f"cash {a}": c.cash for a, c in state.corps.items()})
        out.update(
            {f"price {a}": state.space(c).price for a, c in state.corps.items() if c.started}
        )
        return out

    def adjust(self, state: State, key: str, value: int) -> tuple[State, list[Event]]:
        """Money corrected by hand comes from or goes to the bank, so the total stays whole;
        a price goes to a space of that price, in the same row if it has one."""
        draft = state.draft()
        what, _space, name = key.partition(" ")
        if what == "price":
            corp = draft.corps[name]
            spaces = [s for s in draft.title.market.spaces() if s.price == value]
            if not spaces:
                raise UsageError(_("no space of the market is priced {value}").format(value=value))
            space = next((s for s in spaces if s.row == corp.row), spaces[0])
            old_price = draft.space(corp).price
            moved(draft, corp, space)
            said = _("{company} price {old} -> {new} (adjusted)")
            return draft.seal(), [Event(said.format(company=name, old=old_price, new=value))]
        if name in draft.cash:
            old, draft.cash[name] = draft.cash[name], value
        else:
            old, draft.corps[name].cash = draft.corps[name].cash, value
        draft.bank -= value - old
        said = _("cash {party} {old} -> {new} (adjusted; the bank pays)")
        return draft.seal(), [Event(said.format(party=name, old=old, new=value))]

    def cash(self, state: State, player: str) -> int | None:
        return state.cash[player]

    def views(self) -> Sequence[str]:
        return tuple(VIEWS)

    def view(self, state: State, name: str) -> str:
        return VIEWS[name](state)


def _discounts(state: State, company: str) -> tuple[str, ...]:
    """The privates of the company that give a discount on a train (train_discount)."""
    return tuple(
        p.abbr
        for p in state.title.privates
        if p.train_discount is not None and state.privates.get(p.abbr) == company
    )
