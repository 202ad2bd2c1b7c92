"""The rule kinds' registry (pnp/rules/kinds/, one module each): what rules.yaml may say, its JSON Schema and the
docs' table come from it; a kind's required fields and its bounds are said at the rule before any work (a
balance rule's `games`)."""

from __future__ import annotations

import shutil
import typing
from pathlib import Path

import pytest

from pnp.core import bounds
from pnp.model.schema.json_schemas import document
from pnp.rules import spec
from pnp.rules.kinds import KINDS

from conftest import REPO, edit, run_pnp


@pytest.fixture
def voyage_copy(tmp_path: Path) -> Path:
    root = tmp_path / "voyage"
    for folder in ("cards/voyage", "templates/voyage", "fonts"):
        shutil.copytree(REPO / folder, root / folder, ignore=shutil.ignore_patterns("output", "__pycache__"))
    return root


@pytest.mark.parametrize("games", ["1000000000", "-5", "0"])
def test_a_balance_rule_s_games_beyond_its_bounds_is_located_before_it_is_played(voyage_copy, monkeypatch, games):
    """A billion games took 3.66 GB and then ran out of memory naming another rule; -5 said `0 errors: ok`."""
    import pnp.play.lab

    def played(*args, **kwargs):
        raise AssertionError("a balance rule beyond its bounds was played")

    monkeypatch.setattr(pnp.play.lab, "play", played)
    rules = voyage_copy / "cards/voyage/rules.yaml"
    edit(rules, "kind: balance, policy: baseline, games: 120,", f"kind: balance, policy: baseline, games: {games},")
    text = rules.read_text()
    line = text[:text.index(f"games: {games}")].count("\n") + 1
    col = text.splitlines()[line - 1].index(f"games: {games}") + 1
    result = run_pnp("--root", str(voyage_copy), "check", "voyage")
    assert result.code == 2, result.out + result.err
    assert result.err.splitlines()[0] == (
        f"cards/voyage/rules.yaml:{line}:{col}: winnable-not-certain: `games: {games}`: a balance rule plays 1 to "
        f"{bounds.BALANCE_GAMES:,} games per player count"), result.err


def test_the_json_schema_bounds_games_and_offers_every_kind():
    schema = document(spec.RulesFile, "rules")
    rule = schema["properties"]["rules"]["items"]
    assert rule["properties"]["kind"]["enum"] == list(KINDS)
    games = schema["$defs"]["Balance"]["properties"]["games"]
    assert (games["minimum"], games["maximum"]) == (1, bounds.BALANCE_GAMES)
    assert set(schema["$defs"]["Copies"]["required"]) == {"id", "kind", "deck"}


def test_every_kind_is_one_class_of_the_union_named_by_its_kind():
    classes = typing.get_args(spec.Rule)
    assert [kind.options for kind in KINDS.values()] == list(classes)
    for name, kind in KINDS.items():
        assert kind.options.__module__ == f"pnp.rules.kinds.{name}"
        assert typing.get_args(typing.get_type_hints(kind.options)["kind"]) == (name,)


@pytest.mark.parametrize(("rule", "says"), [
    ("{id: every, kind: each}", "every: a each rule needs `deck:` and `check:`"),
    ("{id: every, kind: each, deck: card, check: ''}", "every: a each rule needs `check:`"),
    ("{id: every, kind: each, deck: null, check: 'card.cost > 0'}", "every: a each rule needs `deck:`"),
    ("{id: fit, kind: fits, space: {deck: card}}", "fit: a fits rule needs `piece:`"),
    ("{id: odd, kind: custom}", "odd: a custom rule needs `function:`"),
    ("{kind: each, deck: card, check: 'card.cost > 0'}", "rules[0].id: missing required field"),  # as every file
])
def test_a_rule_without_what_its_kind_needs_is_said_at_the_rule(project, rule, says):
    rules = project / "cards/tiny/rules.yaml"
    edit(rules, "  - {id: contents, kind: contents}\n", f"  - {rule}\n  - {{id: contents, kind: contents}}\n")
    result = run_pnp("check", "tiny", cwd=project)
    assert (result.code, result.err.splitlines()[0]) == (2, f"cards/tiny/rules.yaml:2:5: {says}"), result.err


def test_an_unknown_kind_is_said_with_the_kinds_there_are(project):
    edit(project / "cards/tiny/rules.yaml", "{id: copies, kind: copies,", "{id: copies, kind: copy,")
    result = run_pnp("check", "tiny", cwd=project)
    assert result.code == 2
    assert result.err.splitlines()[0] == (
        "cards/tiny/rules.yaml:3:18: rules[1].kind: expected one of " + ", ".join(repr(k) for k in KINDS)
        + ", got 'copy'; did you mean 'copies'?"), result.err
