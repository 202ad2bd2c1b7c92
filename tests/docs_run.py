"""Run the examples of docs/tutorial.md and docs/format.md (and the rules examples of docs/rules.md) in order, as
a designer would: shell steps are run, files are written as their first line says, shown output is compared."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

FENCE = re.compile(r"^```(\w*)([^\n]*)\n(.*?)^```", re.S | re.M)
HEAD = re.compile(r"# (\S+) \((new|add|change|after (\S+:))\)")


@dataclass
class Block:
    lang: str
    info: str  # what follows the language on the fence line (a file's path, for csv and svg)
    body: str
    line: int  # where it starts in the doc

    @property
    def where(self) -> str:
        return f"line {self.line}"


def blocks(doc: str) -> list[Block]:
    return [Block(m.group(1), m.group(2).strip(), m.group(3), doc.count("\n", 0, m.start()) + 1)
            for m in FENCE.finditer(doc)]


def apply(root: Path, block: Block) -> str | None:
    """Write the file a yaml/csv/svg block names; the file's path, or None when the block writes none."""
    if block.lang in ("csv", "svg", "python") and block.info:
        path, text = block.info, block.body
        mode = "new"
    else:
        first, _, text = block.body.partition("\n")
        m = HEAD.fullmatch(first.strip())
        if not m:
            return None
        path, mode, after = m.group(1), m.group(2), m.group(3)
    target = root / path
    if mode == "new":
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    elif mode == "add":
        old = target.read_text()
        target.write_text(old + ("" if old.endswith("\n") else "\n") + text)
    elif mode == "change":  # each `key: value` line replaces the file's line of that key
        lines = target.read_text().splitlines()
        for new in text.splitlines():
            key = new.split(":", 1)[0] + ":"
            index = next(i for i, line in enumerate(lines) if line.startswith(key))
            lines[index] = new
        target.write_text("\n".join(lines) + "\n")
    else:
        lines = target.read_text().splitlines()
        index = lines.index(after) + 1
        target.write_text("\n".join([*lines[:index], *text.rstrip("\n").splitlines(), *lines[index:]]) + "\n")
    return path


def commands(block: Block) -> list[list[str]]:
    return [shlex.split(line) for line in block.body.splitlines() if line.strip() and not line.startswith("#")]
