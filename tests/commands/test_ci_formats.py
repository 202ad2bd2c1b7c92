"""`pnp check` for CI: input errors are reported in every format, and `--all` checks every game."""

from __future__ import annotations

import json

from conftest import edit, run_pnp

CARDS = "cards/tiny/cards.yaml"


def break_yaml(project) -> None:
    """An unclosed flow mapping on the `beta` card's line (line 14) of tiny's deck."""
    edit(project / CARDS, "  - {id: beta, name: Beta,", "  - {id: beta, name: [Beta,")


def test_check_all_annotates_a_yaml_syntax_error_and_goes_on(project):
    break_yaml(project)
    edit(project / "cards/mini/spells.yaml", "", "")  # mini is untouched and must still be checked
    result = run_pnp("check", "--all", "--format", "github", cwd=project)
    assert result.code == 2, result.out + result.err
    errors = [line for line in result.out.splitlines() if line.startswith("::error ")]
    [annotation] = [line for line in errors if "title=tiny input" in line]
    assert annotation.startswith(f"::error file={CARDS},line=14,col=")
    assert int(annotation.split("col=")[1].split(",")[0]) > 1
    assert "YAML syntax error" in annotation
    report = json.loads(run_pnp("check", "--all", "--format", "json", cwd=project).out)["games"]
    by_id = {g["game"]: g for g in report}
    assert set(by_id) == {"mini", "tiny"}  # the game after the broken one was checked too
    assert by_id["mini"]["checked"] is True and by_id["tiny"]["checked"] is False
    [error] = by_id["tiny"]["errors"]
    assert (error["rule"], error["file"], error["line"]) == ("input", CARDS, 14)
    assert "YAML syntax error" in error["message"]


def test_one_game_with_bad_input_prints_it_in_json_and_github(project):
    edit(project / CARDS, "cost: 1, tier: low", "cost: one, tier: low")
    for fmt in ("json", "github"):
        result = run_pnp("check", "tiny", "--format", fmt, cwd=project)
        assert result.code == 2 and result.out.strip(), (fmt, result.err)
    result = run_pnp("check", "tiny", "--format", "json", cwd=project)
    [game] = json.loads(result.out)["games"]
    assert game["ok"] is False and game["errors"][0]["file"] == CARDS and game["errors"][0]["line"] == 13
    result = run_pnp("check", "tiny", cwd=project)  # text: on stderr, one line per problem, as before
    assert result.code == 2 and result.out == "" and f"{CARDS}:13:" in result.err


def test_check_all_exits_with_the_worst_game(project):
    edit(project / CARDS, "cost: 5", "cost: 6")  # a rule error in tiny: 1
    result = run_pnp("check", "--all", cwd=project)
    assert result.code == 1, result.out + result.err
    edit(project / "cards/mini/game.yaml", "decks: [spells.yaml]", "decks: [nowhere.yaml]")  # bad input: 2
    result = run_pnp("check", "--all", cwd=project)
    assert result.code == 2
    assert "mini: not checked: 1 error in its input: FAILED" in result.out
    assert "tiny: 3 errors" in result.out and "cost 6 is outside 1..5" in result.out


def test_annotations_escape_line_breaks_and_commas():
    from pnp.commands.check_report import Unchecked, github
    from pnp.core.errors import Problem, Where

    out = github([Unchecked("g", [Problem(Where("cards/g/a,b.yaml", 3, 4), "first line\nsecond: 100%")])])
    assert out == "::error file=cards/g/a%2Cb.yaml,line=3,col=4,title=g input::first line%0Asecond: 100%25"
