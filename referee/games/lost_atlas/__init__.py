"""Railways of the Lost Atlas (rules: shared/rules/lost-atlas.ja.txt)."""

from referee.core.gamespec import GameSpec
from referee.core.route_options import Rules

# Its routes: a hub city runs alone, a port's circles are one city, a suburb pays 10 a train.
ROUTE_RULES = Rules(local_routes=True, port_one_city=True, suburb_bonus=10)

SPEC = GameSpec(
    name="lost-atlas",
    game=f"{__name__}.game:LostAtlas",
    page=f"{__name__}.page",
    citations=f"{__name__}.citations",
    route_rules=ROUTE_RULES,
    stock_move=f"{__name__}.market:stock_move",
)
