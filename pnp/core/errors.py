"""One exception tree and one way to say where a problem is.

Every problem a designer can cause is a `Problem`: a place (file:line:col), the subject inside the
file (a field path such as `cards[3].cost` or a card id) and what to do about it. Stages collect
problems and raise them together, so one run reports everything at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

MESSAGE = 2000  # characters of one problem's message, at most


@dataclass(frozen=True, repr=False)
class Where:
    """A place in a source file. Line and column count from 1."""

    file: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if not self.line:
            return self.file
        return f"{self.file}:{self.line}:{self.col}" if self.col else f"{self.file}:{self.line}"


@dataclass(frozen=True)
class Problem:
    """One problem: where it is, what is wrong and what to do, about what (a field or card)."""
    where: Where | None
    message: str
    subject: str = ""
    severity: str = "error"  # "error" or "warning"
    rule: str = ""

    def __post_init__(self) -> None:  # the last guard of `echo`: no message runs to pages
        if len(self.message) > MESSAGE:
            cut = f"{self.message[:MESSAGE - 40]}… ({len(self.message):,} characters)"
            object.__setattr__(self, "message", cut)

    def __str__(self) -> str:
        head = f"{self.where}: " if self.where else ""
        subject = f"{self.subject}: " if self.subject else ""
        return f"{head}{subject}{self.message}"


class PnpError(Exception):
    """Base of every error the CLI reports without a traceback."""

    exit_code = 2

    def __init__(self, problems: Iterable[Problem] | str):
        if isinstance(problems, str):
            problems = [Problem(None, problems)]
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class InputError(PnpError):
    """Bad input: YAML, schema, templates, fonts, images, icons. Exit status 2."""


class RuleError(PnpError):
    """The input is well formed but breaks a rule (text overflow, safe zone, game rules). Exit 1."""

    exit_code = 1


ECHO = 60  # characters of a value a message repeats back


def echo(value: object, limit: int = ECHO) -> str:
    """`value` as a message shows it (its repr), cut to about `limit` characters: a 100,000-digit number or
    a pasted page is named, not printed whole."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        # (int -> str is slow, and refused past 4,300 digits): its size from its bits, log10(2) = 0.30103
        return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    text = repr(value) if isinstance(value, str) else repr(value)[:limit + 1]
    if len(text) <= limit:
        return text
    return f"{text[:limit - 1]}… ({len(value):,} characters)" if isinstance(value, str) else f"{text[:limit - 1]}…"


def printable(text: str) -> str:
    """Untrusted text (what game code says) as it may reach a terminal or a page: every character that is
    not printable (an escape sequence's ESC, a line break, a right-to-left override) written as its escape."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def did_you_mean(word: object, choices: Iterable[object]) -> str:
    """`; did you mean 'cost'?` when one of `choices` is close to a mistyped `word`, else ``."""
    near = near_name(word, choices)
    return f"; did you mean {near!r}?" if near is not None else ""


def near_name(word: object, choices: Iterable[object]) -> str | None:
    """The one of `choices` close to a mistyped `word` (not the word itself), else None."""
    if not isinstance(word, str) or not word:
        return None
    import difflib  # only on the way to an error

    names = {str(c).lower(): str(c) for c in choices}
    close = difflib.get_close_matches(word.lower(), list(names), n=1, cutoff=0.6)
    return names[close[0]] if close and names[close[0]] != word else None


def each_once(problems: Iterable[Problem], within: str, most: int) -> list[Problem]:
    """Each problem once, at its first place, saying at how many places it was found (10,000 uses of an unknown
    icon in one file: one line, `(10,000 times in the rulebook; the first here)`); at most `most` of them, then
    one that says how many more there are. `within` names the file for the count (`in the rulebook`)."""
    places: dict[tuple[str, str, str, str], list[Problem]] = {}
    for p in problems:
        places.setdefault((p.message, p.subject, p.severity, p.rule), []).append(p)
    out = []
    for same in places.values():
        first = same[0]
        if len(same) > 1:
            first = replace(first, message=f"{first.message} ({len(same):,} times {within}; the first here)")
        out.append(first)
    if len(out) > most:
        rest = out[most:]
        file = next((p.where.file for p in rest if p.where), None)
        kinds = {(p.severity, p.rule) for p in rest}
        severity, rule = kinds.pop() if len(kinds) == 1 else ("error", "")
        out = out[:most] + [Problem(Where(file) if file else None, f"and {len(rest):,} more problems: mend those above "
                                    "first", rest[0].subject, severity, rule)]
    return out


def of_severity(problems: Iterable[Problem], severity: str) -> list[Problem]:
    return [p for p in problems if p.severity == severity]


class BySeverity:
    """The errors, warnings and infos among `problems` (a game's check result, checked or not)."""

    problems: list[Problem]

    @property
    def errors(self) -> list[Problem]:
        return of_severity(self.problems, "error")

    @property
    def warnings(self) -> list[Problem]:
        return of_severity(self.problems, "warning")

    @property
    def infos(self) -> list[Problem]:
        return of_severity(self.problems, "info")


class Problems(BySeverity):
    """A collector: stages add to it and raise once at the end of the stage."""

    def __init__(self) -> None:
        self.items: list[Problem] = []
        self.problems = self.items  # the same list, for BySeverity

    def add(self, where: Where | None, message: str, subject: str = "", *, severity: str = "error",
            rule: str = "") -> None:
        self.items.append(Problem(where, message, subject, severity, rule))

    def extend(self, problems: Iterable[Problem]) -> None:
        self.items.extend(problems)

    def raise_if_errors(self, kind: type[PnpError] = InputError) -> None:
        if self.errors:
            raise kind(self.errors)
