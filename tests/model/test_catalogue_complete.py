"""pnp's own words in every language it ships a catalogue for (pnp/model/translation/catalog/): each phrase the code
hands to `said(...)` as a literal, or as one of a literal tuple of headers, has its French and German entry, so that a
translated book or sheet never prints an English heading where pnp has the words."""

from __future__ import annotations

import ast

import pytest

from pnp.model.translation.catalog import FOLDER, catalogue

from conftest import REPO


def _phrases() -> dict[str, str]:
    """Every literal phrase said through the catalogue, with where it is said."""
    found: dict[str, str] = {}
    for path in sorted((REPO / "pnp").rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "said" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.setdefault(first.value, f"{path.relative_to(REPO)}:{node.lineno}")
            if isinstance(node, ast.comprehension) and isinstance(node.iter, ast.Tuple) and isinstance(
                    node.target, ast.Name):  # for h in ("Effect", "What it does", "On"): said(h, lang)
                for item in node.iter.elts:
                    if isinstance(item, ast.Constant) and isinstance(item.value, str) and _said_of(tree, node):
                        found.setdefault(item.value, f"{path.relative_to(REPO)}:{item.lineno}")
    return found


def _said_of(tree: ast.AST, comp: ast.comprehension) -> bool:
    """Whether the comprehension over a tuple hands its name to said()."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.ListComp, ast.GeneratorExp)) and comp in node.generators:
            return any(isinstance(c, ast.Call) and getattr(c.func, "id", None) == "said" and c.args and
                       isinstance(c.args[0], ast.Name) and c.args[0].id == getattr(comp.target, "id", "")
                       for c in ast.walk(node.elt))
    return False


@pytest.mark.parametrize("lang", sorted(p.stem for p in FOLDER.glob("*.yaml")))
def test_every_phrase_pnp_says_has_its_entry(lang: str):
    phrases = _phrases()
    assert {"Step", "Icon", "Credits"} <= set(phrases)  # the finder sees both kinds of call
    missing = {p: at for p, at in phrases.items() if p not in catalogue(lang) and p.strip(" #") != ""}
    assert not missing, f"{lang}: no entry for {missing}"
