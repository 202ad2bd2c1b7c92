"""Cases that each break a copy of a bundled game and check it, checked several to a copy: `checked_together`
gives a case the copy that holds its break and the others of its group, and what the check said of it, made
once per group. Only cases that cannot hide, change or add to each other's errors go in one group: each group
of a module is held to that by checking its breaks one by one (every field of every error the same, each
error's line read as its text, which a break elsewhere in the file may move)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from conftest import copy_of


def checked_together(base: Callable[[str], Path], game: str, groups: Sequence[tuple[int, ...]],
                     breaks: Callable[[Path, int], None], check: Callable[[Path], Any]) -> Callable[[int], tuple]:
    """`get(case)`: (the broken copy, `check(copy)`) for the group of `groups` that holds `case` (a case in
    none is a group of its own); `base(name)` makes an empty folder (tmp_path_factory.mktemp)."""
    made: dict[tuple[int, ...], tuple[Path, Any]] = {}

    def get(case: int) -> tuple[Path, Any]:
        group = next((g for g in groups if case in g), (case,))
        if group not in made:
            root = copy_of(base(f"{game}-broken"), game)
            for each in group:
                breaks(root, each)
            made[group] = root, check(root)
        return made[group]

    return get
