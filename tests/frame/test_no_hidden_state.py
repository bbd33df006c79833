"""No hidden process-wide state (issue 30 item 7): what a run knows does not depend on which
modules happened to be imported before, nor on what another thread switched meanwhile."""

from __future__ import annotations

import ast
import contextvars
import os
import subprocess
import sys
import threading
from pathlib import Path

from referee import i18n

ROOT = Path(__file__).resolve().parents[2]
BOARD = ROOT / "tests" / "fixtures" / "congo-line-fixture-board.toml"


def referee(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The installed program in a fresh interpreter: nothing imported beforehand."""
    env = {**os.environ, "REFEREE_LANG": "en", "REFEREE_TABLES": str(ROOT / "tables")}
    return subprocess.run(
        [sys.executable, "-m", "referee", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


def test_show_knows_the_shells_words_without_the_shell_imported(tmp_path: Path) -> None:
    """The frame's verbs are registered explicitly, not as a side effect of importing the
    shell: `show` of a save whose log holds a shell word (`undo`) refuses it as the shell does,
    never as an unknown verb."""
    save = tmp_path / "g.toml"
    made = referee(
        "new", "congo-line", "-p", "A,B,C", "--save", str(save), "--board", str(BOARD), cwd=tmp_path
    )
    assert made.returncode == 0, made.stderr
    with save.open("a") as f:
        f.write('\n[[moves]]\nby = "A"\ntext = "undo"\nat = 2026-11-27T14:54:00Z\n')
    shown = referee("show", str(save), cwd=tmp_path)
    assert shown.returncode != 0
    assert "'undo' cannot be used here" in shown.stderr, shown.stderr
    assert "unknown verb" not in shown.stderr


def test_the_shell_switching_its_language_leaves_the_pages_thread_alone() -> None:
    """The language is a context variable: the page's worker thread (started from the
    session's context, as asyncio.to_thread starts it) keeps the language it was started in
    while the shell's `lang` switches the shell's."""
    i18n.use("en")
    started, switched = threading.Event(), threading.Event()
    said: list[str] = []

    def page() -> None:
        started.set()
        switched.wait(10)
        said.append(i18n.language())

    worker = threading.Thread(target=contextvars.copy_context().run, args=(page,))
    worker.start()
    started.wait(10)
    i18n.use("ja")  # the shell's `lang ja`
    switched.set()
    worker.join(10)
    assert said == ["en"]
    assert i18n.language() == "ja"


# Caches with no limit of their own whose keys are few by construction, and why.
BOUNDED_BY_THEIR_KEYS = {
    "referee/eighteen/maps.py:load_map": "one entry per shipped map: an unknown name raises",
}


def unbounded_caches() -> list[str]:
    """Functions of referee/ cached without a limit (`@cache`, `@lru_cache(maxsize=None)`)
    that take arguments: each new argument would be kept for good."""
    found = []
    for path in sorted((ROOT / "referee").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef) or not node.args.args:
                continue
            if any(_unbounded(d) for d in node.decorator_list):
                found.append(f"{path.relative_to(ROOT)}:{node.name}")
    return [f for f in found if f not in BOUNDED_BY_THEIR_KEYS]


def _unbounded(decorator: ast.expr) -> bool:
    name = ast.unparse(decorator)
    if name in ("cache", "functools.cache"):
        return True
    if isinstance(decorator, ast.Call) and ast.unparse(decorator.func).endswith("lru_cache"):
        limits = [k.value for k in decorator.keywords if k.arg == "maxsize"] + decorator.args[:1]
        return any(isinstance(v, ast.Constant) and v.value is None for v in limits)
    return False


def test_every_cache_is_bounded() -> None:
    """A cache keyed by a game's positions keeps at most a fixed number of them: a long
    session (or the page following one) never grows without end."""
    assert unbounded_caches() == []
