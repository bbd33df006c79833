"""Run the tests against this checkout's package, whatever is installed in the environment."""

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
for name in [m for m in sys.modules if m == "referee" or m.startswith("referee.")]:
    del sys.modules[name]
