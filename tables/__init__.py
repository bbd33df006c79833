"""Game data as TOML, shipped inside referee as the package `referee.tables` (pyproject.toml)."""
