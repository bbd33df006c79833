"""`referee route`: the most a company's trains can earn in an 18xx position."""

from __future__ import annotations

import json
import sys
from typing import Any, cast

import click

from referee.cli.clicktext import command, option
from referee.core.columns import simple_table
from referee.core.engine import RefereeError, UsageError
from referee.eighteen.position import load_position
from referee.eighteen.render import picture
from referee.eighteen.search import Answer, best_routes
from referee.eighteen.trains import parse_trains
from referee.i18n import N_, _


def _as_data(answer: Answer) -> dict[str, object]:
    nodes = answer.graph.nodes
    trains = []
    for train, route, revenue in zip(answer.trains, answer.routes, answer.revenues, strict=True):
        stops = (
            []
            if route is None
            else [
                {
                    "stop": nodes[s].name,
                    "kind": nodes[s].kind,
                    "value": nodes[s].diesel_value if train.diesel else nodes[s].value,
                }
                for s in route.stops
            ]
        )
        trains.append({"train": train.name, "stops": stops, "revenue": revenue})
    return {
        "company": answer.graph.company,
        "routes": trains,
        "total": answer.total,
        "proven_optimal": answer.proven,
        "seconds": round(answer.seconds, 3),
    }


@command(
    "route",
    help=N_(
        "Print the best routes for COMPANY's trains in POSITION_FILE, proven optimal when possible."
    ),
)
@click.argument("position_file", type=click.Path(dir_okay=False))
@option("--company", required=True, help=N_("The company whose trains run."))
@option("--trains", "trains_text", required=True, help=N_("Its trains, e.g. 4,4 or 5,D."))
@option("--phase", default=None, help=N_("Phase (name or colour); overrides the file."))
@option("--max-seconds", default=30.0, show_default=True, type=float, help=N_("Time limit."))
@option("--json", "as_json", is_flag=True, help=N_("Print plain JSON."))
@option("--show", is_flag=True, help=N_("Draw the position with the routes marked."))
def route(
    position_file: str,
    company: str,
    trains_text: str,
    phase: str | None,
    max_seconds: float,
    as_json: bool,
    show: bool,
) -> None:
    try:
        if max_seconds <= 0:
            raise UsageError(_("--max-seconds must be above 0"))
        position = load_position(position_file, phase=phase)
        trains = parse_trains(trains_text)
        answer = best_routes(position, company, trains, max_seconds)
    except RefereeError as e:
        click.echo(f"referee: {e}", err=True)
        sys.exit(e.exit_code)
    data = _as_data(answer)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    rows = []
    for item in cast(list[dict[str, Any]], data["routes"]):
        stops = " - ".join(f"{s['stop']} {s['value']}" for s in item["stops"]) or _(
            "(does not run)"
        )
        rows.append([item["train"], stops, item["revenue"]])
    click.echo(simple_table(rows, [_("train"), _("stops"), _("revenue")]))
    verdict = (
        _("proven optimal")
        if answer.proven
        else _("NOT proven optimal (time ran out; best found so far)")
    )
    click.echo(
        _("total {total} ({verdict}, {seconds:.2f} s)").format(
            total=answer.total, verdict=verdict, seconds=answer.seconds
        )
    )
    if show:
        click.echo(picture(position, answer))
