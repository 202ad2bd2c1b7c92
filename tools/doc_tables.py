"""The docs' reference tables, written from pnp's registries: the rule kinds in docs/rules.md (pnp/rules/kinds/),
the verbs in docs/effects.md (pnp/model/effects/verbs.py), the extras in docs/commands.md (pyproject.toml's,
with pnp/core/extras.py's uses) and what the reports say of each policy in docs/simulate.md (pnp/play/policies.py,
SAID), and the scripts each bundled font draws in docs/translating.md (fonts/). Run `python tools/doc_tables.py`
after adding or changing one; tests/docs/test_docs.py fails while a table in the docs is not the one made here."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def rule_kinds() -> str:
    from pnp.rules.kinds import KINDS
    from pnp.rules.rule_kinds import reference_table

    return reference_table(KINDS)


def verbs() -> str:
    from pnp.model.effects.verbs import LIBRARY, reference_table

    return reference_table(LIBRARY)


def policy_words() -> str:
    from pnp.play.policies import SAID

    rows = "".join(f"| `{name}` | {said} |\n" for name, said in SAID.items())
    return "| policy | what every report says it is |\n|---|---|\n" + rows


def extras() -> str:
    import tomllib

    from pnp.core.extras import reference_table

    project = tomllib.loads((DOCS.parent / "pyproject.toml").read_text())["project"]
    return reference_table(project["optional-dependencies"])


def font_scripts() -> str:
    from pnp.layout.fonts.font_scripts import table

    return table(DOCS.parent)


# (the doc, what its table holds, the table made): the table sits between `<!-- WHAT: written by ... -->`
# and `<!-- end of WHAT -->`
TABLES: list[tuple[str, str, Callable[[], str]]] = [("rules.md", "the rule kinds", rule_kinds),
                                                    ("effects.md", "the verbs", verbs),
                                                    ("commands.md", "the extras", extras),
                                                    ("simulate.md", "the policies' words", policy_words),
                                                    ("translating.md", "the fonts' scripts", font_scripts)]


def markers(what: str) -> tuple[str, str]:
    return f"<!-- {what}: written by tools/doc_tables.py -->\n", f"<!-- end of {what} -->\n"


def current(text: str, what: str, table: str, doc: str = "") -> str:
    """The doc's text with `table` in the place of WHAT's."""
    begin_mark, end_mark = markers(what)
    head, begin, rest = text.partition(begin_mark)
    _, end, tail = rest.partition(end_mark)
    if not begin or not end:
        raise SystemExit(f"{doc}: no {begin_mark.strip()} ... {end_mark.strip()} to write the table between")
    return head + begin_mark + table + end_mark + tail


def main() -> int:
    for name, what, make in TABLES:
        path = DOCS / name
        text = path.read_text()
        made = current(text, what, make(), str(path))
        if made != text:
            path.write_text(made)
            print(f"wrote {what} in {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
