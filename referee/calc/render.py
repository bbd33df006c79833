"""The dividend calculator's answer, as text for people and as JSON for scripts."""

from __future__ import annotations

from typing import Any

from referee.calc.dividend import Payout
from referee.columns import simple_table


def payout_text(p: Payout) -> str:
    lines = [f"revenue {p.revenue}, {p.shares} shares"]
    if p.withheld:
        lines.append(f"withheld: the company keeps {p.revenue}; no payout to shareholders")
    else:
        rest = f" (remainder {p.remainder} not paid out)" if p.remainder else ""
        lines.append(f"per share: {p.per_share}{rest}")
        lines.append(simple_table(p.holdings, ["shares", "payout"]))
        if p.treasury:
            lines.append(f"the company receives {p.treasury} for its treasury shares")
        if p.pool:
            lines.append(f"the bank pool's shares earn {p.pool}")
    if p.move is not None:
        m = p.move
        lines.append(f"price {m.old} -> {m.new}: {m.why}")
    return "\n".join(lines)


def payout_json(p: Payout) -> dict[str, Any]:
    data: dict[str, Any] = {
        "revenue": p.revenue,
        "shares": p.shares,
        "withheld": p.withheld,
        "per_share": 0 if p.withheld else p.per_share,
        "remainder": 0 if p.withheld else p.remainder,
        "payouts": {str(n): (0 if p.withheld else v) for n, v in p.holdings},
        "treasury": p.treasury,
        "pool": p.pool,
    }
    if p.move is not None:
        data["price"] = {
            "old": p.move.old,
            "new": p.move.new,
            "steps": p.move.steps,
            "why": p.move.why,
        }
    return data
