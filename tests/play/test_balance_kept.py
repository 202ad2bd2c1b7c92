"""A balance rule's findings are kept between checks where nothing its games read changed (pnp/play/balance_kept.py):
the same report, without playing again; an edit to the rulebook keeps them, an edit to a card's field plays again."""

from __future__ import annotations

from conftest import edit, run_pnp


def test_the_findings_are_kept_until_what_the_games_read_changes(voyage_copy, tmp_path, monkeypatch):
    import pnp.play.balance_play as balance

    root = voyage_copy
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    played = []
    real = balance.balance_problems
    monkeypatch.setattr(balance, "balance_problems", lambda *a, **k: played.append(1) or real(*a, **k))
    edit(root / "cards/voyage/rules.yaml", "games: 120, min: 50, max: 97, card_effect: 40,",  # few games, no ablation
         "games: 20, min: 99, max: 100,")
    first = run_pnp("check", "voyage", "--format", "json", cwd=root)
    assert first.code == 1 and "outside 99-100 %" in first.out  # a finding, located at the rule
    again = run_pnp("check", "voyage", "--format", "json", cwd=root)
    assert (again.code, again.out) == (first.code, first.out) and len(played) == 1  # kept: the same report
    edit(root / "cards/voyage/rulebook.md", "# Setup", "# Setting up")  # prose: no game reads it
    assert run_pnp("check", "voyage", "--format", "json", cwd=root).out.count("outside 99-100 %") >= 1
    assert len(played) == 1
    edit(root / "cards/voyage/abilities.yaml", "cost: 6", "cost: 5")  # a card's field: its games change
    assert run_pnp("check", "voyage", "--format", "json", cwd=root).code == 1 and len(played) == 2
    assert run_pnp("check", "voyage", "--no-custom-rules", "--format", "json", cwd=root).code == 0
    assert len(played) == 3  # without the game's code the rule is not played: another key
