"""The dividend calculator's answer, as text for people and as JSON for scripts."""

from __future__ import annotations

from typing import Any

from referee.cli.calc.dividend import Payout
from referee.core.columns import simple_table
from referee.i18n import _, ngettext


def payout_text(p: Payout) -> str:
    lines = [
        ngettext(
            "revenue {revenue}, {shares} share", "revenue {revenue}, {shares} shares", p.shares
        ).format(revenue=p.revenue, shares=p.shares)
    ]
    if p.withheld:
        said = _("withheld: the company keeps {revenue}; no payout to shareholders")
        lines.append(said.format(revenue=p.revenue))
    else:
        rest = _(" (remainder {remainder} not paid out)") if p.remainder else ""
        said = _("per share: {per_share}") + rest
        lines.append(said.format(per_share=p.per_share, remainder=p.remainder))
        lines.append(simple_table(p.holdings, [_("shares"), _("payout")]))
        if p.treasury:
            said = _("the company receives {amount} for its treasury shares")
            lines.append(said.format(amount=p.treasury))
        if p.pool:
            lines.append(_("the bank pool's shares earn {amount}").format(amount=p.pool))
    if p.move is not None:
        m = p.move
        lines.append(_("price {old} -> {new}: {why}").format(old=m.old, new=m.new, why=_(m.why)))
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
