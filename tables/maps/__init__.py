"""18xx maps (hexes, printed track, homes) and the Lost Atlas map pieces, as TOML."""
