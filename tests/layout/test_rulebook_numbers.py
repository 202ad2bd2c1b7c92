"""Every number a rulebook's author types before a name of the game is checked against the game: a component's
printed count or its setup count, a game noun's numbers (Rounds, Actions, faces) where the game keeps them, a
track's percentages; each other number is a rule error at its line and column (pnp/layout/rulebook/numbers.py)."""

from __future__ import annotations

from pathlib import Path

from pnp.layout.rulebook.numbers import number_of

from conftest import copy_of, errors_of, run_pnp

WRONG = {  # a sentence with a hand-typed number that is not the game's -> the start of what is said at it
    "The box holds 7 Captains.": "7 Captains: the build prints 6; write {{ count('captain') }}",
    "The board holds 12 Rooms.": "12 Rooms: the build prints 16",
    "Survive 12 Rounds.": "12 Rounds: the game holds no 12 for it (",
    "The crew gets 12 Actions.": "12 Actions: the game holds no 12 for it (data['ship'].actions_per_round is 10",
    "Repair costs 4 Actions.": "4 Actions: the game holds no 4 for it (data['tasks'].tasks[4].cost is 5",
    "The Happiness meter starts at 60%.": "60%: no track of the game counted in % holds 60 here "
                                          "(cards['happiness-meter'].start is 50)",
    "The Peril Die has 12 faces.": "12 faces: the game holds no 12 for it (data['peril-die'].faces | length is 10",
    "The box holds forty-two Ability Cards.": "forty-two Ability Cards: the build prints 44",
}
RIGHT = ["All players draw 3 Ability Cards.", "A Room holds at most 3 Damage Tokens.", "Survive 10 Rounds.",
         "Repair costs 5 Actions.", "The Peril Die has 10 faces.", "The box holds 6 Captains and forty-four Ability "
         "Cards.", "The crew loses when 4 Rooms are Destroyed.", "Entertain raises Happiness by 10%.",
         "One ship board shows the whole liner."]


def test_number_words_are_read():
    assert [number_of(w) for w in ("44", "forty-four", "Three", "twelve", "twenty", "ninety-nine", "fourty", "a")] \
        == [44, 44, 3, 12, 20, 99, None, None]


def test_each_hand_typed_number_is_caught_at_its_place_and_each_true_one_passes(voyage_copy: Path):
    book = voyage_copy / "cards/voyage/rulebook.md"
    book.write_text(book.read_text() + "\n# Numbers\n\n" + "\n\n".join([*WRONG, *RIGHT]) + "\n")
    lines = book.read_text().splitlines()
    result = run_pnp("check", "voyage", "--format", "json", cwd=voyage_copy)
    assert result.code == 1, result.out
    found = [e for e in errors_of(result) if e["rule"] == "rulebook-count"]
    assert len(found) == len(WRONG), [e["message"] for e in found]
    for (sentence, said), err in zip(WRONG.items(), found, strict=True):
        line = next(n for n, text in enumerate(lines, 1) if text == sentence)
        number = said.split(":")[0].split()[0]
        assert (err["file"], err["line"], err["col"]) == ("cards/voyage/rulebook.md", line,
                                                          sentence.index(number) + 1), (sentence, err)
        assert err["message"].startswith(said), (said, err["message"])
    book.write_text(book.read_text().replace("\n\n".join(WRONG), ""))
    assert run_pnp("check", "voyage", "--strict", cwd=voyage_copy).code == 0  # the true sentences alone pass


THRESHOLDS_WRONG = {  # a threshold typed by hand with no name after it, not the game's -> what is said at it
    "Every die showing 5 or more is a success.": "5 or more: the game holds no 5 for what this sentence names "
                                                 "(data['crew'].test.success_from is 4",
    "A crew member may hold at least 3 ranks.": "at least 3: the game holds no 3 for what this sentence names "
                                                "(data['crew'].ranks is 2",
}
THRESHOLDS_RIGHT = ["Every die showing 4 or more is a success.", "A crew member may hold at most 2 ranks.",
                    "Roll one or more dice."]


def test_a_hand_typed_threshold_is_checked_against_the_data_its_sentence_names(tmp_path: Path):
    ark = copy_of(tmp_path, "arkship")
    book = ark / "cards/arkship/rulebook.md"
    book.write_text(book.read_text() + "\n# Thresholds\n\n" + "\n\n".join([*THRESHOLDS_WRONG, *THRESHOLDS_RIGHT])
                    + "\n")
    lines = book.read_text().splitlines()
    result = run_pnp("check", "arkship", "--format", "json", cwd=ark)
    assert result.code == 1, result.out
    found = [e for e in errors_of(result) if e["rule"] == "rulebook-count"]
    assert len(found) == len(THRESHOLDS_WRONG), [e["message"] for e in found]
    for (sentence, said), err in zip(THRESHOLDS_WRONG.items(), found, strict=True):
        line = next(n for n, text in enumerate(lines, 1) if text == sentence)
        start = said.split(":")[0]
        assert (err["file"], err["line"]) == ("cards/arkship/rulebook.md", line), (sentence, err)
        assert err["col"] == sentence.index(start.split()[0] if start[0].isdigit() else start.split()[-1]) + 1, err
        assert err["message"].startswith(said), (said, err["message"])
