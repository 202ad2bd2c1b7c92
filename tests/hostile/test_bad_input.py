"""Bad input is expected input: each mistake gives located one-line errors, exit 2, no traceback,
and leaves the last good output untouched. One case per mistake, each asserting what the user reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import edit, run_pnp

SPELLS = "cards/mini/spells.yaml"
GAME = "cards/mini/game.yaml"
FRONT = "templates/mini/front.yaml"

CASES = {
    "yaml_syntax_error": (SPELLS, "  - id: blink\n", "  - id: blink\n   oops: [\n", [
        "cards/mini/spells.yaml:21:4: YAML syntax error: did not find expected '-' indicator; check this line's "
        "indentation: it must line up, with spaces, with the other keys (or `-` items) of its block"]),
    "key_indented_one_space_less": (SPELLS, "    cost: 2\n", "   cost: 2\n", [
        "cards/mini/spells.yaml:17:4: YAML syntax error: did not find expected '-' indicator; check this line's "
        "indentation: it must line up, with spaces, with the other keys (or `-` items) of its block"]),
    "a_tab_in_the_indentation": (SPELLS, "    cost: 2\n", "\tcost: 2\n", [
        "cards/mini/spells.yaml:17:1: YAML syntax error: a tab; YAML indents with spaces only: replace the tab with "
        "spaces"]),
    "a_colon_in_an_unquoted_value": (SPELLS, "    flavor: \"Cold.\"", "    flavor: Note: cold.", [
        "cards/mini/spells.yaml:19:17: YAML syntax error: mapping values are not allowed in this context; a value "
        "that holds `: ` needs quotes (\"Cost: 2\"), or this line is indented deeper than its block"]),
    "bold_markup_at_the_start_of_a_value": (SPELLS, 'text: "Move."', "text: **Move** now.", [
        "cards/mini/spells.yaml:24:12: YAML syntax error: did not find expected alphabetic or numeric character; a "
        "value that begins with `*` or `&` (**bold** or *italic* text, say) must be in quotes: \"**Gain** 2 Coins\""]),
    "a_quote_never_closed": (SPELLS, 'text: "Move."', 'text: "Move.', [
        "cards/mini/spells.yaml:24:11: YAML syntax error: a quote opened here is never closed; end the text with "
        "the same quote"]),
    "a_quote_inside_quoted_text": (SPELLS, '"Move."', '"Say "go"."', [
        "cards/mini/spells.yaml:24:17: YAML syntax error: did not find expected key; what stands here does not "
        "belong: a `}` or `]` too many, or a quote inside quoted text (quote with the other kind: 'Say \"hi\"')"]),
    "a_list_never_closed": (GAME, "terms: [Damage Token, Room]", "terms: [Damage Token, Room", [
        "cards/mini/game.yaml:9:6: YAML syntax error: did not find expected ',' or ']'; a `[` list opened before is "
        "not closed with `]`, or a value in it that holds `,` or `: ` needs quotes"]),
    "unquoted_hex_colour_in_a_flow_mapping": (GAME, 'ink: "#222222"', "ink: #222222", [
        "cards/mini/game.yaml:5:16: YAML syntax error: this `#` starts a comment, which hides the rest of the line "
        "and leaves its `[` or `{` open; put the value in quotes (\"#1d2230\")"]),
    "unquoted_hex_colour_is_a_comment": (GAME, '{ink: "#222222", accent: "#2f4f9c", paper: "#ffffff"}',
                                         '\n  ink: #222222\n  accent: "#2f4f9c"\n  paper: "#ffffff"', [
        "cards/mini/game.yaml:6:3: palette.ink: expected text, got nothing; if the value begins with `#` (a "
        "colour), put it in quotes, \"#1d2230\": unquoted, `#` starts a YAML comment"]),
    "palette_colour_not_a_colour": (GAME, '"#2f4f9c"', '"#2f4f9"', [
        "cards/mini/game.yaml:5:27: palette.accent: '#2f4f9' is not a colour: write it as \"#rrggbb\" (or \"#rgb\", "
        "and \"#rrggbbaa\" with an alpha), in quotes"]),
    "number_in_quotes": (SPELLS, "cost: 3", 'cost: "3"', [
        "cards/mini/spells.yaml:14:5: cards[0] (fireball).cost: expected an integer, got '3' in quotes, which makes "
        "it text: write 3 without the quotes"]),
    "mapping_written_as_text": (GAME, "decks: [spells.yaml]", "decks: [spells.yaml]\nplayers: 1-4", [
        "cards/mini/game.yaml:11:1: players: expected a mapping, got '1-4': write it as {min: ..., max: ...}"]),
    "field_min_above_max": (SPELLS, "min: 0, max: 10", "min: 10, max: 0", [
        "cards/mini/spells.yaml:8:25: fields.cost.min: min 10 is above max 0: no value could pass; swap them"]),
    "bounds_on_a_text_field": (SPELLS, "cost: {type: integer, min: 0, max: 10}", "cost: {min: 0, max: 10}", [
        "cards/mini/spells.yaml:8:10: fields.cost.min: `min` and `max` bound a number (or a list's number of items); "
        "this field is of type text (the default): make it `type: integer` or `type: number`, or remove them"]),
    "unknown_field": (SPELLS, "    cost: 2\n", "    cost: 2\n    colour: red\n", [
        "cards/mini/spells.yaml:18:5: cards[1] (frost-nova).colour: unknown field (known fields: copies, cost, effect, "
        "flavor, id, name, text); check its spelling or declare it under `fields:`"]),
    "mistyped_field": (SPELLS, "    cost: 2\n", "    cost: 2\n    flavour: cold\n", [
        "cards/mini/spells.yaml:18:5: cards[1] (frost-nova).flavour: unknown field; did you mean 'flavor'? (known "
        "fields: copies, cost, effect, flavor, id, name, text); or declare it under `fields:`"]),
    "wrong_type": (SPELLS, "cost: 3", "cost: three", [
        "cards/mini/spells.yaml:14:5: cards[0] (fireball).cost: expected an integer, got 'three'"]),
    "value_out_of_range": (SPELLS, "cost: 3", "cost: 11", [
        "cards/mini/spells.yaml:14:5: cards[0] (fireball).cost: must be at most 10, got 11"]),
    "missing_required_field": (SPELLS, "    cost: 1\n", "", [
        "cards/mini/spells.yaml:20:5: cards[2] (blink).cost: missing required field"]),
    "missing_template": (SPELLS, "template: mini/front", "template: mini/frnt", [
        "cards/mini/spells.yaml:3:1: template: template 'mini/frnt' not found (expected templates/mini/frnt.yaml); "
        "did you mean 'mini/front'?"]),
    "circular_extends": (FRONT, "size: poker\n", "extends: mini/front\nsize: poker\n", [
        "templates/mini/front.yaml:1:1: extends: circular `extends`: mini/front -> mini/front"]),
    "expression_names_missing_field": (FRONT, "{{ card.cost }}", "{{ card.price }}", [
        "templates/mini/front.yaml:9:64: spell: {{ card.price }} names the field 'price', which 3 spell cards do not "
        "have (fireball, frost-nova, blink) (template mini/front)"]),
    "expression_names_a_mistyped_field": (FRONT, "{{ card.text }}", "{{ card.txet }}", [
        "templates/mini/front.yaml:11:67: spell: {{ card.txet }} names the field 'txet', which 3 spell cards do not "
        "have (fireball, frost-nova, blink); did you mean 'text'? (template mini/front)"]),
    "expression_syntax_error": (FRONT, "{{ card.cost > 1 }}", "{{ card.cost > }}", [
        "templates/mini/front.yaml:12:89: expression syntax error in '{{ card.cost > }}': "
        "unexpected 'end of template'"]),
    "missing_font": (GAME, "Lato-Bold.ttf", "Lato-Bld.ttf", [
        "cards/mini/game.yaml:3:37: fonts.body.bold: font file 'Lato-Bld.ttf' not found in fonts/; add it (with "
        "its licence) or fix the name"]),
    "unknown_font_family": (FRONT, "font: title, size: 12pt,\n     color: paper, glossary",
                            "font: titel, size: 12pt,\n     color: paper, glossary", [
                                "templates/mini/front.yaml:7:89: spell: unknown font 'titel': declare it under "
                                "`fonts:` in game.yaml (known: body, title); did you mean 'title'? "
                                "(template mini/front) (on 3 spell cards: fireball, frost-nova, blink)"]),
    "unknown_icon_in_text": (SPELLS, ":damage:", ":fire:", [
        "cards/mini/spells.yaml:15:5: spell/fireball: text: unknown icon :fire: (cards/mini/icons.yaml has damage, "
        "dot); to add it, draw it in that file (docs/format.md, \"icons.yaml\")"]),
    "unknown_icon_element": (FRONT, "icon: dot", "icon: dott", [
        "templates/mini/front.yaml:12:29: spell: unknown icon 'dott' (known: damage, dot); did you mean 'dot'? "
        "(template mini/front) (on "
        "2 spell cards: fireball, frost-nova)"]),
    "unknown_colour": (FRONT, "fill: accent}", "fill: acent}", [
        "templates/mini/front.yaml:5:49: spell: fill: unknown colour 'acent': use #rrggbb or a palette name "
        "(palette: accent, ink, paper); did you mean 'accent'? (template mini/front)"]),
    "text_style_mistyped": (FRONT, 'text: "{{ card.text }}"}', 'text: "{{ card.text }}", style: bld}', [
        "templates/mini/front.yaml:11:92: style: 'bld': use regular, bold, italic or bold_italic; did you mean "
        "'bold'?"]),
    "valign_center": (FRONT, 'text: "{{ card.text }}"}', 'text: "{{ card.text }}", valign: center}', [
        "templates/mini/front.yaml:11:92: valign: 'center': use top, middle or bottom; did you mean 'middle'?"]),
    "align_centre": (FRONT, "color: paper, align: right}", "color: paper, align: centre}", [
        "templates/mini/front.yaml:10:20: align: 'centre': use left, center or right; did you mean 'center'?"]),
    "negative_bleed": (FRONT, "safe: 3mm\n", "safe: 3mm\nbleed: -1mm\n", [
        "templates/mini/front.yaml:3:1: bleed: -1mm: a bleed is 0 or more"]),
    "choice_default_not_a_choice": (SPELLS, "  flavor: {type: text, required: false}\n",
                                    "  flavor: {type: text, required: false}\n"
                                    "  school: {type: choice, choices: [fire, ice], default: fir}\n", [
        "cards/mini/spells.yaml:11:48: fields.school.default: default 'fir' is not one of the choices (fire, ice); "
        "did you mean 'fire'?"]),
    "element_without_type": (FRONT, "{name: body, type: text,", "{name: body,", [
        "templates/mini/front.yaml:11:5: elements[4]: no `type`: use one of rect, ellipse, line, polygon, text, "
        "image, icon, boxes, lines, group, grid, table"]),
    "vars_not_set": (FRONT, "fill: accent}", 'fill: "{{ vars.frame }}"}', [
        "templates/mini/front.yaml:5:49: spell: {{ vars.frame }}: the template sets no `vars.frame` (its vars: "
        "none); add it under `vars:` (template mini/front)"]),
    "data_table_file_missing": (GAME, "decks: [spells.yaml]", "decks: [spells.yaml]\ndata: {balance: balanse.yaml}",
                                ["cards/mini/game.yaml:11:8: data.balance: data table file 'balanse.yaml' not found "
                                 "in cards/mini/"]),
    "players_min_above_max": (GAME, "decks: [spells.yaml]", "decks: [spells.yaml]\nplayers: {min: 4, max: 2}", [
        "cards/mini/game.yaml:11:11: players.min: min 4 is above max 2: swap them"]),
    "text_element_without_text": (FRONT, ', text: "{{ card.text }}"}', "}", [
        "templates/mini/front.yaml:11:5: text: a text element needs `text:`, what it prints (\"{{ card.name }}\"); "
        "to leave out a parent template's text, write `if: false`"]),
    "duplicate_card_id": (SPELLS, "  - id: blink", "  - id: fireball", [
        "cards/mini/spells.yaml:20:5: cards[2]: card id 'fireball' is used twice (first at cards[0]); give one "
        "of them its own `id`"]),
}


def outputs(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((root / "output" / "mini").iterdir())}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_input_is_reported_and_leaves_the_last_good_output(project, case):
    path, old, new, expected = CASES[case]
    assert run_pnp("build", "mini", cwd=project).code == 0
    before = outputs(project)
    edit(project / path, old, new)
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2, result.err
    assert "Traceback" not in result.err + result.out
    lines = result.err.strip().splitlines()
    assert lines[:-1] == expected
    assert lines[-1] == f"{len(expected)} error{'s' if len(expected) > 1 else ''}; nothing was written"
    assert outputs(project) == before


def test_text_that_cannot_fit_is_a_rule_error_naming_the_card(project):
    edit(project / SPELLS, 'text: "Move."', 'text: "' + "Move far away. " * 80 + '"')
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 1
    assert result.err.splitlines()[0] == (
        "cards/mini/spells.yaml:24:5: spell/blink: text: text does not fit its 53.5 x 50.0 mm box even at 7 pt; "
        "shorten it (template mini/front, templates/mini/front.yaml:11:5)")
    assert not (project / "output").exists()


def test_text_outside_the_safe_zone_is_a_rule_error(project):
    edit(project / FRONT, "{name: body, type: text, x: 5mm", "{name: body, type: text, x: 1mm")
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 1
    assert result.err.splitlines() == [
        "templates/mini/front.yaml:11:5: mini/front: text box leaves the safe zone (3.0 mm inside the trim); "
        "move it inward or mark it `art: true` (template mini/front)", "1 rule error; nothing was written"]


def test_unknown_game_and_missing_project(project, tmp_path):
    result = run_pnp("build", "nope", cwd=project)
    assert (result.code, result.err.splitlines()[0]) == (
        2, "cards/nope/game.yaml: no game 'nope' here: expected this file (see `pnp list`)")
    result = run_pnp("build", "mnii", cwd=project)
    assert (result.code, result.err.splitlines()[0]) == (
        2, "cards/mnii/game.yaml: no game 'mnii' here: expected this file (see `pnp list`); did you mean 'mini'?")
    result = run_pnp("list", cwd=tmp_path / "..")
    assert result.code == 2 and result.err.startswith("no pnp project here")


def test_bad_option_values(project):
    result = run_pnp("build", "mini", "--paper", "A5", cwd=project)
    assert (result.code, result.err.strip()) == (2, "--paper A5: use A4, letter, A3 or tabloid")


RULES = """rules:
  - {id: cheap, kind: each, deck: spell, check: "card.cots <= 10", message: "costs 10 at most"}
"""
SETUP = """setup:
  players: {min: 1, max: 2}
  each_player:
    - {draw: spell, where: "card.cots < 3"}
"""


@pytest.mark.parametrize("rules, code, expected", [
    (RULES, 2, "cards/mini/rules.yaml:2:5: card.cots <= 10 names the field 'cots', which this card does not have; "
               "did you mean 'cost'?"),
    (SETUP, 2, "cards/mini/rules.yaml:4:21: each_player[0].where: card.cots < 3 names the field 'cots', which "
               "this card or table lacks; did you mean 'cost'? (with 1 player, player 1)"),
], ids=["each_rule", "setup_where"])
def test_a_rule_expression_naming_a_mistyped_field_says_the_near_one(project, rules, code, expected):
    """Not Jinja's "'dict object' has no attribute" (or a pnp class's name): the field, and the near one."""
    (project / "cards/mini/rules.yaml").write_text(rules)
    result = run_pnp("check", "mini", cwd=project)
    assert result.code == code, result.err + result.out
    assert expected in [line.strip() for line in (result.err + result.out).splitlines()], result.err + result.out
    assert "object'" not in result.err + result.out


def test_a_field_only_some_die_faces_have_says_how_to_ask_for_it():
    """A die face's entry is free-form: `face.wild` on a face without it is answered with `face.get('wild')`."""
    from pnp.model.expressions.evaluate import explanation

    said = explanation("{{ face.wild }}", AttributeError("'dict object' has no attribute 'wild'"),
                    {"face": {"color": "red", "number": 1}, "card": {"id": "d6"}})
    assert said == ("{{ face.wild }} names the field 'wild', which this card does not have; where only some have "
                    "it, write face.get('wild')")


def test_a_setup_that_shuffles_a_deck_the_game_lacks_says_so(project):
    """`shuffle: [spels]` was ignored: the deck was dealt unshuffled, the same every game, and nothing said why."""
    edit(project / GAME, "decks: [spells.yaml]", "decks: [spells.yaml]\nplayers: {min: 1, max: 2}")
    (project / "cards/mini/rules.yaml").write_text("setup:\n  players: {min: 1, max: 2}\n  shuffle: [spels]\n"
                                                   "  each_player:\n    - {draw: spell}\n")
    result = run_pnp("check", "mini", cwd=project)
    assert result.code == 2, result.out + result.err
    assert ("cards/mini/rules.yaml:3:13: shuffle[0]: shuffles 'spels', which is not a deck of this game (decks: "
            "spell); did you mean 'spell'?") in result.err.splitlines(), result.err


def test_a_track_step_without_a_value_says_so(project):
    """`{track: coins}` dealt 'coins None' to every player, exit 0."""
    edit(project / GAME, "decks: [spells.yaml]", "decks: [spells.yaml]\nplayers: {min: 1, max: 2}")
    (project / "cards/mini/rules.yaml").write_text("setup:\n  players: {min: 1, max: 2}\n  each_player:\n"
                                                   "    - {track: coins}\n")
    result = run_pnp("check", "mini", cwd=project)
    assert result.code == 2, result.out + result.err
    assert ("cards/mini/rules.yaml:4:7: each_player[0]: a track step states a `value`: where the track starts "
            "(`{track: health, value: 10}`), or names a track card with a `start` field (`{track: health-meter}`)") \
        in result.err.splitlines(), result.err


@pytest.mark.parametrize("step, expected", [
    ("{draw: spels}", "cards/mini/rules.yaml:4:8: each_player[0].draw: the setup draws from 'spels', which is not a "
                      "deck of this game (decks: spell); did you mean 'spell'?"),
    ("{draw: spell, side: bak}", "cards/mini/rules.yaml:4:21: each_player[0].side: side 'bak': front or back; did "
                                 "you mean 'back'?"),
    ("{roll: d66, label: start}", "cards/mini/rules.yaml:4:8: each_player[0].roll: no die 'd66': a data table with "
                                  "`faces:` is needed to roll it"),
], ids=["deck", "side", "die"])
def test_a_setup_step_naming_what_the_game_lacks_is_bad_input_with_the_near_name(project, step, expected):
    """Written out (not an expression), a mistyped deck, side or die is said before anything is dealt, exit 2."""
    edit(project / GAME, "decks: [spells.yaml]", "decks: [spells.yaml]\nplayers: {min: 1, max: 2}")
    (project / "cards/mini/rules.yaml").write_text(f"setup:\n  players: {{min: 1, max: 2}}\n  each_player:\n"
                                                   f"    - {step}\n")
    result = run_pnp("check", "mini", cwd=project)
    assert (result.code, result.err.splitlines()) == (2, [expected, "1 error"]), result.out + result.err


def test_a_count_that_works_out_whole_is_dealt(project):
    """`{{ players / 2 }}` is 1.0 for 2 players: a whole number of cards, dealt, not refused."""
    edit(project / GAME, "decks: [spells.yaml]", "decks: [spells.yaml]\nplayers: {min: 2, max: 2}")
    (project / "cards/mini/rules.yaml").write_text("setup:\n  players: {min: 2, max: 2}\n  each_player:\n"
                                                   "    - {draw: spell, count: \"{{ players / 2 }}\", label: hand}\n")
    assert run_pnp("check", "mini", cwd=project).code == 0
    dealt = run_pnp("setup", "mini", "--players", "2", "--format", "json", cwd=project)
    assert dealt.code == 0 and [len(h["hand"]) for h in json.loads(dealt.out)["hands"]] == [1, 1], dealt.out


def test_a_setup_expression_naming_an_unknown_name_says_the_near_one(project):
    edit(project / GAME, "decks: [spells.yaml]", "decks: [spells.yaml]\nplayers: {min: 1, max: 2}")
    (project / "cards/mini/rules.yaml").write_text("setup:\n  players: {min: 1, max: 2}\n  each_player:\n"
                                                   "    - {draw: spell, count: \"{{ plyers }}\", label: hand}\n")
    result = run_pnp("check", "mini", cwd=project)
    assert result.code == 2 and "'plyers' is undefined; did you mean 'players'?" in result.err, result.err
