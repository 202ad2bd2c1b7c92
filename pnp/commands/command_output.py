"""What a command says: its lines to the terminal, in order, and its exit status.

Each command's orchestrator (`build_command`, `setup_command`, …) returns a `CommandOutput`; the command line prints
it and holds no branch of its own. Options that do not go together are `Refused`: one line, exit 2.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple


class OutputLine(NamedTuple):
    text: str
    err: bool = False  # to stderr (warnings, preflight findings, notes), else stdout
    nl: bool = True  # a newline after it (False: the text carries its own, as a YAML file printed)


@dataclass
class CommandOutput:
    lines: list[OutputLine] = field(default_factory=list)
    code: int = 0  # the exit status

    def out(self, text: str, nl: bool = True) -> None:
        self.lines.append(OutputLine(text, False, nl))

    def err(self, text: str) -> None:
        self.lines.append(OutputLine(text, True))


class Refused(Exception):
    """Options that do not go together, or an action the command will not take: said in one line, exit 2."""
