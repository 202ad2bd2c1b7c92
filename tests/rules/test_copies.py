"""Copies tied to a field, without Python: the example of docs/rules.md, built as written."""

from __future__ import annotations

import json
import re

from conftest import REPO, edit, run_pnp

DOC = (REPO / "docs" / "rules.md").read_text()


RELICS = "relics.yaml, a deck of cards/mini/ (listed under `decks:` in game.yaml)"


def example(header: str) -> str:
    """The fenced block of docs/rules.md whose first line is `# <header>`."""
    for body in re.findall(r"```(?:yaml|text)\n(.*?)```", DOC, re.S):
        first, _, rest = body.partition("\n")
        if first.strip() == f"# {header}":
            return rest
    raise AssertionError(f"no example headed {header!r} in docs/rules.md")


def test_the_copies_by_rarity_example_checks_and_builds_as_documented(project):
    game = project / "cards/mini"
    (game / "relics.yaml").write_text(example(RELICS))
    (game / "rules.yaml").write_text(example("rules.yaml of cards/mini/"))
    edit(game / "game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml, relics.yaml]")
    result = run_pnp("check", "mini", cwd=project)
    shown = re.search(r"```text\n\$ pnp check mini\n(mini: 2 errors.*?)```", DOC, re.S)
    assert shown and result.code == 1
    assert result.out.strip() == shown.group(1).strip()
    edit(game / "relics.yaml", "rarity: unique, copies: 2}", "rarity: unique, copies: 1}")
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 0, result.err
    faces = json.loads((project / "output/mini/manifest.json").read_text())["faces"]
    printed = [(f["id"], f["copy"]) for f in faces if f["component"] == "relic" and f["side"] == "front"]
    assert sorted(printed) == [("compass", 1), ("compass", 2), ("crown", 1), ("lantern", 1), ("lantern", 2),
                               ("lantern", 3)]


def test_a_value_the_table_does_not_know_is_located_at_the_field(project):
    game = project / "cards/mini"
    relics = example(RELICS).replace("unique]", "unique, epic]").replace("rarity: rare,", "rarity: epic,")
    (game / "relics.yaml").write_text(relics)
    (game / "rules.yaml").write_text(example("rules.yaml of cards/mini/"))
    edit(game / "game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml, relics.yaml]")
    result = run_pnp("check", "mini", cwd=project)
    assert ("cards/mini/relics.yaml:11:53: relic/compass: rarity 'epic' has no number of copies in the rule's table "
            "(common, rare, unique)") in result.out


def test_copies_are_read_by_expect_rules_and_sources(project):
    (project / "cards/mini/rules.yaml").write_text(
        "rules:\n"
        "  - {id: faces, kind: expect, check: \"decks.spell.cards | map(attribute='copies') | sum == 4\",\n"
        "     message: \"the spells print 4 faces\"}\n"
        "  - {id: copies-known, kind: reference, source: {deck: spell, field: copies},\n"
        "     target: {data: counts, items: allowed}}\n")
    (project / "cards/mini/counts.yaml").write_text("allowed: [1]\n")
    edit(project / "cards/mini/game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml]\ndata: {counts: counts.yaml}")
    result = run_pnp("check", "mini", "--format", "json", cwd=project)
    errors = [(e["rule"], e["subject"], e["message"]) for e in json.loads(result.out)["games"][0]["errors"]]
    assert errors == [("faces", "faces", "the spells print 4 faces"),
                      ("copies-known", "spell/fireball", "2 is not among [1]"),
                      ("copies-known", "spell/frost-nova", "2 is not among [1]")]
