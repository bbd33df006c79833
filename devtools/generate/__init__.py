"""Generators for what ships beside the program: shell completions and the man page.

Both read the click command tree and the game registry at generation time (`tree.py`), so
regenerating after a game or a command lands updates everything. Output is deterministic:
no dates, games sorted, commands in click's own (sorted) order.
"""

from __future__ import annotations

import sys
from pathlib import Path


def use_checkout(root: Path) -> None:
    """Import `referee` from the checkout at `root` only.

    An editable install of another checkout puts a finder on sys.meta_path that would supply
    modules missing here (say a command another branch is adding) from that checkout; the
    generated files must describe this checkout alone.
    """
    sys.path.insert(0, str(root))
    sys.meta_path[:] = [
        finder
        for finder in sys.meta_path
        if not getattr(finder, "__module__", "").startswith("__editable__")
    ]
