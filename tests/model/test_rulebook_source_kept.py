"""rulebook.md's blocks kept between runs (pnp/model/rulebook/source_kept.py): the blocks read back from the disk
cache are the parse's, every place and every inline part the same, for each bundled game; a changed text is parsed
again; a damaged entry is never used."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import REPO


@pytest.mark.parametrize("game", ["voyage", "arkship", "moon", "sleeping-gods", "intrepid"])
def test_kept_blocks_are_the_parse(game: str, tmp_path: Path, monkeypatch):
    from pnp.model.rulebook import source_kept
    from pnp.model.rulebook.source import parse_rulebook

    path = REPO / "cards" / game / "rulebook.md"
    if not path.is_file():
        pytest.skip(f"{game} has no rulebook.md")
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    text, rel = path.read_text(), f"cards/{game}/rulebook.md"
    cold = source_kept.kept_blocks(text, rel)
    assert cold == parse_rulebook(text, rel)
    monkeypatch.setattr(source_kept, "parse_rulebook", lambda *_: (_ for _ in ()).throw(AssertionError("parsed")))
    warm = source_kept.kept_blocks(text, rel)
    assert warm == cold and [b.where for b in warm] == [b.where for b in cold]
    assert any(b.body for b in warm) and any(not isinstance(x, str) for b in warm for x in b.inline)
    with pytest.raises(AssertionError, match="parsed"):  # another text: parsed, never another's blocks
        source_kept.kept_blocks(text + "\nOne more line.\n", rel)


EVERY_PART = """\
# Rules

Draw {{ 1 + 2 }} cards :damage:, see ![a picture](x.png).

1. First *step*
   - a **bullet**

| what | how many |
|---|---|
| Room | {{ 3 }} |

```pnp setup-diagram players=2 board=ship
start: captain
```

---
"""


def test_every_part_of_a_block_comes_back(tmp_path: Path, monkeypatch):
    from pnp.model.rulebook import source_kept

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    cold = source_kept.kept_blocks(EVERY_PART, "cards/t/rulebook.md")
    warm = source_kept.kept_blocks(EVERY_PART, "cards/t/rulebook.md")
    assert warm is not cold and warm == cold
    assert {b.kind for b in warm} >= {"heading", "para", "item", "grid", "setup-diagram", "pagebreak"}
    kinds = {type(x).__name__ for b in warm for x in [*b.inline, *(x for row in b.rows for c in row for x in c)]}
    assert kinds >= {"str", "Expr", "IconRef", "Unsupported"}


def test_a_damaged_entry_is_parsed_again(tmp_path: Path, monkeypatch):
    from pnp.model.rulebook import source_kept

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    text = EVERY_PART
    first = source_kept.kept_blocks(text, "cards/t/rulebook.md")
    [entry] = list((tmp_path / "cache").rglob("*.code"))
    entry.write_bytes(entry.read_bytes()[:-1] + b"\0")
    again = source_kept.kept_blocks(text, "cards/t/rulebook.md")
    assert again == first and again is not first
