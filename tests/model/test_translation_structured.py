"""A structured field's words translated string by string (pnp/model/translation/field_paths.py): the player aid's
`steps: [{name, text}]` is translated as `steps.0.text`, the source's structure kept, each path checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.core.errors import InputError, Problems
from pnp.model.game import load_game
from pnp.model.translation.field_paths import leaf, with_leaves, word_leaves
from pnp.model.translation.translated import game_in

from conftest import REPO, copy_of, edit


def test_the_paths_of_a_structured_field_name_its_words_and_not_its_ids():
    steps = [{"name": "Event", "text": "Draw one."}, {"name": "Actions", "text": "Spend them.", "icon": "gear-hammer"}]
    assert list(word_leaves("steps", steps)) == ["steps.0.name", "steps.0.text", "steps.1.name", "steps.1.text"]
    data = {"name": "Aid", "steps": steps}
    out = with_leaves(data, {"steps.1.text": "Dépensez-les.", "name": "Aide"})
    assert out["steps"][1] == {"name": "Actions", "text": "Dépensez-les.", "icon": "gear-hammer"}
    assert (out["name"], leaf(out, "steps.0.text"), leaf(out, "steps.9.text")) == ("Aide", "Draw one.", None)
    assert steps[1]["text"] == "Spend them." and data["name"] == "Aid"  # the source's data is never changed


def test_voyage_in_french_reads_its_round_steps_in_french():
    source = load_game(REPO, "voyage")
    aid = game_in(source, "fr").deck("reference").cards[0]
    english = source.deck("reference").cards[0].data["steps"]
    assert [s["name"] for s in aid.data["steps"]] == ["Événement", "Actions", "Fin de la Manche"]
    assert aid.data["steps"][1]["text"].startswith("L’équipage reçoit {{ data.ship.actions_per_round }}")
    assert english[0]["name"] == "Event"  # the source game keeps its words


def test_a_path_the_source_does_not_have_is_said_at_its_line(tmp_path: Path):
    root = copy_of(tmp_path, "voyage")
    aid = root / "cards/voyage/lang/fr/reference.yaml"
    edit(aid, '  steps.0.name: "Événement"', '  steps.7.name: "Événement"')
    problems = Problems()
    with pytest.raises(InputError) as caught:
        game = game_in(load_game(root, "voyage"), "fr", problems)
        problems.raise_if_errors()
        del game
    said = "\n".join(f"{p.where}: {p.message}" for p in caught.value.problems)
    assert "cards/voyage/lang/fr/reference.yaml:7:3" in said and "steps.7.name" in said
