"""Railways of the Lost Atlas: the Game (setup, apply, options, standings)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

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
from referee.core.rules_kit import Judge, ranked
from referee.games.lost_atlas import (
    atlas,
    commands,
    data,
    ledger,
    merger,
    narrate,
    operating,
    purchase,
    render,
    rounds,
    stock,
    track,
    views,
)
from referee.games.lost_atlas import trains as trainlib
from referee.games.lost_atlas.data import POOL, TREASURY
from referee.games.lost_atlas.readings import READINGS
from referee.games.lost_atlas.state import Company, State
from referee.i18n import N_, NP_, _, ngettext

PLAYERS = {"long": (3, 5), "short": (2, 4), "micro": (2, 3)}  # rules ■3 cash table
# The hexes whose lays completion offers: every one a company reaches in a game as played
# (a cap only so that a sprawling network cannot slow every prompt).
LAY_HEXES = 30


class LostAtlas(Game[State, commands.AnyMove]):
    name = "lost-atlas"
    title = "Railways of the Lost Atlas"
    min_players = 2
    max_players = 5
    variants = {  # noqa: RUF012
        "long": N_("6 cycles, all 12 minors, exports (3-5 players)"),
        "short": N_("4 cycles, 8 minors, exports (2-4 players)"),
        "micro": N_("4 cycles, the minors of one map stack, no exports, no grey (2-3 players)"),
    }
    default_variant = "long"

    def variant_words(self, variant: str) -> str:
        return data.variant_name(variant)  # ■3: ロング, ショート, マイクロ

    # Their candidates in `options` are every legal value: the minors on top of the columns
    # (■7), the majors not in use (■22); one alone is taken by the referee.
    automatic_verbs = frozenset({"pick", "major"})

    # --- setup ----------------------------------------------------------------------------
    def readings(self) -> tuple[Reading, ...]:
        return READINGS

    def setup(
        self,
        players: Sequence[str],
        variant: str,
        board: dict[str, Any],
        readings: Readings = DEFAULT_READINGS,
    ) -> State:
        low, high = PLAYERS[variant]
        if not low <= len(players) <= high:
            said = _("the {variant} game takes {low} to {high} players, not {n}")
            raise UsageError(
                said.format(
                    variant=self.shown_variant(variant), low=low, high=high, n=len(players)
                ),
                _("rules ■3"),
            )
        t = data.table()
        start = t["setup"]["cash"][variant][str(len(players))]
        cash = {p: start for p in players}
        deck = dict(t["trains"]["deck"][data.deck_key(variant, len(players))])
        return State(
            variant=variant,
            players=list(players),
            cash=cash,
            bank=t["bank"]["total"] - start * len(players),
            deck=deck,
            priority=players[0],
            readings=readings,
        ).seal()

    def verbs(self) -> Sequence[Verb]:
        return commands.VERBS

    def parse(self, state: State, actor: str, words: Sequence[str]) -> commands.AnyMove:
        return commands.parse(state, actor, words)

    def said_now(self, state: State, text: str) -> str:
        return commands.said_now(state, text)

    def decide(
        self, state: State, move: commands.AnyMove, recorded: Mapping[str, Any] | None = None
    ) -> tuple[commands.AnyMove, dict[str, Any]]:
        return operating.decide(state, move, recorded or {})

    # --- moves ----------------------------------------------------------------------------
    def apply(
        self, state: State, move: commands.AnyMove, *, forced: bool = False
    ) -> tuple[State, list[Event]]:
        return self._judged(state, move, Judge(forced))

    def apply_confirmed(self, state: State, move: commands.AnyMove) -> tuple[State, list[Event]]:
        return self._judged(state, move, Judge(confirmed=True))

    def _judged(self, state: State, move: Any, judge: Judge) -> tuple[State, list[Event]]:
        s = state.draft()
        events = rounds.play(s, move, judge)
        return s.seal(), judge.events(events)

    # --- who acts ---------------------------------------------------------------------------
    def narrate(self, before: State, move: commands.AnyMove, after: State, by: str) -> str:
        return narrate.narrate(self, before, move, after, by)

    def round_name(self, state: State) -> str:
        if state.round == "setup":
            return _("Setup")
        if state.round == "stock":
            return _("Cycle {cycle}, stock round").format(cycle=state.cycle)
        if state.round == "operating" and state.orr is not None:
            return _("Cycle {cycle}, operating round {n}").format(
                cycle=state.cycle, n=state.orr.number
            )
        if state.round == "merger":
            return _("Cycle {cycle}, merger round").format(cycle=state.cycle)
        return _("End of the game")

    def options(self, state: State) -> Options:
        s = state
        if s.round == "over":
            return Options(None, (), phase=_("game over"))
        if s.round == "setup" and s.map_state == "building":
            return _map_options(s)
        if s.round == "setup":
            verbs = tuple(
                v
                for v, missing in (
                    ("charters", not s.columns),
                    ("destinations", not s.destinations),
                    ("place", not s.columns and not s.destinations),
                    ("map", not s.columns and not s.destinations),
                )
                if missing
            )
            args: dict[str, tuple[tuple[str, ...], ...]] = {
                "charters": _charter_words(s),
                "destinations": (("30/40/70/100",),),
            }
            if "place" in verbs:
                args["place"] = args["map"] = _map_options(s).args["place"]
            return Options(s.priority, verbs, args, phase=_("setup"))
        if s.discard:
            co = s.companies[s.discard[0]]
            kinds = tuple(dict.fromkeys(t.kind for t in co.running()))
            return Options(
                co.president,
                ("discard",),
                {"discard": (kinds,)},
                phase=_("{company} over its train limit").format(company=co.name),
            )
        if s.round == "stock":
            return _stock_options(s)
        if s.round == "operating":
            return _or_options(s)
        return _merger_options(s)

    def is_over(self, state: State) -> bool:
        return state.round == "over"

    def standings(self, state: State) -> list[Standing]:
        order = state.order()

        def first_presided(p: str) -> int:
            ranks = [i for i, n in enumerate(order) if state.companies[n].president == p]
            return min(ranks, default=len(order))

        rows = [
            Standing(
                p,
                0 if p in state.out else ledger.value(state, p),
                {
                    NP_("lost-atlas", "cash"): state.cash[p],
                    N_("share value"): ledger.value(state, p) - state.cash[p],
                    N_("bankrupt"): p in state.out,
                },
            )
            for p in state.players
        ]
        # ■25: most cash wins; a tie goes to the president of the company operating earlier.
        # A bankrupt player (■20) comes after everyone still in.
        return ranked(
            rows,
            key=lambda r: (not r.details["bankrupt"], r.score, -first_presided(r.player)),
        )

    def status(self, state: State) -> str:
        return render.status(state)

    def toolbar_parts(self, state: State) -> list[str]:
        return render.toolbar_parts(state)

    def snapshot(self, state: State) -> dict[str, Any]:
        return render.snapshot(state)

    def views(self) -> Sequence[str]:
        return tuple(views.VIEWS)

    def view(self, state: State, name: str) -> str:
        return views.VIEWS[name](state)

    # --- corrections --------------------------------------------------------------------------
    def adjustables(self, state: State) -> dict[str, int]:
        out = {f"cash {p}": c for p, c in state.cash.items()}
        for n, co in state.companies.items():
            out[f"cash {n}"] = co.cash
            out[f"price {n}"] = co.price
        return out

    def adjust(self, state: State, key: str, value: int) -> tuple[State, list[Event]]:
        s = state.draft()
        what, name = key.split(" ", 1)
        if what == "price":
            if value not in data.spaces():
                raise UsageError(
                    _("{value} is not a space of the track").format(value=value),
                    ", ".join(map(str, data.spaces())),
                )
            old = s.companies[name].price
            s.companies[name].price = value
            s.companies[name].arrival = s.bottom_arrival()
            said = _("{company}: price {old} -> {new} (adjusted)")
            return s.seal(), [Event(said.format(company=name, old=old, new=value))]
        # Money corrected by hand comes from or goes to the bank, so the total stays whole.
        old = ledger.balance(s, name)
        events: list[Event] = []
        if value >= old:
            ledger.pay(s, ledger.BANK, name, value - old, events, _("adjusted"))
        else:
            ledger.pay(s, name, ledger.BANK, old - value, events, _("adjusted"))
        return s.seal(), events

    def cash(self, state: State, player: str) -> int | None:
        return state.cash[player]


def _map_options(s: State) -> Options:
    left = sorted(atlas.pieces_left(s))
    spots = atlas.placements(s, left[0]) if left else []
    args: dict[str, tuple[tuple[str, ...], ...]] = {
        "place": (
            tuple(map(str, left[:6])),
            tuple(h for h, _r in spots),
            tuple(sorted({str(r) for _h, r in spots})),
        )
    }
    capitals = tuple(h for h in atlas.board(s).cells if atlas.capital_problem(s, h) is None)
    args["capital"] = (capitals[:6] or ("none",),)
    args["map"] = args["place"]
    return Options(
        atlas.drawer(s),
        ("place", "capital", "map"),
        args,
        phase=ngettext(
            "map building, {n} piece placed", "map building, {n} pieces placed", len(s.pieces)
        ).format(n=len(s.pieces)),
    )


def _charter_words(s: State) -> tuple[tuple[str, ...], ...]:
    """Completion slots for `charters A B C D / E F G H` (■3): each column's minors name by
    name, top first, and `/` between the columns; the rules refuse a minor named twice."""
    names = tuple(stock.charter_minors(s))
    slots: list[tuple[str, ...]] = []
    for size in stock.column_sizes(s):
        slots += [("/",)] if slots else []
        slots += [names] * size
    return tuple(slots)


def _stock_options(s: State) -> Options:
    sr = s.sr
    assert sr is not None
    a = sr.auction
    if a is not None:
        if a.picking:
            return Options(
                a.turn,
                ("pick",),
                {"pick": (tuple(stock.available_minors(s)),)},
                phase=_("{player} won the auction at {amount}: pick a minor").format(
                    player=a.turn, amount=a.high
                ),
            )
        step = data.table()["auction"]["step"]
        bids = (str(a.high + step),)  # ■7: the least raise; any other typed on the number pad
        # ■7: raise or pass; who cannot pay a raise passes (the referee passes for them).
        can_raise = s.cash[a.turn] >= a.high + step
        return Options(
            a.turn,
            ("bid", "pass") if can_raise else ("pass",),
            {"bid": (bids,)},
            phase=_("auction: {player} leads at {amount}").format(player=a.leader, amount=a.high),
            amounts={"bid": (0,)},
        )
    player = sr.turn
    buyable = tuple(n for n, c in s.companies.items() if c.held(TREASURY) or c.held(POOL))
    held = tuple(n for n, c in s.companies.items() if c.held(player))
    may_buy = stock.may_buy(s, player)
    if sr.sold_turn:
        # ■6/■8: after the sales, one purchase or the end of the turn; nothing to buy: done.
        verbs: tuple[str, ...] = ("buy", "done") if may_buy else ("done",)
    else:
        # ■6: an auction, sales and/or a purchase, or a pass; with none of the others legal
        # the pass is the one move.
        verbs = tuple(
            verb
            for verb, legal in (
                ("pass", True),
                ("buy", may_buy),
                ("auction", bool(s.columns) and stock.may_open(s, player)),
                ("sell", stock.may_sell(s, player)),
            )
            if legal
        )
    args = {
        "buy": (buyable, (TREASURY, POOL)),
        "sell": (held, ("1", "2")),
        "auction": ((str(data.table()["auction"]["minimum"]),),),  # ■7: the lowest bid
    }
    # One move left, but a forced purchase could come instead: the table types it (■8).
    forceable = stock.only_by_force(s, player) if len(verbs) == 1 else ""
    phase = _("cycle {cycle}, stock round").format(cycle=s.cycle)
    # ■7: the first bid, the lowest or any step above it, on the number pad
    amounts: dict[str, tuple[int, ...]] = {"auction": (0,)}
    return Options(player, verbs, args, phase=phase, forceable=forceable, amounts=amounts)


def _or_options(s: State) -> Options:
    orr = s.orr
    assert orr is not None
    co = s.companies[orr.current]
    offers = tuple(dict.fromkeys(trainlib.deck_offers(s) + [t.kind for t in s.pool_trains]))
    # ■18: a train bought from another company, at a price the two agree (typed freely)
    others = tuple(n for n, c in s.companies.items() if n != co.name and c.trains)
    forceable = ""
    if orr.revenue is None and co.trains:
        verbs: tuple[str, ...] = ("run", "lay", "token", "issue", "redeem", "buy", "suburb")
        if s.map_state == "done":  # the dividend runs the best routes first (operating._pay)
            verbs = ("lay", "payout", "withhold", "run", "routes", *verbs[2:])
    elif orr.revenue is not None and not orr.paid:
        verbs = ("payout", "withhold")
    elif orr.paid and co.trains:
        # done alone (nothing to buy, ■18) is made by the referee (engine.automatic_move)
        verbs = operating.after_dividend(s, co)
        forceable = purchase.only_by_force(s, co) if verbs == ("done",) else ""
    else:
        verbs = ("buy", "done", "lay", "token", "issue", "redeem", "sell", "bankrupt", "suburb")
        if orr.revenue is None:  # `run 0`: revenue 0 said, on to the trains (■16)
            verbs = (*verbs, "run")
    revenues: tuple[str, ...] = ("0",)  # any other on the number pad
    lay_args: tuple[tuple[str, ...], ...] = (
        ("A1", "B2", "C3", "D4"),
        ("yellow", "green", "purple", "grey"),
        ("cost",),
        ("0", "40"),
    )
    token_args: tuple[tuple[str, ...], ...] = (
        ("A1", "B2", "C3", "D4"),
        ("cost",),
        ("0", "40", "60"),
    )
    more: dict[str, tuple[tuple[str, ...], ...]] = {}
    amounts = _or_amounts(co, mapped=s.map_state == "done")
    if s.map_state == "done":
        lays = track.legal_lays(s, co, LAY_HEXES) if orr.stage <= 3 else []
        if not lays:  # with the map known, the referee knows every lay: none is legal (■14)
            verbs = tuple(v for v in verbs if v != "lay")
        lay_args = _lay_words((h, track.said(t, r).split()) for h, t, r in lays)
        for hex_ in dict.fromkeys(h for h, _t, _r in lays):
            # Per hex, the lays legal on it (frame: `verb FIRST` keys follow the first word);
            # under the hex alone too, for a lay said without its verb (`K17 NE-SW`).
            here = [[hex_, *track.said(t, r).split()] for h, t, r in lays if h == hex_]
            more[f"lay {hex_}"] = _lay_words((hex_, w[1:]) for w in here)
            # (the frame looks a first word up as typed: `k17` as well as `K17`)
            more[hex_] = more[hex_.lower()] = more[f"lay {hex_}"][1:]
        spots = track.legal_tokens(s, co) if co.spare_tokens and orr.stage <= 4 else []
        token_args = (
            tuple(spots[:4]),
            ("cost",),
            tuple(str(c) for c in co.spare_tokens if c >= 0) or ("0", "40"),
        )
        revenues = ("best", *revenues)
    args = {
        **more,
        "buy": (offers, ("pool", "from"), others, ("for",)),
        "run": (revenues,),
        "lay": lay_args,
        "token": token_args,
        "sell": (tuple(n for n, c in s.companies.items() if c.held(co.president)), ("1", "2")),
        "suburb": (("A1", "B2"),),
    }
    return Options(
        co.president,
        verbs,
        args,
        phase=_("cycle {cycle}, OR{number}: {company} (step {step})").format(
            cycle=s.cycle, number=orr.number, company=co.name, step=orr.stage
        ),
        forceable=forceable,
        amounts=amounts,
    )


def _or_amounts(co: Company, *, mapped: bool) -> dict[str, tuple[int, ...]]:
    """The numbers of the operating round typed freely: the revenue of each train (■16, or
    one total), the price agreed for a train from another company (`buy 2 from Eastern for
    N`, ■18); without the map, the terrain cost of a tile and of a token (■14, ■15)."""
    amounts = {"run": tuple(range(max(len(co.trains), 1))), "buy": (4,)}
    if not mapped:
        amounts |= {"lay": (3,), "token": (2,)}
    return amounts


def _lay_words(lays: Iterable[tuple[str, list[str]]]) -> tuple[tuple[str, ...], ...]:
    """Completion slots for `lay HEX SIDES...`: the hexes, then each word of the track said."""
    hexes: list[str] = []
    slots: list[list[str]] = []
    for hex_, words in lays:
        hexes.append(hex_)
        for i, word in enumerate(words):
            if i == len(slots):
                slots.append([])
            slots[i].append(word)
    return tuple(tuple(dict.fromkeys(slot)) for slot in (hexes, *slots))


def _merger_options(s: State) -> Options:
    mr = s.mr
    assert mr is not None
    who = merger.actor(s)
    if mr.naming:
        return Options(
            who,
            ("major",),
            {"major": (tuple(s.majors_available()),)},
            phase=_("merger round: name the major"),
        )
    if mr.proposal:
        return Options(
            who,
            ("accept", "refuse"),
            {},
            phase=_("merger round: {proposer} proposes to {company}").format(
                proposer=mr.proposal[0], company=mr.proposal[1]
            ),
        )
    # ■22: a minor with no minor it may propose to has only the pass.
    targets = tuple(merger.partners(s))
    return Options(
        who,
        ("pass", "propose") if targets else ("pass",),
        {"propose": (targets,)},
        phase=_("cycle {cycle}, merger round: {company}").format(cycle=s.cycle, company=mr.current),
    )
