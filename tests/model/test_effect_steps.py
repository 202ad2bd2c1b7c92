"""A card's `effect:` is read from its YAML into steps at load, each step one verb of the library with its
arguments; every mistake is said at its line, with the near names, and the build keeps the last good output."""

from __future__ import annotations

import pytest

from pnp.model.effects.effect_text import effect_sentence

from conftest import edit, run_pnp
from pdfcheck import text_of

FIREBALL = '''  - id: fireball
    name: Fireball
    cost: 3
'''


def with_effect(project, effect: str) -> None:
    """Fireball (cards/mini/spells.yaml, line 12) given `effect:` EFFECT, written on the line after its cost."""
    edit(project / "cards/mini/spells.yaml", FIREBALL, FIREBALL + f"    effect: {effect}\n")


def fireball(project):
    from pnp.model.game import load_game

    return next(c for c in load_game(project, "mini").deck("spell").cards if c.id == "fireball")


def refused(project, effect: str) -> str:
    with_effect(project, effect)
    result = run_pnp("check", "mini", cwd=project)
    assert result.code == 2 and "Traceback" not in result.err, (result.code, result.err)
    return result.err


def test_an_effect_is_read_into_steps_its_numbers_read_from_the_cards_fields(project):
    with_effect(project, '[{repeat: "{{ card.cost }}", do: [{tokens: {place: rolled, add: 1}}]}, {draw: 2}]')
    card = fireball(project)
    assert [s.verb for s in card.effect] == ["repeat", "draw"]
    assert card.effect[0].args["times"] == 3  # the card's cost, worked out at load
    assert card.effect[0].args["do"][0].args == {"place": "rolled", "add": 1}
    assert card.effect[1].args == {"count": 2, "pile": None}
    assert str(card.effect[1].where) == "cards/mini/spells.yaml:15:84"  # where the step is written: line and column
    assert card.data["effect"] == "3 times: add 1 token to rolled. Draw 2 cards."  # its words, for a template
    assert effect_sentence(card.effect) == "3 times: add 1 token to rolled. Draw 2 cards."


def test_effect_none_says_the_card_does_nothing_and_no_effect_is_left_unsaid(project):
    with_effect(project, "none")
    assert fireball(project).effect == ()
    from pnp.model.game import load_game

    assert next(c for c in load_game(project, "mini").deck("spell").cards if c.id == "blink").effect is None


def test_a_time_a_duration_and_a_choice_are_read(project):
    with_effect(project, "[{tokens: {place: {choose: [damaged]}, add: -1}, at: round-end, until: next-round-end}]")
    step = fireball(project).effect[0]
    assert step.when == {"at": "round-end", "until": "next-round-end"}
    assert str(step.args["place"]) == "a chosen place (damaged)"
    assert effect_sentence((step,)) == ("At the end of each round: remove 1 token from a damaged place of your "
                                        "choice until the end of the next round.")


@pytest.mark.parametrize(("effect", "said"), [
    ("[{drow: 1}]", "spells.yaml:15:15: cards[0] (fireball).effect: unknown verb `drow`; did you mean 'draw'?"),
    ("[{draw: 1, gain: {resource: coins}}]", "one verb a step: this one has draw and gain"),
    ("[{draw: two}]", "expected a whole number (or an expression of the card's fields"),
    ('[{draw: "{{ card.cots }}"}]', "the card has no field `cots`; did you mean 'cost'?"),
    ("[{repeat: 1000, do: [{draw: 1}]}]", "`repeat` 1000 times: it repeats 1 to 100 times (pnp's bound)"),
    ("[{repeat: 2}]", "`repeat` needs `do:`"),
    ("[{draw: 1, at: dawn}]", "`at: dawn`: use one of drawn, played, bought, round-start, round-end"),
    ("[{draw: {count: 1, pille: events}}]", "`draw` has no argument `pille`; did you mean 'pile'?"),
    ("[{draw: -1}]", "`count` of `draw` is a count, 0 or more: got -1"),
    ("draw 1", "expected a list of steps, e.g. [{draw: 1}] (or `none`: the card does nothing)"),
    ("[{draw: 1, then: 2}]", "`then` is neither an argument written beside `draw` nor a time or condition"),
])
def test_a_wrong_effect_is_refused_at_its_line(project, effect, said):
    err = refused(project, effect)
    assert "spells.yaml:15" in err and said in err, err


def test_an_effect_past_its_depth_is_refused(project):
    deep = "{draw: 1}"
    for _ in range(9):
        deep = f"{{repeat: 1, do: [{deep}]}}"
    assert "steps nest 9 deep, past pnp's 8: flatten them" in refused(project, f"[{deep}]")


def test_a_wrong_effect_leaves_the_last_good_build(project, tmp_path):
    out = tmp_path / "out"
    assert run_pnp("build", "mini", "--out", str(out), cwd=project).code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    with_effect(project, "[{drow: 1}]")
    result = run_pnp("build", "mini", "--out", str(out), cwd=project)
    assert result.code == 2 and "unknown verb `drow`" in result.err
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == before


@pytest.mark.parametrize("verb", sorted(__import__("pnp.model.effects.verbs", fromlist=["LIBRARY"]).LIBRARY))
def test_every_verbs_example_is_a_step_it_reads_and_says(verb):
    """The docs' example of each verb (docs/effects.md's table) is a step the reader takes, of that verb, with a
    sentence to print."""
    import yaml

    from pnp.core.errors import Problems
    from pnp.model.effects.effect_steps import read_effect
    from pnp.model.effects.verbs import LIBRARY
    from pnp.model.load import Doc

    tree = [yaml.safe_load(LIBRARY[verb].example)]
    problems = Problems()
    steps = read_effect(tree, Doc("example.yaml", tree), (), {"id": "x"}, problems, "example")
    assert not problems.items and steps is not None and steps[0].verb == verb, problems.items
    assert effect_sentence(steps).strip()


MUSTER = '''verbs:
  muster:
    does: "every Captain moves to one Room"
    args: {room: place}
    reads: "Every Captain moves to {{ room }}."
'''


def test_a_game_adds_a_verb_and_its_cards_use_it(project):
    (project / "cards/mini/game.yaml").write_text((project / "cards/mini/game.yaml").read_text() + MUSTER)
    with_effect(project, "[{muster: rolled}]")
    step = fireball(project).effect[0]
    assert (step.verb, step.args) == ("muster", {"room": "rolled"})
    from pnp.model.game import load_game

    verbs = load_game(project, "mini").manifest.verbs
    from pnp.core.errors import Problems
    from pnp.model.effects.verbs import game_verbs

    assert effect_sentence((step,), game_verbs(verbs, lambda path: None, Problems())) == \
        "Every Captain moves to rolled."


RESOLVE = '''verbs:
  resolve:
    does: "the crew ends an ongoing card early by spending Actions"
    args: {actions: count}
    reads: "Spend {{ actions }} Actions to end this card."
'''


def test_a_games_own_resolve_verb_is_a_step_and_beside_another_verb_it_is_the_resolve_cost(project):
    """`resolve:` alone is the game's verb (Voyage's); written beside a verb with `until: resolved`, its cost."""
    (project / "cards/mini/game.yaml").write_text((project / "cards/mini/game.yaml").read_text() + RESOLVE)
    with_effect(project, "[{resolve: 4}, {change: {track: morale, by: -2}, until: resolved, resolve: {spend: "
                "{resource: coins, amount: 3}}}]")
    own, lowered = fireball(project).effect
    assert (own.verb, own.args, own.when) == ("resolve", {"actions": 4}, {})
    assert lowered.verb == "change" and [(s.verb, s.args) for s in lowered.when["resolve"]] == [
        ("spend", {"resource": "coins", "amount": 3})]
    assert effect_sentence((lowered,)) == "Lower Morale by 2 until someone pays 3 Coins to resolve it."


def test_a_verb_the_game_does_not_declare_is_refused_with_its_verbs_named(project):
    (project / "cards/mini/game.yaml").write_text((project / "cards/mini/game.yaml").read_text() + MUSTER)
    err = refused(project, "[{mustr: rolled}]")
    assert "unknown verb `mustr`; did you mean 'muster'?" in err, err


@pytest.mark.parametrize(("declared", "said"), [
    ("verbs:\n  draw: {does: x, args: {count: count}, reads: x}\n", "game.yaml:12:3: verbs.draw: `draw` is one of "
     "pnp's verbs (docs/effects.md): give yours another name"),
    ("verbs:\n  muster: {does: x, args: {room: room}, reads: x}\n", "game.yaml:12:28: verbs.muster.args.room: expected "
     "one of 'count', 'amount', 'name', 'place', 'steps', 'faces', 'text', got 'room'"),
    ("verbs:\n  muster: {does: x, args: {}, reads: x}\n", "a verb takes at least one argument"),
    ("verbs:\n  muster: {does: x, args: {room: place}, reads: '{{ room '}\n", "its sentence is not a template"),
])
def test_a_wrong_game_verb_is_refused_at_its_line(project, declared, said):
    (project / "cards/mini/game.yaml").write_text((project / "cards/mini/game.yaml").read_text() + declared)
    result = run_pnp("check", "mini", cwd=project)
    assert result.code == 2 and said in result.err and "Traceback" not in result.err, result.err


def test_a_text_that_says_the_effects_number_passes_and_one_that_does_not_is_an_error_at_the_text(project):
    with_effect(project, "[{tokens: {place: rolled, add: 1}}]")  # its text: "... Add 1 Damage Token."
    assert run_pnp("check", "mini", cwd=project).code == 0
    edit(project / "cards/mini/spells.yaml", "add: 1}}]", "add: 2}}]")
    result = run_pnp("check", "mini", cwd=project)
    assert result.code == 1, result.out + result.err
    assert ("cards/mini/spells.yaml:16:5: spell/fireball: text: its effect plays 2 (tokens add) and its text never "
            "says 2") in result.out, result.out


def test_a_card_prints_its_effects_own_words(project, tmp_path):
    with_effect(project, '[{repeat: 2, do: [{tokens: {place: rolled, add: 1}}]}]')
    edit(project / "cards/mini/spells.yaml", 'text: "Deal :damage: to a **Room**. Add 1 Damage Token."',
         'text: "{{ card.effect }}"')
    assert run_pnp("check", "mini", cwd=project).code == 0  # its own words agree with it
    out = tmp_path / "out"
    result = run_pnp("build", "mini", "--out", str(out), cwd=project)
    assert result.code == 0, result.err
    text = text_of(out / "spell.pdf")
    assert "Twice: add 1 token to" in " ".join(text.split()), text
