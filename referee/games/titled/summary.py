"""What a title description holds, in a few lines for `referee title check`."""

from __future__ import annotations

from referee.core.citations import title_key
from referee.core.columns import simple_table
from referee.games.titled.title import Title
from referee.i18n import NP_, _, ngettext, pgettext


def summary(title: Title) -> str:
    counts = sorted(title.cash)
    players = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
    rows = len(title.market.rows)
    spaces = len(title.market.spaces())
    market = (
        _("a {n}-space track").format(n=spaces)
        if title.market.kind == "track"
        else _("a {rows}-row grid of {n} spaces").format(rows=rows, n=spaces)
    )
    pars = ", ".join(str(s.price) for s in title.market.par_spaces())
    named = title.full_name if title.name in title.full_name else f"{title.name}: {title.full_name}"
    lines = [
        _("{title}: the description is valid").format(title=named),
        _("  players {players}, bank {bank}, market {market} (par {pars})").format(
            players=players, bank=title.money(title.bank), market=market, pars=pars
        ),
        "  " + _("{companies}, {privates}, {trains}, {phases}").format(**_counted(title)),
        _("  map: {map}").format(
            map=title.map or _("none (tiles, tokens and routes are entered and trusted)")
        ),
        _("  source: {source}").format(source=title.source),
        *_variants(title),
    ]
    if title.confidence:
        n = len(title.confidence)
        said = ngettext(
            "  {n} fact below high confidence (each note quoted as the file writes it):",
            "  {n} facts below high confidence (each note quoted as the file writes it):",
            n,
        ).format(n=n)
        lines.append(said)
        lines.extend(_in_doubt(title, key, note) for key, note in title.confidence.items())
    return "\n".join(lines)


def _variants(title: Title) -> list[str]:
    """The rules the title turns on for a number of players ([players.variants.N]), by key."""
    lines = []
    for count, rules in sorted(title.variants.items()):
        keys = [
            f"{name} = {value}" if not isinstance(value, bool) else name
            for name, value in rules.__dict__.items()
            if value
        ]
        said = ngettext(
            "  rules for {n} player ([players.variants.{n}]): {rules}",
            "  rules for {n} players ([players.variants.{n}]): {rules}",
            count,
        )
        lines.append(said.format(n=count, rules=", ".join(keys) or _("none")))
    return lines


# How sure a title's author is of a fact (title.CONFIDENCES), in words.
LEVELS = {
    "high": NP_("confidence", "high"),
    "medium": NP_("confidence", "medium"),
    "low": NP_("confidence", "low"),
}


def _in_doubt(title: Title, key: str, note: str) -> str:
    """A fact in doubt: the rule in words where it has some (with its key), how sure, and the
    author's note as written (the file's own words are data, not the referee's)."""
    level, _colon, why = note.partition(":")
    fact = title_key(f"{title.name} {key}").removeprefix(f"{title.name} ") or key
    sure = pgettext("confidence", LEVELS[level]) if level in LEVELS else level
    return _('    {fact}: {level}: "{note}"').format(fact=fact, level=sure, note=why.strip())


def listing(titles: list[Title], names: list[str]) -> str:
    """`referee title list`: each shipped title by the name `--title` takes, with its player
    counts, how many of its facts are marked in doubt ([confidence]) and how many games
    recorded on 18xx.games prove it ([title] proven_by)."""
    headers = [_("title"), _("name"), _("players"), _("in doubt"), _("proven by"), _("also")]
    rows = []
    for name, title in zip(names, titles, strict=True):
        counts = sorted(title.cash)
        players = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
        proven = ngettext("{n} recorded game", "{n} recorded games", len(title.proven_by))
        rows.append(
            [
                name,
                title.full_name,
                players,
                str(len(title.confidence)),
                proven.format(n=len(title.proven_by)),
                ", ".join(title.aliases),
            ]
        )
    return simple_table(rows, headers)


def _counted(title: Title) -> dict[str, str]:
    """What a title holds, each count agreeing with its noun."""
    companies, privates = len(title.companies), len(title.privates)
    trains, phases = len(title.trains), len(title.phases)
    return {
        "companies": ngettext("{n} company", "{n} companies", companies).format(n=companies),
        "privates": ngettext("{n} private company", "{n} private companies", privates).format(
            n=privates
        ),
        "trains": ngettext("{n} train", "{n} trains", trains).format(n=trains),
        "phases": ngettext("{n} phase", "{n} phases", phases).format(n=phases),
    }
