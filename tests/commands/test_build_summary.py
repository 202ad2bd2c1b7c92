"""`pnp build`'s last line: the files, pages and pieces, and a word on blank pages only when there are some."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from pnp.commands.build import OutFile
from pnp.commands.build_command import build_report

WHY = "left so that each back prints behind its front"


def _summary(blanks: list[int | None]) -> str:
    files = [OutFile(Path(f"/g/output/g/f{i}.pdf"), 2, "", 4, "3 x 3", blank) for i, blank in enumerate(blanks)]
    settings = SimpleNamespace(paper="a4", duplex="long", bleed=3 / 25.4 * 72)
    game = SimpleNamespace(root=Path("/g"), manifest=SimpleNamespace(name="G"))
    result = SimpleNamespace(game=game, files=files, faces={"d": 8}, warnings=[], preflight=[], notes=[],
                             seconds=0.5, settings=settings)
    said = build_report(result)  # type: ignore[arg-type]
    return [line.text for line in said.lines if "files," in line.text][-1]


@pytest.mark.parametrize(("blanks", "words"), [([0, None], ""), ([2, 1], f" (3 blank pages, {WHY})"),
                                               ([1, 0], f" (1 blank page, {WHY})")])
def test_the_summary_names_blank_pages_only_when_there_are_some(blanks, words):
    line = _summary(blanks)
    assert line.endswith(f"in 0.50 s{words}"), line
    assert ("blank" in line) == bool(words)
