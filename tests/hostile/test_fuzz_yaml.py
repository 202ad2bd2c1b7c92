"""Property: whatever is done to the structure of a game's YAML (keys dropped, duplicated or retyped; numbers
huge, negative, NaN or infinite; deep nesting, aliases, merge keys, wrong types, any text), the real
command line answers with exit 0, 1 or 2, never 3 or a traceback, in bounded time and memory; it writes
nothing outside its output folder, and the output folder is always a whole build (the last good one
when the build refused, the new one when it succeeded).

A few dozen examples in the quick suite; many more where the environment variable CI is set
(hypothesis profiles `fuzz-quick` and `fuzz-ci`). tests/hostile/test_mutations.py mangles the text of whole
games; this fuzzer works on the parsed tree of the small test game, so every example reaches the model,
the rules and the layout rather than stopping at a syntax error."""

from __future__ import annotations

import hashlib
import json
import math
import os
import resource
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import DATA, run_pnp

settings.register_profile("fuzz-quick", max_examples=30, deadline=None, derandomize=False,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("fuzz-ci", parent=settings.get_profile("fuzz-quick"), max_examples=400,
                          derandomize=True)  # CI: the same examples each run (a run on a laptop explores anew)
PROFILE = settings.get_profile("fuzz-ci" if os.environ.get("CI") else "fuzz-quick")

FILES = ("cards/mini/game.yaml", "cards/mini/spells.yaml", "cards/mini/icons.yaml", "templates/mini/front.yaml",
         "templates/mini/back.yaml", "printers.yaml")
SECONDS = 20.0  # processor time of one command, far above a real answer (a good build of the game: 0.3 s)
MEGABYTES = 400  # growth of this process's peak memory over one command

# values a careless designer or an attacker writes
HOSTILE = st.one_of(
    st.sampled_from([None, True, False, 0, -1, -(10**6), 10**18, 2**64, 10**300, math.nan, math.inf, -math.inf,
                     1e308, -0.0, 1e-320, "", " ", "0mm", "-5mm", "1e999mm", "9" * 400 + "mm", "100%", "-100%",
                     ".nan", "{{ card.name }}", "{{ 1e308 * 10 }}", "{% for i in range(10**6) %}x{% endfor %}",
                     "{{ card }}", "../../etc/passwd", "/etc/passwd", "#zzzzzz", "current", "x" * 5000, "é龍🎲",
                     "\u202e", "\u0000", "a\nb", [], {}, [[[]]], {"a": {"b": {}}}]),
    st.integers(), st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=40),
    st.lists(st.integers(-5, 5), max_size=4), st.dictionaries(st.text(max_size=6), st.integers(), max_size=3),
)


def _paths(node: Any, at: tuple = ()) -> list[tuple]:
    """Every path to a value in the tree (the root included)."""
    out = [at]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*at, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _paths(value, (*at, i))
    return out


def _get(node: Any, path: tuple) -> Any:
    for part in path:
        node = node[part]
    return node


def _set(tree: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    _get(tree, path[:-1])[path[-1]] = value
    return tree


def _nested(depth: int) -> Any:
    value: Any = 1
    for i in range(depth):
        value = [value] if i % 2 else {"k": value}
    return value


@st.composite
def mutation(draw: st.DrawFn, tree: Any) -> tuple[str, Any]:
    """One structural change to `tree`: (what was done, the new tree, or text for changes YAML's dump cannot
    make: duplicate keys, merge keys)."""
    paths = _paths(tree)
    path = draw(st.sampled_from(paths))
    kind = draw(st.sampled_from(["retype", "drop", "duplicate", "rename", "nest", "share", "merge", "alias_bomb",
                                 "duplicate_key", "wrap", "unicode_key"]))
    target = _get(tree, path)
    if kind == "retype":
        return kind, _set(tree, path, draw(HOSTILE))
    if kind == "drop" and path:
        parent = _get(tree, path[:-1])
        del parent[path[-1]]
        return kind, tree
    if kind == "duplicate" and path and isinstance(_get(tree, path[:-1]), list):
        _get(tree, path[:-1]).insert(path[-1], target)  # the same object twice: dumped as an anchor and an alias
        return kind, tree
    if kind == "rename" and path and isinstance(path[-1], str):
        parent = _get(tree, path[:-1])
        parent[draw(st.sampled_from([path[-1].upper(), path[-1] + "s", "", "<<", "id", "cards", "extends"]))] = \
            parent.pop(path[-1])
        return kind, tree
    if kind == "nest":
        return kind, _set(tree, path, _nested(draw(st.sampled_from([10, 63, 65, 200, 3000]))))
    if kind == "share" and path:  # another value, many times over (an ancestor: a tree that holds itself)
        other = _get(tree, draw(st.sampled_from(paths)))
        return kind, _set(tree, path, [other] * draw(st.integers(1, 50)))
    if kind == "wrap":
        return kind, _set(tree, path, draw(st.sampled_from([[target], {"value": target}, [target] * 1000])))
    if kind == "unicode_key" and isinstance(target, dict):
        target[draw(st.text(min_size=1, max_size=8))] = draw(HOSTILE)
        return kind, tree
    if kind == "merge":  # a chain of merge keys (each level merges the one before twice), merged in here
        levels = draw(st.integers(1, 40))
        chain = ["m0: &m0 {}" if draw(st.booleans()) else "m0: &m0 {id: merged, name: Merged, cost: 1}"]
        chain += [f"m{i}: &m{i} {{<<: [*m{i - 1}, *m{i - 1}]}}" for i in range(1, levels)]
        tree = _set(tree, path, "MERGE-HERE")
        text = yaml.safe_dump(tree, allow_unicode=True, sort_keys=False, width=10**6)
        return kind, "\n".join(chain) + "\n" + text.replace("MERGE-HERE", f"{{<<: *m{levels - 1}}}")
    text = yaml.safe_dump(tree, allow_unicode=True, sort_keys=False, width=10**6)
    if kind == "alias_bomb":
        width = draw(st.integers(2, 12))
        bomb = [f"b0: &b0 [{', '.join(['x'] * width)}]"]
        bomb += [f"b{i}: &b{i} [{', '.join([f'*b{i - 1}'] * width)}]" for i in range(1, draw(st.integers(1, 9)))]
        return kind, "\n".join(bomb) + "\n" + text
    if kind == "duplicate_key":
        lines = text.splitlines()
        i = draw(st.integers(0, max(0, len(lines) - 1)))
        return kind, "\n".join([*lines[:i + 1], *lines[i:]]) + "\n"
    return "retype", _set(tree, path, draw(HOSTILE))


def _files(root: Path) -> dict[str, str]:
    """Every file of the project outside its output folder, and the project's neighbours, with their hashes."""
    return {p.relative_to(root.parent).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.parent.rglob("*")) if p.is_file() and not p.is_relative_to(root / "output")}


def _output(out: Path) -> dict[str, str]:
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file()}


def _whole(out: Path) -> None:
    files = _output(out)
    listed = {f["path"]: f["sha256"] for f in json.loads((out / "manifest.json").read_text())["files"]}
    assert {k: v for k, v in files.items() if k in listed} == listed, "the manifest matches its files"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The test game built once: each example starts from a copy of it and its last good output."""
    root = tmp_path_factory.mktemp("fuzz") / "proj"
    shutil.copytree(DATA / "proj", root)
    (root / "printers.yaml").write_text("office: {back_offset: [0.5, -0.25]}\n")
    assert run_pnp("build", "mini", cwd=root).code == 0
    return root


@settings(PROFILE)
@given(data=st.data(), file=st.sampled_from(FILES), command=st.sampled_from(["build", "check"]))
def test_a_mutated_game_is_answered_in_words_or_built_whole(built, data, file, command):
    with tempfile.TemporaryDirectory(prefix="pnp-fuzz-") as scratch:
        root = Path(scratch) / "proj"
        shutil.copytree(built, root, symlinks=True)
        (Path(scratch) / "neighbour.txt").write_text("not pnp's\n")
        tree = yaml.safe_load((root / file).read_text())
        kind, mutated = data.draw(mutation(tree), label="mutation")
        try:
            text = mutated if isinstance(mutated, str) else yaml.safe_dump(mutated, allow_unicode=True,
                                                                            sort_keys=False, width=10**6)
        except (yaml.YAMLError, RecursionError, TypeError, ValueError):
            return  # a tree YAML's dumper cannot write (a mapping nested past Python's recursion limit)
        (root / file).write_text(text, encoding="utf-8", errors="surrogatepass")
        before, last_good = _files(root), _output(root / "output" / "mini")
        args = (command, "mini", *(("--printer", "office") if file == "printers.yaml" and command == "build" else ()))
        started, memory = time.process_time(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        result = run_pnp(*args, cwd=root)  # an exception escaping the CLI fails here: a traceback
        assert time.process_time() - started < SECONDS, f"{kind} of {file}: answered in bounded time"
        assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - memory < MEGABYTES * 1024, "bounded memory"
        assert result.code in (0, 1, 2), f"{kind} of {file}: exit {result.code}\n{result.err}"
        assert "internal error" not in result.err and "Traceback" not in result.err + result.out
        if result.code:
            assert (result.err + result.out).strip(), "a refusal says why"
        assert _files(root) == before, "nothing written outside the output folder"
        if command == "build" and result.code == 0:
            _whole(root / "output" / "mini")
        else:
            assert _output(root / "output" / "mini") == last_good, "the last good build stays whole"
