"""The entry point pyinstaller freezes into dist/referee (scripts/build-binary)."""

import multiprocessing

from referee.cli.main import main

# The route search forks a child ('fork' start method: no new interpreter is started), but
# should a child ever be spawned, this makes the frozen binary run it instead of the CLI.
multiprocessing.freeze_support()
main()
