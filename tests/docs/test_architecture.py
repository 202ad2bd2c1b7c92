"""The package reads as the pipeline: one folder per stage, imports only downward, no import circles.

Ranks (lower first): core (errors, bounds, watchdog, disk cache, the sandbox for game code); model; layout;
output and rules (siblings: neither imports the other);
play; commands. A module may import its own stage and the stages below it; nothing imports commands but
commands (and `python -m pnp`). Every import counts: at the top, inside a function, or for types only.
Game code (`cards/<game>/rules.py`, `rules/`) imports only the public rule API, `pnp.rules`.
The expression sandbox (`pnp/model/expressions/`) sits in the model, the lowest stage that evaluates an
expression (a card's field written as one is evaluated at load); layout, rules and setups compile through it.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

import pnp.rules

from conftest import REPO

STAGES = {"core": 0, "model": 1, "layout": 2, "output": 3, "rules": 3, "play": 4, "commands": 5}
SIBLINGS = {frozenset({"output", "rules"})}


def sources(package: Path = REPO / "pnp") -> dict[str, str]:
    """Module name -> source text, for every module of the package."""
    out = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path.read_text()
    return out


@functools.lru_cache(maxsize=1024)
def parsed(source: str) -> ast.Module:
    """A module's syntax tree, parsed once per text for every test of this file (a planted change is another
    text, parsed anew). Shared: walk it, never change it."""
    return ast.parse(source)


def imports(name: str, source: str, known: set[str]) -> set[str]:
    """The package's modules that module `name` imports (`from pnp.layout import expr` names pnp.layout.expr)."""
    found: set[str] = set()
    package = name if name in {k.rsplit(".", 1)[0] for k in known if "." in k} else name.rsplit(".", 1)[0]
    for node in ast.walk(parsed(source)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's package upward
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return {m for m in found if m in known and m != name}


def graph(modules: dict[str, str]) -> dict[str, set[str]]:
    known = set(modules)
    return {name: imports(name, src, known) for name, src in modules.items()}


def stage(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in STAGES else None


def upward(edges: dict[str, set[str]]) -> list[str]:
    """Every import that goes against the pipeline."""
    bad = []
    for a, targets in edges.items():
        for b in targets:
            sa, sb = stage(a), stage(b)
            if a == "pnp.__main__" and sb == "commands":
                continue  # `python -m pnp` starts the CLI
            if sb is None or sa == sb:
                continue
            if sa is None or STAGES[sb] > STAGES[sa] or frozenset({sa, sb}) in SIBLINGS or sb == "commands":
                bad.append(f"{a} imports {b}")
    return sorted(bad)


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Import circles: strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_package_has_one_folder_per_stage():
    folders = {p.name for p in (REPO / "pnp").iterdir() if p.is_dir() and (p / "__init__.py").is_file()}
    assert folders == {"core", "model", "layout", "output", "rules", "play", "commands"}
    loose = {p.name for p in (REPO / "pnp").glob("*.py")}
    assert loose == {"__init__.py", "__main__.py"}


@pytest.mark.parametrize("folder", ["core", "model", "layout", "output", "rules", "play", "commands"])
def test_each_stage_says_what_it_takes_gives_and_must_not_know(folder):
    doc = ast.get_docstring(ast.parse((REPO / "pnp" / folder / "__init__.py").read_text())) or ""
    assert len(doc.splitlines()) >= 2 and ("Knows nothing" in doc or "no other package imports" in doc), doc


def test_imports_go_only_downward_and_never_in_a_circle():
    edges = graph(sources())
    assert sum(len(v) for v in edges.values()) > 100  # the walk sees the real imports
    assert upward(edges) == []
    assert circles(edges) == []


@pytest.mark.parametrize(("module", "planted", "found"), [
    ("pnp.core.bounds", "from pnp.model.units import MM\n", "pnp.core.bounds imports pnp.model.units"),
    ("pnp.core.sandbox.child", "from pnp.rules.check import split\n", "pnp.core.sandbox.child imports pnp.rules.check"),
    ("pnp.model.units", "from pnp.layout.scene import Face\n", "pnp.model.units imports pnp.layout.scene"),
    ("pnp.layout.text", "def f():\n    from pnp.output.render.renderer import Renderer\n",
     "pnp.layout.text imports pnp.output.render.renderer"),
    ("pnp.output.write.staging", "from pnp.rules import check\n", "pnp.output.write.staging imports pnp.rules.check"),
    ("pnp.rules.setup", "from pnp.commands.build import build\n", "pnp.rules.setup imports pnp.commands.build"),
])
def test_a_planted_upward_import_is_caught(module, planted, found):
    modules = sources()
    modules[module] = planted + modules[module]
    assert found in upward(graph(modules))


def test_a_planted_circle_is_caught():
    modules = sources()
    modules["pnp.layout.expr"] = ("from pnp.layout.template_engine import CompiledTemplate\n" +
                                  modules["pnp.layout.expr"])
    assert any({"pnp.layout.template_engine", "pnp.layout.expr"} <= set(circle) for circle in circles(graph(modules)))


def game_rule_files() -> list[Path]:
    return sorted(p for p in (REPO / "cards").glob("*/rules.py")) + sorted((REPO / "cards").glob("*/rules/*.py"))


def pnp_imports(source: str) -> list[tuple[str, list[str]]]:
    out = []
    for node in ast.walk(parsed(source)):
        if isinstance(node, ast.Import):
            out += [(a.name, []) for a in node.names if a.name.split(".")[0] == "pnp"]
        elif isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").split(".")[0] == "pnp":
            out.append((node.module or "", [a.name for a in node.names]))
    return out


def public_only(source: str) -> list[str]:
    return [f"{module} {names}" for module, names in pnp_imports(source)
            if module != "pnp.rules" or not set(names) <= set(pnp.rules.__all__)]


def test_bundled_game_rules_import_only_the_public_rule_api():
    files = game_rule_files()
    assert len(files) >= 3
    bad = {f.relative_to(REPO).as_posix(): public_only(f.read_text()) for f in files}
    assert {k: v for k, v in bad.items() if v} == {}


@pytest.mark.parametrize("planted", ["from pnp.rules.custom_runner import CUSTOM\n",
                                     "from pnp.model.game import Game\n", "import pnp.layout.expr\n",
                                     "from pnp.rules import Engine\n"])
def test_a_game_rule_reaching_past_the_api_is_caught(planted):
    assert public_only(planted + "from pnp.rules import custom_rule\n")


def test_the_cli_defaults_are_the_engines():
    from pnp.commands import options
    from pnp.core import bounds

    assert (options.RULE_SECONDS, options.PIECES) == (bounds.RULE_SECONDS, bounds.PIECES)


def private_imports(modules: dict[str, str]) -> list[str]:
    """Every `from pnp.x import _name` of a name private to another module (a module's own `_name` is its
    business; another module needing it means it should be public, named for what it is)."""
    bad = []
    for name, source in modules.items():
        for node in ast.walk(parsed(source)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pnp") and node.module != name:
                bad += [f"{name} imports {node.module}.{a.name}" for a in node.names
                        if a.name.startswith("_") and not a.name.startswith("__")]
    return sorted(bad)


def test_no_module_imports_another_modules_private_names():
    assert private_imports(sources()) == []


def test_a_planted_private_import_is_caught():
    modules = sources()
    modules["pnp.layout.text"] = "from pnp.model.units import _secret\n" + modules["pnp.layout.text"]
    assert private_imports(modules) == ["pnp.layout.text imports pnp.model.units._secret"]


def shared_module_names(paths: list[Path]) -> dict[str, list[str]]:
    """Module file names used by more than one module of the package (a package's `__init__` aside)."""
    seen: dict[str, list[str]] = {}
    for path in paths:
        if path.name != "__init__.py":
            seen.setdefault(path.name, []).append(path.relative_to(REPO).as_posix())
    return {name: where for name, where in seen.items() if len(where) > 1}


def test_no_two_modules_share_a_name():
    assert shared_module_names(sorted((REPO / "pnp").rglob("*.py"))) == {}


def test_a_planted_second_module_of_a_name_is_caught():
    paths = sorted((REPO / "pnp").rglob("*.py"))
    assert shared_module_names([*paths, REPO / "pnp/play/scene.py"]) == {
        "scene.py": ["pnp/layout/scene.py", "pnp/play/scene.py"]}


def shared_class_names(modules: dict[str, str]) -> dict[str, list[str]]:
    """Public class names defined at the top of more than one module of the package."""
    seen: dict[str, list[str]] = {}
    for name, source in modules.items():
        for node in parsed(source).body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                seen.setdefault(node.name, []).append(name)
    return {cls: where for cls, where in seen.items() if len(where) > 1}


def test_no_two_public_classes_share_a_name():
    assert shared_class_names(sources()) == {}


def test_a_planted_second_class_of_a_name_is_caught():
    modules = sources()
    modules["pnp.output.render.stamp"] += "\n\nclass Game:\n    pass\n"
    assert shared_class_names(modules) == {"Game": ["pnp.model.game", "pnp.output.render.stamp"]}


def long_modules(paths: list[Path], most: int = 400) -> dict[str, int]:
    """Modules over `most` lines: a module that long holds more than one concept."""
    counts = {p.name if not p.is_relative_to(REPO) else p.relative_to(REPO).as_posix(): len(p.read_text().splitlines())
              for p in paths}
    return {name: n for name, n in counts.items() if n > most}


def test_no_module_is_over_400_lines():
    assert long_modules(sorted((REPO / "pnp").rglob("*.py"))) == {}


def test_a_planted_long_module_is_caught(tmp_path):
    planted = tmp_path / "long.py"
    planted.write_text("x = 1\n" * 401)
    assert long_modules([*sorted((REPO / "pnp").rglob("*.py")), planted]) == {"long.py": 401}


CLI_MODULES = ("pnp/commands/cli_print.py", "pnp/commands/cli_play.py", "pnp/commands/cli_project.py")


def cli_branches(sources: dict[str, str]) -> list[str]:
    """Every branch, loop or try in a command line command: parsing and printing only, the rest is its
    orchestrator's (`commands/*_command.py`)."""
    found = []
    for name, text in sources.items():
        for node in ast.walk(parsed(text)):
            if isinstance(node, ast.If | ast.IfExp | ast.For | ast.While | ast.Try | ast.Match | ast.comprehension):
                found.append(f"{name}:{node.lineno}")
    return found


def test_the_command_line_commands_hold_no_branch():
    assert cli_branches({m: (REPO / m).read_text() for m in CLI_MODULES}) == []


def test_a_planted_branch_in_a_command_is_caught():
    sources = {m: (REPO / m).read_text() for m in CLI_MODULES}
    sources["pnp/commands/cli_play.py"] += "\n\ndef more(x):\n    if x:\n        return 1\n"
    assert len(cli_branches(sources)) == 1
