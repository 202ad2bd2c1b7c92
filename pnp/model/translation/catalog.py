"""pnp's own printed words in a game's language: headings and sentences pnp writes itself (the document's cover
and contents, the rulebook's contents), from a catalogue per language, `catalog/<code>.yaml` (the English phrase ->
its translation). A phrase a catalogue lacks is printed in English; a language without one prints English."""

from __future__ import annotations

from functools import cache
from pathlib import Path

FOLDER = Path(__file__).with_name("catalog")


@cache
def catalogue(lang: str) -> dict[str, str]:
    path = FOLDER / f"{lang}.yaml"
    if not lang or not path.is_file():
        return {}
    from pnp.model.load import load_text  # (parsed once, then read back from pnp's cache, as a game's files are)

    data = load_text(path.read_text("utf-8"), f"pnp/model/translation/catalog/{path.name}").data or {}
    return {str(k): str(v) for k, v in data.items()}


def said(phrase: str, lang: str = "", **values: object) -> str:
    """`phrase` in `lang` (English where the catalogue lacks it), its `{name}` places filled from `values`."""
    text = catalogue(lang).get(phrase, phrase)
    return text.format(**values) if values else text
