"""The benchmarks' position makers (bench/) are imported by these tests: the checkout's root
is on the path."""

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
