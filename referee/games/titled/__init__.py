"""An 18xx title described in a file (tables/titles/*.toml): its description and its banker."""
