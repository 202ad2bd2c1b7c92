"""Property: whatever the Markdown structure of a rulebook.md (headings of any level and length, paragraphs of
markup, expressions and icons good and bad, lists nested, tables of any shape, the game's blocks with any
words and options, page breaks, quotes, raw HTML, any text, a block repeated past the rulebook's bounds),
`pnp build` answers with exit 0, 1 or 2, never 3 or a traceback, in bounded time and memory, says less than
1 MB, writes nothing outside its output folder, and leaves that folder whole: the new build, or the last
good one when it refused.

A few dozen examples in the quick suite, more where the environment variable CI is set (hypothesis
profiles `rulebook-quick` and `rulebook-ci`). The hostile corpus's cases themselves are in
tests/hostile/test_hostile_rulebook.py; this fuzzer is what finds the next ones (its first run found a run of stars
that the Markdown leaves as stars and the cards' markup read as an unclosed bold, exit 3)."""

from __future__ import annotations

import hashlib
import json
import os
import resource
import shutil
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import DATA, run_pnp

settings.register_profile("rulebook-quick", max_examples=25, deadline=None, derandomize=False,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("rulebook-ci", parent=settings.get_profile("rulebook-quick"), max_examples=150,
                          derandomize=True)  # CI: the same examples each run (a run on a laptop explores anew)
PROFILE = settings.get_profile("rulebook-ci" if os.environ.get("CI") else "rulebook-quick")

SECONDS = 30.0  # processor time of one build, far above a real rulebook's (the mini game's: under a second)
MEGABYTES = 400  # growth of this process's peak memory over one build
SAID = 1_000_000  # characters a refusal may print

WORDS = st.one_of(
    st.sampled_from(["Spell", "cards", "Room", "Damage Token", "Fireball", "**bold**", "*italic*", "_it_", "`code`",
                     ":damage:", ":dot:", ":nope:", "{{ count('spell') }}", "{{ decks.spell.cards | length }}",
                     "{{ nope }}", "{{ 1/0 }}", "{{ count('x') }}", "{{ 'x' * 10 }}", "{{", "}}", "[NAME PENDING]",
                     "2 Spell Cards", "44 Spell Cards", "3 Damage Tokens", "[a link](x)", "![a picture](x.png)",
                     "<b>raw</b>", "\\*", "&amp;", "é龍🎲", "\u202e", "|", "#", ":", "***", "___", "---", "1.",
                     "x" * 300, "word " * 400, "*" * 50, "[" * 40, "![" * 30, "`" * 9]),
    st.text(max_size=12),
)
INLINE = st.lists(WORDS, max_size=12).map(" ".join)
KINDS = st.sampled_from(["contents", "face", "anatomy", "setup", "key", "table", "pagebreak", "nope", ""])
REFS = st.sampled_from(["spell/fireball", "spell/blink", "spell", "fireball", "back", "nope/x", "width=40mm",
                        "width=0mm", "width=-5mm", "width=1e9mm", "width=abc", "width=500mm", "columns=a,b",
                        "x=y", "body", "name: The name", "frame: Its frame"])


@st.composite
def table(draw: st.DrawFn) -> str:
    cols = draw(st.integers(1, 14))
    rows = draw(st.integers(0, 20))
    line = lambda cells: "| " + " | ".join(c.replace("|", "/").replace("\n", " ") for c in cells) + " |"  # noqa: E731
    head = line(draw(st.lists(INLINE, min_size=cols, max_size=cols)))
    rule = "|" + "|".join(draw(st.sampled_from(["---", ":--", "--:", ":-:"])) for _ in range(cols)) + "|"
    body = [line(draw(st.lists(INLINE, min_size=1, max_size=cols + 1))) for _ in range(rows)]
    return "\n".join([head, rule, *body])


@st.composite
def items(draw: st.DrawFn) -> str:
    out = []
    for _ in range(draw(st.integers(1, 8))):
        depth = draw(st.integers(0, 4))
        mark = draw(st.sampled_from(["-", "*", "+", "1.", "7)"]))
        out.append("  " * depth * 2 + f"{mark} {draw(INLINE)}")
    return "\n".join(out)


@st.composite
def fenced(draw: st.DrawFn) -> str:
    info = "pnp " + draw(KINDS) + " " + " ".join(draw(st.lists(REFS, max_size=4)))
    if draw(st.booleans()):
        info = draw(st.sampled_from(["", "python", "pnp", "pnpface"]))
    body = draw(st.lists(st.one_of(REFS, INLINE), max_size=5))
    return "\n".join([f"```{info}", *(b.replace("```", "'''") for b in body), "```"])


BLOCK = st.one_of(
    st.builds(lambda level, text: "#" * level + " " + text, st.integers(1, 7), INLINE),
    INLINE,
    items(),
    table(),
    fenced(),
    st.sampled_from(["---", "***", "```pnp pagebreak\n```", "> quoted *text*", "<div>raw <i>HTML</i></div>",
                     "    indented code", "Setext heading\n===", "- [ ] a task", "[ref]: http://x", "\\", ""]),
)


@st.composite
def rulebook(draw: st.DrawFn) -> str:
    """Blocks, each repeated a few times or past a bound (most once)."""
    blocks = []
    for _ in range(draw(st.integers(0, 10))):
        block = draw(BLOCK)
        times = draw(st.sampled_from([1, 1, 1, 1, 2, 3, 12, 600, 1100, 5100, 25000]))
        blocks.append("\n\n".join([block] * times) if len(block) * times < 1_500_000 else block)
    return "\n\n".join(blocks) + "\n"


def _files(root: Path) -> dict[str, str]:
    return {p.relative_to(root.parent).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.parent.rglob("*")) if p.is_file() and not p.is_relative_to(root / "output")}


def _output(out: Path) -> dict[str, str]:
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The test game built once with a rulebook: each example starts from a copy of it and its last good output."""
    root = tmp_path_factory.mktemp("fuzz-rulebook") / "proj"
    shutil.copytree(DATA / "proj", root)
    (root / "cards/mini/rulebook.md").write_text("# Spells\n\nThe deck holds {{ count('spell') }} cards.\n")
    assert run_pnp("build", "mini", cwd=root).code == 0
    return root


@settings(PROFILE)
@given(text=rulebook(), command=st.sampled_from(["build", "build", "check"]))
def test_any_rulebook_is_answered_in_words_or_built_whole(built, text, command):
    with tempfile.TemporaryDirectory(prefix="pnp-fuzz-rulebook-") as scratch:
        root = Path(scratch) / "proj"
        shutil.copytree(built, root, symlinks=True)
        (root / "cards/mini/rulebook.md").write_text(text, encoding="utf-8", errors="surrogatepass")
        before, last_good = _files(root), _output(root / "output" / "mini")
        started, memory = time.process_time(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        result = run_pnp(command, "mini", cwd=root)  # an exception escaping the CLI fails here: a traceback
        assert time.process_time() - started < SECONDS, "answered in bounded time"
        assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - memory < MEGABYTES * 1024, "bounded memory"
        assert result.code in (0, 1, 2), f"exit {result.code}\n{result.err[:3000]}"
        assert "internal error" not in result.err and "Traceback" not in result.err + result.out
        assert len(result.err) + len(result.out) < SAID, "a refusal says less than 1 MB"
        if result.code:  # a refusal says why: on stderr, or in `pnp check`'s report of the rules it breaks (exit 1)
            assert result.err.strip() or (command == "check" and result.code == 1 and result.out.strip()), \
                "a refusal says why"
        assert _files(root) == before, "nothing written outside the output folder"
        out = root / "output" / "mini"
        if command == "build" and result.code == 0:
            files = _output(out)
            listed = {f["path"]: f["sha256"] for f in json.loads((out / "manifest.json").read_text())["files"]}
            assert {k: v for k, v in files.items() if k in listed} == listed, "the manifest matches its files"
            assert "mini-rulebook.pdf" in listed
        else:
            assert _output(out) == last_good, "the last good build stays whole"
