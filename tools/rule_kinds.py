"""docs/rules.md's table of rule kinds, written from the registry (pnp/rules/kinds/): `python tools/rule_kinds.py`
after adding or changing a kind; tests/docs/test_docs.py fails while the table in the docs is not the one made here."""

from __future__ import annotations

import sys
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
BEGIN = "<!-- the rule kinds: written by tools/rule_kinds.py from pnp/rules/kinds/ -->\n"
END = "<!-- end of the rule kinds -->\n"


def current(text: str) -> str:
    """The docs' text with the table made from the registry in its place."""
    from pnp.rules.kinds import KINDS
    from pnp.rules.rule_kinds import reference_table

    head, begin, rest = text.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise SystemExit(f"{DOC}: no {BEGIN.strip()} ... {END.strip()} to write the table between")
    return head + BEGIN + reference_table(KINDS) + END + tail


def main() -> int:
    text = DOC.read_text()
    made = current(text)
    if made != text:
        DOC.write_text(made)
        print(f"wrote the table of rule kinds in {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
