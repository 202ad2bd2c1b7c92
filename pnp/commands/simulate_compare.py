"""`pnp simulate GAME --compare REV`: the game as committed at a git revision against the working tree, on the
same deals and dice (common random numbers), with what changed in its cards and the paired differences.

The revision's files that play the game (its YAML, data tables and Python: not its art) are read with
`git archive`, bounded, into a folder of their own, and played there as any game is: its play module runs in
the sandboxed worker. The folder is removed after.
"""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from pathlib import Path
from typing import Any

from pnp.commands.command_output import Refused
from pnp.core import bounds

PLAYED = ("yaml", "yml", "py", "csv", "tsv", "xlsx", "ods", "json")  # the files that play a game, not its art
WORKING = "working tree"


def _git(cwd: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", "-C", str(cwd), *args], capture_output=True, timeout=60)


def revision_game(root: Path, game: str, rev: str, into: Path) -> None:
    """The files of cards/GAME that play it, as committed at `rev`, written under `into` (a project of its own);
    a revision that is not one, a folder not in git, a revision without the game: Refused, in one line."""
    if not rev or rev.startswith("-") or len(rev) > 200 or not rev.isprintable():
        raise Refused(f"--compare {rev[:40]!r}: a git revision (a tag, a branch, a commit, HEAD~1)")
    top = _git(root, "rev-parse", "--show-toplevel")
    if top.returncode != 0:
        raise Refused(f"--compare {rev}: {root} is not in a git repository")
    if _git(root, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}").returncode != 0:
        raise Refused(f"--compare {rev}: no such revision in this repository (try a tag, a branch or HEAD~1)")
    folder = (root / "cards" / game).resolve().relative_to(Path(top.stdout.decode().strip()).resolve()).as_posix()
    listed = _git(root, "ls-tree", "-r", "-l", "-z", rev, "--", folder)
    files: list[str] = []
    size = 0
    for entry in listed.stdout.split(b"\0"):
        meta, _, name = entry.decode(errors="replace").partition("\t")
        parts = meta.split()
        if len(parts) == 4 and parts[1] == "blob" and name.rsplit(".", 1)[-1].lower() in PLAYED:
            files.append(name)
            size += int(parts[3])
    if size > bounds.REVISION_BYTES or len(files) > bounds.REVISION_FILES:
        raise Refused(f"--compare {rev}: cards/{game} at {rev} holds {len(files):,} files, {size // 2 ** 20} MB, "
                      f"that play it: at most {bounds.REVISION_FILES:,} and {bounds.REVISION_BYTES // 2 ** 20} MB")
    made = _git(root, "archive", "--format=tar", rev, "--", *(f":(literal){f}" for f in files)) if files else None
    if made is None or made.returncode != 0:
        raise Refused(f"--compare {rev}: {rev} does not hold cards/{game} (the game came after it?)")
    with tarfile.open(fileobj=io.BytesIO(made.stdout)) as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.startswith(folder + "/"):
                member.name = f"cards/{game}/{member.name[len(folder) + 1:]}"
                tar.extract(member, into, filter="data")  # (no path outside `into`, no links, no devices)
    if not (into / "cards" / game / "game.yaml").is_file():
        raise Refused(f"--compare {rev}: {rev} does not hold cards/{game}/game.yaml")


def _steps(steps: Any) -> Any:
    """An effect's steps as what they do (verb, arguments, when), not where they are written."""
    if isinstance(steps, list | tuple):
        return tuple(_steps(s) for s in steps)
    if hasattr(steps, "verb"):
        return (steps.verb, tuple((k, _steps(v)) for k, v in steps.args.items()), tuple(sorted(steps.when.items())))
    if isinstance(steps, dict):
        return tuple((k, _steps(v)) for k, v in steps.items())
    return steps


class _Said(str):
    """A card's effect sentence that compares by the steps it says (the same steps, said anew, are no change)."""
    steps: Any = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Said) and self.steps == other.steps

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = str.__hash__


def _fields(card: Any) -> dict[str, Any]:
    data = dict(card.data)
    if "effect" in data:
        said = _Said(data["effect"])
        said.steps = _steps(card.effect)
        data["effect"] = said
    return data


def card_changes(old: Any, new: Any, most: int = 40) -> list[str]:
    """What changed in the cards between two versions of a game: cards added, removed, and fields changed
    (a card's `effect` is its sentence); at most `most` lines, then how many more."""
    lines: list[str] = []
    before = {d.id: {c.id: _fields(c) for c in d.cards} for d in old.decks}
    after = {d.id: {c.id: _fields(c) for c in d.cards} for d in new.decks}
    for deck in dict.fromkeys([*before, *after]):
        was, now = before.get(deck, {}), after.get(deck, {})
        lines += [f"{deck}/{card}: added" for card in now if card not in was]
        lines += [f"{deck}/{card}: removed" for card in was if card not in now]
        for card in (c for c in now if c in was):
            for name in dict.fromkeys([*was[card], *now[card]]):
                if was[card].get(name) != now[card].get(name):
                    old_value, new_value = (str(v) if isinstance(v, _Said) else v
                                            for v in (was[card].get(name), now[card].get(name)))
                    lines.append(f"{deck}/{card}.{name}: {old_value!r} -> {new_value!r}")
    return lines[:most] + ([f"... and {len(lines) - most} more"] if len(lines) > most else [])


def compare(root: Path, game: str, rev: str, players: str | None, games: int | None, seed: int, policy: str,
            jobs: int | None, custom: bool, progress: Any, options: list[str] | None = None) -> dict[str, Any]:
    """Both versions played on the same deals: the report of each, what changed, and the paired rows."""
    from pnp.model.game import load_game
    from pnp.play.lab import simulate
    from pnp.play.paired import comparisons, seat_comparisons
    from pnp.play.seating import is_seating

    if "," in policy and not is_seating(policy):  # a list of policies; a seating (1=mcts,2-4=greedy) is one side
        raise Refused(f"--compare plays one side on both versions, not the policies {policy}: name one policy, or "
                      "a policy per seat (1=mcts,2-4=greedy)")
    with tempfile.TemporaryDirectory(prefix="pnp-compare-") as tmp:
        old_root = Path(tmp)
        revision_game(root, game, rev, old_root)
        old_won: dict[tuple[int, int, int], bool] = {}
        new_won: dict[tuple[int, int, int], bool] = {}
        old_seats: dict[tuple[int, int, int], tuple | None] = {}  # each game's winning seats, as dealt
        new_seats: dict[tuple[int, int, int], tuple | None] = {}
        old = simulate(old_root, game, players, games, seed, policy, None, jobs, custom, progress=progress,
                       won=old_won, options=options, winners=old_seats)
        new = simulate(root, game, players, games, seed, policy, None, jobs, custom, progress=progress, won=new_won,
                       options=options, winners=new_seats)
        changes = card_changes(load_game(old_root, game), load_game(root, game))
    if old.get("kind") == "odds" or new.get("kind") == "odds":
        raise Refused("--compare plays the game: this one's odds are worked out exactly, with no play module")
    counts = [n for n in new["players"] if n in old["players"]]
    rows = comparisons([(rev, {(n, i): w for (_, n, i), w in old_won.items()}),
                        (WORKING, {(n, i): w for (_, n, i), w in new_won.items()})], counts, "version")
    seats = seat_comparisons((rev, {(n, i): w for (_, n, i), w in old_seats.items()}),
                             (WORKING, {(n, i): w for (_, n, i), w in new_seats.items()}), counts, "version")
    return {"kind": "compare", "game": game, "name": new["name"], "rev": rev, "policy": policy,
            "policy_is": new.get("policy_is", {}).get(policy, ""), "seed": seed,
            "games": new["games"], "players": counts, "changes": changes, "paired": rows,
            **({"seats": seats} if seats else {})}  # a competitive game: each seat's wins, paired
