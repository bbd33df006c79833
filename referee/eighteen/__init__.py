"""18xx toolkit: hex maps, track tiles, positions and the exact route-revenue search."""
