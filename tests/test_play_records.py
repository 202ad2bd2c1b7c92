"""What a play module records and returns passes one bounded path (pnp.play.table's Record, run._ended): a
meter that is not a finite number, a loss reason of megabytes, a round past the bound, a card that is not
the game's are each a located error at the module's line (exit 2, never a traceback or exit 3); what game
code says reaches the terminal and the page escaped; its files are held to the project, and a syntax error
in them is located as any other error; the cards it reads refuse a change."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import DATA, run_pnp

PLAY = "cards/coins/play.py"


@pytest.fixture
def coins(tmp_path: Path) -> Path:
    return Path(shutil.copytree(DATA / "simulate", tmp_path / "sim"))


def edit(root: Path, old: str, new: str) -> int:
    """`old` in Coins' play module replaced by `new`; the line it is on."""
    play = root / PLAY
    text = play.read_text()
    assert old in text
    play.write_text(text.replace(old, new, 1))
    return text[:text.index(old)].count("\n") + 1


def simulate(root: Path, *args: str) -> tuple[int, str, str]:
    result = run_pnp("--root", str(root), "simulate", "coins", "--players", "1", "--games", "5", "--jobs", "1", *args)
    assert "Traceback" not in result.err
    return result.code, result.out, result.err


METER = 'self.table.record.meter("purse", self.purse)'
REASON = '"out of turns"'


@pytest.mark.parametrize(("old", "new", "said"), [
    (METER, 'self.table.record.meter("purse", "ten")', "meter 'purse' is a finite number (int or float), not str"),
    (METER, 'self.table.record.meter("purse", float("nan"))', "meter 'purse' is a finite number (int or float), not nan"),
    (METER, 'self.table.record.meter("x" * 10_000_000, 1)', "a meter's name 'xxx"),
    (METER, 'self.table.record.count("turn", 10 ** 100)', "the count of 'turn'"),
    (METER, 'self.table.record.play("coin", "platinum")', "the card 'coin/platinum' is not one of the game's cards"),
    (METER, '[self.table.record.meter(f"m{k}", 1) for k in range(10_000)]', "more than 200 meters in one game"),
])
def test_a_record_that_does_not_fit_is_located_at_its_call(coins, old, new, said):
    line = edit(coins, old, new)
    code, out, err = simulate(coins, "--format", "json")
    assert code == 2 and not out
    assert err.startswith(f"{PLAY}:{line}: the play module recorded what does not fit its record: "), err
    assert said in err and len(err) < 1_000, err  # a 10 MB name is named, not printed


@pytest.mark.parametrize(("old", "new", "said"), [
    (REASON, '"x" * 10_000_000', "the reason is text of at most 200 characters"),
    ("self.turn)\n", "10 ** 9)\n", "the round is an int from 0 to 1,000, not 1000000000"),
    ("won = self.purse >= self.goal", "won = 'yes'", "won is True or False"),
])
def test_an_outcome_that_does_not_fit_is_located_at_outcome(coins, old, new, said):
    edit(coins, old, new)
    at = (coins / PLAY).read_text().split("\n").index("    def outcome(self) -> Outcome:") + 1
    code, out, err = simulate(coins)
    assert code == 2 and not out
    assert err.startswith(f"{PLAY}:{at}: outcome() returns Outcome(won, reason, round): {said}"), err
    assert len(err) < 1_000


def test_what_game_code_says_reaches_the_terminal_and_the_page_escaped(coins):
    edit(coins, REASON, '"\\x1b[2Jgone\\u202e"')
    edit(coins, METER, 'self.table.record.meter("purse\\x07", self.purse)')
    for fmt in ("text", "json", "html"):
        code, out, err = simulate(coins, "--format", fmt)
        assert code == 0, err
        assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out, fmt
        assert "\\x1b[2Jgone\\u202e" in (json.loads(out)["groups"][0]["losses"][0]["reason"] if fmt == "json" else out)
    edit(coins, "        self.turn += 1\n", "        raise ValueError('\\x1b]0;owned\\x07')\n")
    code, _, err = simulate(coins)
    assert code == 2 and "\x1b" not in err and "ValueError: \\x1b]0;owned\\x07" in err, err


def test_a_syntax_error_is_located_at_its_line_and_column(coins):
    edit(coins, "from pnp.play import", "def broken(:\nfrom pnp.play import")
    line = (coins / PLAY).read_text().split("\n").index("def broken(:") + 1
    code, out, err = simulate(coins)
    assert code == 2 and not out
    assert re.match(rf"{PLAY}:{line}:\d+: syntax error in the play module: ", err), err


def test_a_play_module_that_leads_outside_the_project_is_refused(coins, tmp_path):
    outside = tmp_path / "elsewhere.py"
    shutil.move(coins / PLAY, outside)
    (coins / PLAY).symlink_to(outside)
    code, out, err = simulate(coins)
    assert code == 2 and not out
    assert err.startswith(f"{PLAY}: this play module file leads outside the project"), err


def test_the_cards_are_read_only_to_game_code(coins):
    """A play module that changed a card's fields made each worker's games differ from the next's (`--jobs 1`
    and `--jobs 2` gave different reports): the change is refused at its line."""
    line = edit(coins, "        self.turn += 1\n", "        self.table.cards('coin')['gold']['value'] += 1\n"
                                                   "        self.turn += 1\n")
    code, out, err = simulate(coins)
    assert code == 2 and not out
    assert err.startswith(f"{PLAY}:{line}: the play module failed: TypeError: 'mappingproxy' object does not "
                          "support item assignment"), err
    edit(coins, "self.table.cards('coin')['gold']['value'] += 1", "self.table.data('die')['faces'].append(1)")
    code, _, err = simulate(coins)
    assert code == 2 and f"{PLAY}:{line}: the play module failed: AttributeError" in err, err
