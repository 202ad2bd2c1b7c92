"""A card's field written as an expression over the game's data (`copies: "{{ data.oob[...] }}"`): evaluated
once at load, typed, located when it fails, and seen as a value by every stage after the load."""

from __future__ import annotations

import pytest

from pnp.core.errors import InputError
from pnp.model.game import load_game
from pnp.rules.check import check_game

from conftest import REPO, edit, run_pnp

CARDS = "cards/tiny/cards.yaml"
ALPHA = "{id: alpha, name: Alpha, cost: 1,"


@pytest.fixture
def oob(project):
    """The tiny game with an order-of-battle table: counts by colour and tier, one of them written as text."""
    edit(project / "cards/tiny/game.yaml", "  die: die.yaml", "  die: die.yaml\n  oob: oob.yaml")
    (project / "cards/tiny/oob.yaml").write_text("counts:\n  red: {low: 2, high: 2}\n  blue: {low: \"2\"}\n"
                                                  "costs: {alpha: 1}\n")
    return project


def refused(root) -> list[str]:
    with pytest.raises(InputError) as exc:
        load_game(root, "tiny")
    return [str(p) for p in exc.value.problems]


def card(root, card_id: str):
    return next(c for c in load_game(root, "tiny").deck("card").cards if c.id == card_id)


def test_copies_and_a_number_come_from_a_data_table(oob):
    edit(oob / CARDS, ALPHA, "{id: alpha, name: Alpha, copies: \"{{ data.oob.counts[card.color][card.tier] }}\", "
                             "cost: \"{{ data.oob.costs[card.id] }}\",")
    edit(oob / CARDS, "{id: beta, name: Beta,", "{id: beta, name: Beta, copies: \"{{ data.oob.counts.blue.low }}\",")
    alpha, beta = card(oob, "alpha"), card(oob, "beta")
    assert (alpha.copies, alpha.data["cost"], beta.copies) == (2, 1, 2)  # "2" in the table: a count, 2
    assert type(beta.copies) is int
    edit(oob / "cards/tiny/oob.yaml", "red: {low: 2,", "red: {low: 3,")
    assert card(oob, "alpha").copies == 3
    assert [str(p) for p in check_game(oob, "tiny").problems if p.rule == "copies"] == [
        "cards/tiny/cards.yaml:13:30: card/alpha: prints 3 copies; every Card card takes 2"]


def test_a_choice_and_a_list_from_data_are_typed_as_their_field(oob):
    edit(oob / "cards/tiny/oob.yaml", "costs:", "tiers: {alpha: high}\ntags: {alpha: [a, b]}\ncosts:")
    edit(oob / CARDS, "  text: {type: text}", "  text: {type: text}\n  tags: {type: list, of: text, required: false}")
    edit(oob / CARDS, "cost: 1, tier: low,", "cost: 1, tier: \"{{ data.oob.tiers[card.id] }}\", "
                                            "tags: \"{{ data.oob.tags.alpha }}\",")
    alpha = card(oob, "alpha")
    assert (alpha.data["tier"], alpha.data["tags"]) == ("high", ["a", "b"])
    edit(oob / "cards/tiny/oob.yaml", "alpha: high", "alpha: hihg")
    said = refused(oob)
    assert said == ["cards/tiny/cards.yaml:14:39: cards[0] (alpha).tier: {{ data.oob.tiers[card.id] }}: expected one "
                    "of 'low', 'high', got 'hihg'; did you mean 'high'?"]


def test_a_missed_key_is_said_at_the_field_with_the_near_names(oob):
    edit(oob / CARDS, ALPHA, "{id: alpha, name: Alpha, copies: \"{{ data.oob.counts[card.color].hihg }}\", cost: 1,")
    assert refused(oob) == [
        "cards/tiny/cards.yaml:13:30: cards[0] (alpha).copies: {{ data.oob.counts[card.color].hihg }}: "
        "data.oob.counts.red has no 'hihg' (it has low, high); did you mean 'high'?"]


def test_a_value_of_the_wrong_type_is_said_at_the_field(oob):
    (oob / "cards/tiny/oob.yaml").write_text("counts: {red: x}\n")
    edit(oob / CARDS, ALPHA, "{id: alpha, name: Alpha, copies: \"{{ data.oob.counts.red }}\", cost: 1,")
    assert refused(oob) == [
        "cards/tiny/cards.yaml:13:30: cards[0] (alpha).copies: {{ data.oob.counts.red }}: expected an integer, "
        "got 'x'"]


@pytest.mark.parametrize(("written", "said"), [
    ("copies: \"{{ card.cost }}\", cost: \"{{ 1 }}\",",
     "cards[0] (alpha).copies: {{ card.cost }} reads card.cost, which is itself an expression: an expression reads "
     "the card's written fields only; read what card.cost reads instead"),
    ("copies: \"{{ 1 + }}\", cost: 1,", "cards[0] (alpha).copies: expression syntax error in '{{ 1 + }}': "),
    ("copies: \"{{ dta.oob }}\", cost: 1,", "cards[0] (alpha).copies: {{ dta.oob }}: 'dta' is undefined; "
                                           "did you mean 'data'?"),
    ("copies: \"{{ card.colour }}\", cost: 1,", "cards[0] (alpha).copies: {{ card.colour }} names the field "
                                               "'colour', which this card does not have; did you mean 'color'?"),
    ("copies: \"{{ 'x' * 10 ** 9 }}\", cost: 1,", "cards[0] (alpha).copies: {{ 'x' * 10 ** 9 }}: a text of "),
])
def test_what_an_expression_field_may_not_do_is_located(oob, written, said):
    edit(oob / CARDS, ALPHA, "{id: alpha, name: Alpha, " + written)
    problems = refused(oob)
    assert len(problems) == 1 and problems[0].startswith("cards/tiny/cards.yaml:13:"), problems
    assert said in problems[0], problems


def test_the_setup_and_the_build_see_the_evaluated_count(oob):
    (oob / "cards/tiny/oob.yaml").write_text("counts: {alpha: 0}\n")
    edit(oob / CARDS, ALPHA, "{id: alpha, name: Alpha, copies: \"{{ data.oob.counts[card.id] }}\", cost: 1,")
    for seed in range(6):
        dealt = run_pnp("--root", str(oob), "setup", "tiny", "--players", "2", "--seed", str(seed))
        assert dealt.code in (0, 1) and "Beta" in dealt.out and "Alpha" not in dealt.out, dealt.out + dealt.err
    built = run_pnp("--root", str(oob), "build", "tiny", "--out", str(oob / "out"), "--force")
    assert built.code == 0, built.err
    import json

    fronts = [(f["id"], f["copy"]) for f in json.loads((oob / "out/manifest.json").read_text())["faces"]
              if f["component"] == "card" and f["side"] == "front"]
    assert sorted(fronts) == [("beta", 1), ("beta", 2), ("gamma", 1), ("gamma", 2)]  # alpha: none


def test_a_text_field_stays_a_template_filled_where_it_is_printed(oob):
    edit(oob / CARDS, 'text: "First card."', 'text: "Costs {{ card.cost }} of {{ deck.count }}."')
    assert card(oob, "alpha").data["text"] == "Costs {{ card.cost }} of {{ deck.count }}."


def test_no_card_field_of_a_bundled_game_is_evaluated_at_load(monkeypatch):
    """The bundled games write their numbers in their fields: loading them never reaches the evaluation (whose
    cost a game without expression fields must not pay), though their text fields hold `{{ }}`."""
    from pnp.model.expressions import card_exprs

    def never(*_: object, **__: object) -> None:
        raise AssertionError("evaluated")

    monkeypatch.setattr(card_exprs, "evaluate", never)
    loaded = load_game(REPO, "voyage")
    assert any("{{" in str(v) for d in loaded.decks for c in d.cards for v in c.data.values())


def test_the_editor_schema_takes_an_expression_where_a_number_goes(oob):
    import jsonschema

    from pnp.commands.schema import deck_schema_path, schemas
    from pnp.model.load import load_file

    edit(oob / CARDS, ALPHA, "{id: alpha, name: Alpha, copies: \"{{ data.oob.counts.red.low }}\", cost: \"{{ 1 }}\",")
    validator = jsonschema.Draft202012Validator(schemas(oob)[deck_schema_path("tiny", "card")])
    data = load_file(oob / CARDS, oob).data
    assert [e.message for e in validator.iter_errors(data)] == []
    data["cards"][0]["cost"] = "three"
    assert [e.message for e in validator.iter_errors(data)] == ["'three' is not of type 'integer'"]


def test_the_rulebook_and_a_card_text_read_the_evaluated_values(oob):
    from pnp.core.errors import Problems
    from pnp.layout.cardtext import filled
    from pnp.layout.rulebook.names import rulebook_names
    from pnp.layout.whole_game import deck_context

    edit(oob / CARDS, ALPHA, "{id: alpha, name: Alpha, copies: \"{{ data.oob.counts.red.high }}\", "
                             "cost: \"{{ data.oob.costs.alpha + 2 }}\",")
    edit(oob / CARDS, 'text: "First card."', 'text: "Costs {{ card.cost }}; {{ deck.count }} printed."')
    game = load_game(oob, "tiny")
    names = rulebook_names(game)
    assert (names["cards"]["alpha"]["copies"], names["cards"]["alpha"]["cost"], names["count"]("card")) == (2, 3, 6)
    deck = game.deck("card")
    problems = Problems()
    shown = filled(deck, deck.cards[0], problems, deck_context(game, deck))
    assert shown["text"] == "Costs 3; 6 printed." and not problems.items


def test_a_text_from_the_table_is_read_as_the_fields_type_would_read_it():
    from typing import Annotated, Literal

    from pnp.model.expressions.card_exprs import _typed
    from pnp.model.schema.reader import Check

    assert _typed("3", Annotated[int, Check(ge=0)]) == 3 and _typed(" 2.5 ", float) == 2.5
    assert _typed("true", bool) is True
    assert _typed("3", Literal["3", "4"]) == "3" and _typed("3", str) == "3"  # a choice or a text stays text
    assert _typed("1" * 5000, int) == "1" * 5000  # (said as not a number, never converted past Python's limit)
