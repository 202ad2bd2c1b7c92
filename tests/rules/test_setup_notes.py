"""The setup's `note` steps (on the table and in `then:`, the group's steps after the players'): a note needs a
label, said at its line, and fills in its expressions (`players`, an option), a bad one located."""

from __future__ import annotations

from conftest import run_pnp


def test_a_note_without_a_label_is_bad_input_at_its_line(project):
    rules = project / "cards/mini/rules.yaml"
    rules.write_text("setup:\n  players: {min: 1, max: 2}\n  table:\n    - {note: \"Write the date\"}\n")
    result = run_pnp("setup", "mini", "--players", "1", "--seed", "1", cwd=project)
    assert result.code == 2
    assert "cards/mini/rules.yaml:4:7" in result.err and "a note needs a `label`" in result.err


def test_a_note_fills_in_its_expressions_and_a_bad_one_is_located(project):
    rules = project / "cards/mini/rules.yaml"
    rules.write_text("setup:\n  players: {min: 1, max: 3}\n  options: {mode: [calm, wild]}\n  then:\n"
                     "    - {note: \"{{ players }} players, {{ mode }} mode\", label: said}\n")
    result = run_pnp("setup", "mini", "--players", "3", "--seed", "1", "--option", "mode=wild", cwd=project)
    assert result.code == 0, result.err
    assert "then, as a group" in result.out and "3 players, wild mode" in result.out
    rules.write_text("setup:\n  players: {min: 1, max: 3}\n  table:\n"
                     "    - {note: \"{{ nothing.here }} to say\", label: said}\n")
    result = run_pnp("setup", "mini", "--players", "1", "--seed", "1", cwd=project)
    assert result.code == 2 and "cards/mini/rules.yaml:4" in result.err and "nothing" in result.err
