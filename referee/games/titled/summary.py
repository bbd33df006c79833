"""What a title description holds, in a few lines for `referee title check`."""

from __future__ import annotations

from referee.games.titled.title import Title


def summary(title: Title) -> str:
    counts = sorted(title.cash)
    players = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
    rows = len(title.market.rows)
    market = (
        f"{len(title.market.spaces())}-space track"
        if title.market.kind == "track"
        else f"{rows}-row grid of {len(title.market.spaces())} spaces"
    )
    pars = ", ".join(str(s.price) for s in title.market.par_spaces())
    named = title.full_name if title.name in title.full_name else f"{title.name}: {title.full_name}"
    lines = [
        f"{named}: the description is valid",
        f"  players {players}, bank {title.money(title.bank)}, market a {market} (par {pars})",
        f"  {len(title.companies)} companies, {len(title.privates)} private companies, "
        f"{len(title.trains)} trains, {len(title.phases)} phases",
        f"  map: {title.map or 'none (tiles, tokens and routes are entered and trusted)'}",
        f"  source: {title.source}",
    ]
    if title.confidence:
        lines.append(f"  {len(title.confidence)} facts below high confidence:")
        lines.extend(f"    {key}: {note}" for key, note in title.confidence.items())
    return "\n".join(lines)
