"""Every rule section the code of a game cites, found in its source (AST), not by running it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The calls that take a rule, and where: (positional index, keyword).
RULE_ARGUMENT = {
    "RuleError": 1,
    "impossible": 1,
    "Overridden": 1,
    "OutOfTurn": 1,
    "rule": 2,  # judge.rule(ok, reason, rule)
    "fact": 2,  # judge.fact(ok, reason, rule)
    "turn": 2,  # judge.turn(actor, expected, rule)
}


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _constants(trees: list[ast.Module]) -> dict[str, str]:
    """Names bound to one string literal at the top of any module of the package."""
    found: dict[str, str] = {}
    for tree in trees:
        for node in tree.body:
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)
            ):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        found[target.id] = node.value.value
    return found


def _strings(node: ast.expr, constants: dict[str, str]) -> tuple[set[str], bool]:
    """The rule strings an argument can be, and whether it was fully resolved."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}, True
    if isinstance(node, ast.Name) and node.id in constants:
        return {constants[node.id]}, True
    if isinstance(node, ast.IfExp):
        a, ok_a = _strings(node.body, constants)
        b, ok_b = _strings(node.orelse, constants)
        return a | b, ok_a and ok_b
    return set(), False


def cited(folder: Path) -> tuple[set[str], list[str]]:
    """The rule strings the code under `folder` cites, and the places it could not resolve
    (a rule computed at run time: its constants are then taken from the module's names)."""
    files = sorted(folder.rglob("*.py"))
    trees = [ast.parse(f.read_text(encoding="utf-8")) for f in files]
    constants = _constants(trees)
    rules: set[str] = set()
    unresolved: list[str] = []
    for path, tree in zip(files, trees, strict=True):
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            if name not in RULE_ARGUMENT:
                continue
            if name in ("rule", "fact", "turn") and not isinstance(node.func, ast.Attribute):
                continue
            index = RULE_ARGUMENT[name]
            argument = next((k.value for k in node.keywords if k.arg == "rule"), None)
            if argument is None and len(node.args) > index:
                argument = node.args[index]
            if argument is None:
                continue
            strings, resolved = _strings(argument, constants)
            rules |= strings
            if not resolved:
                unresolved.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return rules, unresolved


def section_constants(folder: Path) -> set[str]:
    """The module-level names that hold sections (R_*, *_RULE, sections.py): what a rule
    computed at run time is chosen from."""
    found = set()
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name, value in _constants([tree]).items():
            if (
                name.startswith(("R_", "RULE_"))
                or name.endswith("_RULE")
                or path.name == "sections.py"
            ):
                found.add(value)
    return found
