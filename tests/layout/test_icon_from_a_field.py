"""A card's field shown as an icon in its text (`:{{ card.crop }}:`): a value no icon has is said at its field, as
that field's, and the rules still run; a value that names an icon is drawn as that icon."""

from __future__ import annotations

from pathlib import Path

from conftest import edit, run_pnp

TINY = "cards/tiny/cards.yaml"


def with_crops(root: Path, crop: str) -> None:
    """The tiny game's first card shows its `crop` field as an icon; a rule holds crops to the board's spaces."""
    edit(root / TINY, "  text: {type: text}", "  text: {type: text}\n  crop: {type: text, required: false}")
    edit(root / TINY, 'color: red, text: "First card."',
         f'color: red, crop: {crop}, text: "Plant :{{{{ card.crop }}}}:."')
    edit(root / "cards/tiny/rules.yaml", "  - {id: no-forbidden,",
         "  - {id: crops, kind: reference, source: {deck: card, field: crop, where: 'card.crop'}, "
         "target: {data: board, items: spaces, field: id}}\n  - {id: no-forbidden,")


def test_an_unknown_crop_shown_as_an_icon_is_said_at_its_field_and_the_rules_still_run(project):
    with_crops(project, "dammage")
    result = run_pnp("--root", str(project), "check", "tiny")
    assert result.code == 1, result.out + result.err  # a rule finding, not bad input that stops the check
    said = ("cards/tiny/cards.yaml:14:62: card/alpha: unknown crop 'dammage': text shows card.crop as an icon "
            "(`:{{ card.crop }}:`) and no icon has that name (icons: damage, dot); did you mean 'damage'?")
    assert said in result.out
    assert "cards/tiny/cards.yaml:14:62: card/alpha: 'dammage' is not among ['x', 'y']" in result.out  # the rule ran
    assert "unknown icon" not in result.out


def test_a_crop_that_names_an_icon_is_drawn_as_one(project):
    with_crops(project, "damage")
    result = run_pnp("--root", str(project), "check", "tiny")
    assert "icon-value" not in result.out  # drawn as the icon it names
    assert "card/alpha: 'damage' is not among ['x', 'y']" in result.out  # (no board space: the rule says so)
