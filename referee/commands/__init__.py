"""Click subcommands of the referee."""
