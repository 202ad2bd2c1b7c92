"""The glossary gives definitions: each term of game.yaml's `glossary:` printed with its `means:` (the game's own
words) and the page that explains it; a term with no meaning is a warning at the ```pnp glossary``` block."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import REPO, edit
from pdfcheck import text_of


@pytest.mark.parametrize("game", ["voyage", "arkship"])
def test_the_glossary_gives_each_term_its_meaning_and_its_page(game: str, shared_build):
    out, _ = shared_build(game)
    text = " ".join(text_of(out / f"{game}-rulebook.pdf").split())
    glossary = text.rsplit("Each term, what it means, and the page that explains it.", 1)[1].split(" Index ")[0]
    terms = yaml.safe_load((REPO / "cards" / game / "game.yaml").read_text())["glossary"]["terms"]
    assert terms and all(isinstance(t, dict) and t.get("means") for t in terms)
    for t in terms:
        means = " ".join(t["means"].split())
        assert re.search(rf"{re.escape(t['term'])} {re.escape(means)} \d+\b", glossary), t["term"]


def test_a_term_with_no_meaning_is_a_warning_at_the_glossary_block(tmp_path: Path):
    from pnp.commands.build import BuildOptions, prepare
    from pnp.rules.rulebook_flow import rulebook_flow

    root = tmp_path / "v"
    for folder in ("cards/voyage", "templates/voyage", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    for f in (REPO / "templates").glob("*.yaml"):
        shutil.copy(f, root / "templates" / f.name)
    game_yaml = root / "cards/voyage/game.yaml"
    line = next(t for t in game_yaml.read_text().splitlines() if "{term: Passive," in t)
    edit(game_yaml, line, "    - Passive")
    prep = prepare(root, "voyage", BuildOptions(check_rules=False))
    made = rulebook_flow(prep.game, prep.decks, prep.env)
    assert made is not None
    book = (root / "cards/voyage/rulebook.md").read_text().splitlines()
    [p] = [p for p in made[1] if "no meaning" in p.message]
    assert p.severity == "warning" and "Passive" in p.message and "means:" in p.message
    assert (p.where.file, p.where.line) == ("cards/voyage/rulebook.md", book.index("```pnp glossary") + 1)
    from pnp.layout.rulebook.flow import PageIndex

    [listed] = [f for f in made[0] if isinstance(f, PageIndex) and not f.every]
    assert "Passive" not in listed.means and listed.means["Round"].startswith("One turn of the whole crew")
