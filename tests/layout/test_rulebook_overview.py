"""```pnp overview CARD```: the turn (or Round) at a glance, drawn from a player aid's `steps:`: every step in order,
its text filled from the data as the card's face fills it, and a card without steps said at the block's line."""

from __future__ import annotations

from pathlib import Path

from conftest import copy_of, edit


def _flow(root: Path, game: str):
    from pnp.commands.build import BuildOptions, prepare
    from pnp.rules.rulebook_flow import rulebook_flow

    prep = prepare(root, game, BuildOptions(check_rules=False))
    made = rulebook_flow(prep.game, prep.decks, prep.env)
    assert made is not None
    return made, prep


def _runs(items) -> list[str]:
    from pnp.layout.scene import TextRun

    out = []
    for item in items:
        if isinstance(item, TextRun):
            out.append(item.text)
        out += _runs(getattr(item, "items", None) or getattr(item, "runs", None) or [])
    return [" ".join(" ".join(out).split())]


def _overview(flow):
    from pnp.layout.rulebook.flow import RulebookTable

    [table] = [t for t in flow if isinstance(t, RulebookTable) and t.rows[0][1] == "**Step**"]
    return [[str(c) for c in row] for row in table.rows[1:]]


def test_voyages_round_at_a_glance_is_the_player_aids_steps_with_the_numbers_of_the_data(tmp_path: Path):
    root = copy_of(tmp_path, "voyage")
    edit(root / "cards/voyage/ship.yaml", "actions_per_round: 10", "actions_per_round: 9")
    edit(root / "cards/voyage/tracks.yaml", "per_round: -10", "per_round: -15")
    (flow, problems), prep = _flow(root, "voyage")
    rows = _overview(flow)
    assert [r[0] for r in rows] == ["**1**", "**2**", "**3**"]
    assert [r[1] for r in rows] == ["**Event**", "**Actions**", "**Round's end**"]
    assert "The crew gains 9 Actions" in rows[1][2]  # the data's number, not a copy typed in the step
    assert "by 15%" in rows[0][2] and "{{" not in rows[0][2] and "{%" not in rows[0][2]
    aid = next(entries for deck, entries, _ in prep.decks if deck.id == "reference")[0][0]  # the card's face: the same
    assert "The crew gains 9 Actions" in " ".join(_runs(aid.items))
    assert not [p for p in problems if "overview" in p.message]


def test_ark_ships_turn_overview_lists_its_steps_in_the_order_of_the_turn_aid(tmp_path: Path):
    import yaml

    root = copy_of(tmp_path, "arkship")
    (flow, _), _ = _flow(root, "arkship")
    steps = next(c for c in yaml.safe_load((root / "cards/arkship/player-aids.yaml").read_text())["cards"]
                 if c["id"] == "turn")["steps"]
    rows = _overview(flow)
    assert [r[1] for r in rows] == [f"**{s['name']}**" for s in steps] and len(rows) == 8
    assert rows[0][2].startswith("Check the progress box")


def test_an_overview_of_a_card_without_steps_is_said_at_its_block(tmp_path: Path):
    root = copy_of(tmp_path, "voyage")
    book = root / "cards/voyage/rulebook.md"
    edit(book, "```pnp overview reference/player-aid", "```pnp overview captain")
    line = book.read_text().splitlines().index("```pnp overview captain") + 1
    (_, problems), _ = _flow(root, "voyage")
    [p] = [p for p in problems if "list of steps" in p.message]
    assert (p.where.file, p.where.line) == ("cards/voyage/rulebook.md", line)
