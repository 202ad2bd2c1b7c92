"""Voyage played whole (cards/voyage/play/): one number lives once, in YAML, and both the printed card and the
simulated game read it; every card does something in the simulation; the report says how games are lost."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import REPO, edit, run_pnp
from pdfcheck import text_of

DECKS = ("ability", "event", "room", "captain")


def voyage(*args: str, root: Path = REPO) -> dict:
    result = run_pnp("--root", str(root), "simulate", "voyage", "--format", "json", "--jobs", "2", *args)
    assert result.code == 0, result.err
    return json.loads(result.out)


@pytest.fixture
def voyage_copy(tmp_path: Path) -> Path:
    root = tmp_path / "voyage"
    for folder in ("cards/voyage", "templates/voyage", "fonts"):
        shutil.copytree(REPO / folder, root / folder, ignore=shutil.ignore_patterns("output", "__pycache__"))
    return root


def test_an_events_damage_changes_the_printed_card_and_the_win_rate(voyage_copy, tmp_path):
    events = voyage_copy / "cards" / "voyage" / "events.yaml"
    text = events.read_text()
    at = text.index("id: meteor-shower")
    damage = int(re.search(r"damage: (\d+)", text[at:]).group(1))
    events.write_text(text[:at] + text[at:].replace(f"damage: {damage}", f"damage: {damage + 1}", 1))
    built = run_pnp("--root", str(voyage_copy), "build", "voyage", "--out", str(tmp_path / "out"))
    assert built.code == 0, built.err
    printed = text_of(tmp_path / "out" / "event.pdf")
    flat = " ".join(printed.split())
    said = f"Roll the Peril Die 2 times. Add {damage + 1} Damage Tokens to the Room shown by each roll"
    assert said in flat, flat[:1500]
    assert "{{" not in printed
    before = voyage("--players", "1", "--games", "300")["groups"][0]
    after = voyage("--players", "1", "--games", "300", root=voyage_copy)["groups"][0]
    assert after["win"]["rate"] < before["win"]["rate"], (before["win"], after["win"])
    assert sum(x["games"] for x in after["losses"] if "destroyed" in x["reason"]) > \
        sum(x["games"] for x in before["losses"] if "destroyed" in x["reason"])


def test_every_card_of_every_deck_does_something_in_the_simulation():
    """Every card is played in some game: the random crew plays what the baseline finds too weak, the
    baseline what the random crew seldom can (a Miracle Wrench needs a Captain in a damaged Room: once
    in 300 random games)."""
    report = voyage("--players", "4", "--games", "150", "--policy", "random,baseline")
    played = {c["card"] for group in report["groups"] for c in group["cards"] if c["played_games"]}
    from pnp.model.game import load_game

    game = load_game(REPO, "voyage")
    every = {f"{d}/{c.id}" for d in DECKS for c in game.deck(d).cards}
    assert every - played == set()
    # every card does what its effect says (each has one; no id in the play package: test_voyage_effects.py)
    assert all(c.effect for deck in DECKS for c in game.deck(deck).cards)


def test_the_report_says_how_games_are_lost_round_by_round():
    report = voyage("--players", "1-2", "--games", "120", "--policy", "random")
    assert [g["players"] for g in report["groups"]] == [1, 2]
    for group in report["groups"]:
        reasons = {loss["reason"] for loss in group["losses"]}
        assert reasons <= {"happiness at 0", "sanitation at 0", "4 rooms destroyed"} and reasons
        assert sum(x["games"] for x in group["losses"]) == group["win"]["games"] - group["win"]["wins"]
        assert set(group["meters"]) == {"happiness", "sanitation", "destroyed rooms"}
        first = group["meters"]["happiness"][0]
        assert first[0] <= first[1] <= first[2]
    assert report["groups"][0]["win"]["rate"] < 0.5  # a random crew mostly sinks


def test_the_baseline_plays_better_than_chance():
    random_rate = voyage("--players", "2", "--games", "150", "--policy", "random")["groups"][0]["win"]
    baseline = voyage("--players", "2", "--games", "150")["groups"][0]["win"]
    assert baseline["low"] > random_rate["high"]


def test_voyage_passes_its_balance_rule_and_a_planted_unwinnable_change_fails_it_at_the_rules_line(voyage_copy,
                                                                                                     shared_check):
    rules = (REPO / "cards" / "voyage" / "rules.yaml").read_text()
    line = rules[:rules.index("id: winnable-not-certain")].count("\n") + 1
    passed = shared_check("--all", "--strict")  # every bundled game's rules, Voyage's balance among them
    assert passed.code == 0 and "voyage: 0 errors, 0 warnings: ok" in passed.out, passed.out + passed.err
    tracks = voyage_copy / "cards" / "voyage" / "tracks.yaml"
    tracks.write_text(tracks.read_text().replace("per_round: -10", "per_round: -50"))  # Happiness 0 in round 2
    # the win rate is the subject: the copy's rule without its card effects, each card's ablation played again on
    # every broken deal (the ablation's findings at the rule's line: tests/play/test_ablation.py)
    edit(voyage_copy / "cards" / "voyage" / "rules.yaml", "max: 97, card_effect: 40,", "max: 97,")
    failed = run_pnp("--root", str(voyage_copy), "check", "voyage", "--format", "github")
    assert failed.code == 1
    assert f"file=cards/voyage/rules.yaml,line={line}" in failed.out
    shown = run_pnp("--root", str(voyage_copy), "check", "voyage")
    assert shown.code == 1 and "1 player: the baseline crew wins " in shown.out and "outside 50-97 %" in shown.out
    skipped = run_pnp("--root", str(voyage_copy), "check", "voyage", "--no-custom-rules")
    assert "not run (--no-custom-rules)" in skipped.out + skipped.err
