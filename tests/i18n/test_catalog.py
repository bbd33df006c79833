"""The catalogs: every message translated, none fuzzy, the same placeholders, up to date."""

from __future__ import annotations

import ast
import io
import re
import runpy
import subprocess
import sys
from pathlib import Path

import babel.messages.catalog
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "referee" / "locale" / "ja" / "LC_MESSAGES" / "referee.po"
FIELD = re.compile(r"(?<!\{)\{([^{}]*)\}")


def catalog() -> Catalog:
    with PO.open("rb") as f:
        return read_po(f)


def messages() -> list[tuple[str, str]]:
    pairs = []
    for m in catalog():
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if len(ids) > 1:
            continue  # test_the_one_japanese_form_has_the_fields_of_one_english_form
        pairs += [(ids[0], s) for s in strings]
    return pairs


def test_the_catalog_holds_the_frames_messages() -> None:
    assert len(messages()) > 200


def test_every_message_has_a_japanese_translation_and_none_is_fuzzy() -> None:
    cat = catalog()
    untranslated = [
        m.id
        for m in cat
        if m.id and not all(m.string if isinstance(m.string, tuple) else [m.string])
    ]
    fuzzy = [m.id for m in cat if m.id and m.fuzzy]
    assert not untranslated, f"untranslated: {untranslated}"
    assert not fuzzy, f"fuzzy: {fuzzy}"


def test_placeholders_agree() -> None:
    """Every translation has the fields of its message (all checked in one test: a failure
    lists every message it fails on)."""
    wrong = [
        (msgid, msgstr)
        for msgid, msgstr in messages()
        if sorted(FIELD.findall(msgid)) != sorted(FIELD.findall(msgstr))
    ]
    assert not wrong, wrong


def plural_messages() -> list[tuple[str, str, str]]:
    return [
        (m.id[0], m.id[1], s)
        for m in catalog()
        if m.id and isinstance(m.id, tuple)
        for s in m.string
    ]


@pytest.mark.parametrize(
    ("singular", "plural", "msgstr"), plural_messages(), ids=lambda v: str(v)[:30]
)
def test_the_one_japanese_form_has_the_fields_of_one_english_form(
    singular: str, plural: str, msgstr: str
) -> None:
    """Japanese has one form for every count: it may say the count as the plural does
    (click's "{value!r} is not one of {choices}." passes both `choice` and `choices`)."""
    fields = sorted(FIELD.findall(msgstr))
    assert fields in (sorted(FIELD.findall(singular)), sorted(FIELD.findall(plural)))


def test_translations_keep_the_quotes_that_clip_echoes() -> None:
    """'...' around typed input is clipped by referee.core.words.clip_echoes in both languages."""
    for msgid, msgstr in messages():
        assert msgid.count("'{") == msgstr.count("'{"), msgid


def test_the_committed_catalogs_are_up_to_date() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "i18n"), "check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr


def marked_calls() -> list[tuple[str, ast.Call, bool]]:
    """Every call of `_`, `N_` or `ngettext` in referee/: where, the call, and whether it
    stands inside an f-string."""
    found = []
    for path in sorted((ROOT / "referee").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside = {
            id(node)
            for fstring in ast.walk(tree)
            if isinstance(fstring, ast.JoinedStr)
            for node in ast.walk(fstring)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "N_", "ngettext")
                and node.args
            ):
                found.append((f"{path.relative_to(ROOT)}:{node.lineno}", node, id(node) in inside))
    return found


def test_no_message_is_an_f_string_or_built_at_the_call() -> None:
    """Babel extracts literals only: `_(f"...")` or `_("a" + b)` would never be translated."""
    wrong = [
        where
        for where, call, _inside in marked_calls()
        if isinstance(call.args[0], ast.JoinedStr | ast.BinOp)
    ]
    assert not wrong, wrong


def test_no_message_is_written_inside_an_f_string() -> None:
    """Babel does not look inside f-strings: `f"{_('x')}"` would never be extracted."""
    wrong = [
        where
        for where, call, inside in marked_calls()
        if inside and isinstance(call.args[0], ast.Constant)
    ]
    assert not wrong, wrong


def i18n_script() -> dict[str, object]:
    return runpy.run_path(str(ROOT / "scripts" / "i18n"), run_name="i18n_script")


def test_the_check_reads_the_compiled_messages_not_the_compilers_header(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A fresh machine installs today's Babel, whose header line ("Generated-By") differs from
    the one that compiled the committed .mo: that is no stale catalog, a changed message is."""
    script = i18n_script()
    contents, compiled = script["mo_contents"], script["compiled"]
    assert callable(contents) and callable(compiled)
    mo = compiled(PO)
    monkeypatch.setattr(babel.messages.catalog, "VERSION", "0.1-another")
    other_babel = compiled(PO)
    monkeypatch.undo()
    assert other_babel != mo
    assert contents(other_babel) == contents(mo)

    cat = catalog()
    changed = next(m for m in cat if m.id and isinstance(m.string, str) and m.string)
    changed.string += "!"
    out = io.BytesIO()
    write_mo(out, cat, use_fuzzy=False)
    assert contents(out.getvalue()) != contents(mo)
