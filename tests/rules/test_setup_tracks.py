"""A track's start is kept once: a setup step that names a track card (`{track: happiness-meter}`) starts the track
where the card's `start` says, in the deal, the setup's words and the rulebook; a `value:` beside it is a second
copy, an error at its line."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import edit, errors_of, run_pnp
from pdfcheck import text_of

TRACKS = "cards/voyage/tracks.yaml"


def test_a_changed_start_changes_the_deal_the_setup_and_the_rulebook(voyage_copy: Path):
    edit(voyage_copy / TRACKS, 'unit: "%", start: 50,', 'unit: "%", start: 60,')
    dealt = run_pnp("setup", "voyage", "--players", "2", "--format", "json", cwd=voyage_copy)
    assert dealt.code == 0, dealt.err
    assert json.loads(dealt.out)["table"]["happiness"] == 60
    built = run_pnp("build", "voyage", cwd=voyage_copy)
    assert built.code == 0, built.err
    book = " ".join(text_of(voyage_copy / "output/voyage/voyage-rulebook.pdf").split())
    assert "Set the Happiness track to 60%" in book and "Start at 60%" in book  # the setup and the track card
    assert "to 50" not in book and "happiness track" not in book


def test_a_second_copy_of_a_start_is_an_error_at_its_line(voyage_copy: Path):
    rules = voyage_copy / "cards/voyage/rules.yaml"
    edit(rules, "{track: happiness-meter, label: happiness}", "{track: happiness-meter, label: happiness, value: 50}")
    line = next(n for n, text in enumerate(rules.read_text().splitlines(), 1) if "value: 50}" in text)
    result = run_pnp("check", "voyage", "--format", "json", cwd=voyage_copy)
    assert result.code == 2, result.out + result.err
    (err,) = errors_of(result)
    assert (err["file"], err["line"], err["subject"]) == ("cards/voyage/rules.yaml", line, "table[1].value")
    assert err["message"].startswith(f"happiness-meter's start is kept in its deck ({TRACKS}:") and \
        "`start: 50`): drop `value:` here, the setup reads it from the card" in err["message"], err


def test_a_track_without_a_card_keeps_its_value():
    dealt = run_pnp("setup", "arkship", "--players", "2", "--format", "json")
    assert dealt.code == 0, dealt.err
    assert json.loads(dealt.out)["table"]["progress"] == 1
    assert errors_of(run_pnp("check", "arkship", "--format", "json")) == []
