"""The editor's schemas catch typos (fixed values, the game's names), `pnp schema` wires every file to its
schema and keeps the folder free of stale ones, and SVG art on a full-size background is said."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import jsonschema
import pytest
import yaml
from test_jsonschema import plain

from pnp.commands.schema import plan, template_schema_path

from conftest import DATA, REPO, edit, run_pnp

MODELINE = re.compile(r"# yaml-language-server: \$schema=(\S+)")


def errors(schema: dict, data: object) -> list[str]:
    return [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(data)]


@pytest.fixture(scope="module")
def mini_templates() -> dict:
    return plan(DATA / "proj").schemas[template_schema_path("mini")]


@pytest.mark.parametrize("template, bad", [
    ({"size": "pokr"}, "'pokr'"),
    ({"size": "poker", "elements": [{"type": "text", "text": "x", "align": "centre"}]}, "'centre'"),
    ({"size": "poker", "elements": [{"type": "text", "text": "x", "valign": "center"}]}, "'center'"),
    ({"extends": "mini/frnt"}, "'mini/frnt'"),
    ({"size": "poker", "elements": [{"type": "rect", "fill": "acent"}]}, "'acent'"),  # the palette has `accent`
    ({"size": "poker", "elements": [{"type": "text", "text": "x", "font": "tittle"}]}, "'tittle'"),
    ({"size": "poker", "elements": [{"type": "icon", "icon": "damge"}]}, "'damge'"),
    ({"size": "poker", "elements": [{"type": "rect", "x": "5nm"}]}, "'5nm'"),
    ({"size": "poker", "text": {"color": "inc"}}, "'inc'"),
    ({"size": "poker", "elements": [{"type": "table", "rules": "grd", "columns": [{"align": "middle"}]}]}, "'grd'"),
])
def test_the_template_schema_refuses_a_typo_of_a_fixed_value_or_a_name(mini_templates: dict, template: dict,
                                                                       bad: str):
    found = errors(mini_templates, template)
    assert found and all(bad in e or "'middle'" in e for e in found), found


def test_the_template_schema_accepts_the_names_their_forms_and_expressions(mini_templates: dict):
    good = {"extends": "mini/front", "size": {"width": "40mm", "height": "40mm"}, "stamp": "70%",
            "text": {"font": "title", "color": "#336699", "size": "9pt"},
            "elements": [{"type": "text", "text": "x", "align": "{{ 'center' if card.cost else 'left' }}",
                          "valign": "middle", "font": "{{ vars.font }}", "color": "accent", "x": "{{ index * 5 }}mm"},
                         {"type": "rect", "fill": "none", "stroke": "#22334480", "x": 0, "w": "50%"},
                         {"type": "icon", "icon": "damage", "color": "paper", "paper": "{{ card.colour }}"},
                         {"type": "group", "elements": [{"type": "ellipse", "fill": "ink"}]}]}
    assert errors(mini_templates, good) == []
    assert errors(mini_templates, {"size": "{{ card.size }}"}) != []  # a template's size is no expression


def test_every_key_of_every_schema_has_a_description():
    missing = []

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            for key, value in (node.get("properties") or {}).items():
                if isinstance(value, dict) and "description" not in value and "$ref" not in value:
                    missing.append(f"{where}.{key}")
            for key, value in node.items():
                if key != "if":  # a tagged union's test of `type`, not a key
                    walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for value in node:
                walk(value, where)

    for name, schema in plan(DATA / "proj").schemas.items():
        walk(schema, name)
    assert missing == []


def test_a_deck_schema_offers_the_templates_by_name(project: Path):
    made = plan(project).schemas["mini/spell.schema.json"]
    deck = {"id": "spell", "name": "Spells", "template": "mini/frnt"}
    assert any("'mini/frnt'" in e for e in errors(made, deck))
    assert errors(made, {**deck, "template": "mini/front"}) == []


def wired(root: Path) -> dict[Path, Path]:
    """Every YAML file of the project and the schema the editor finds for it: its own `$schema` line, else
    the first mapping of .vscode/settings.json that names it (a path or a glob)."""
    settings = json.loads((root / ".vscode/settings.json").read_text())["yaml.schemas"]
    found: dict[Path, Path] = {}
    for path in sorted(designers_files(root)):
        head = path.read_text().splitlines()[:3]
        lines = [m.group(1) for line in head if (m := MODELINE.fullmatch(line))]
        if lines:
            found[path] = (path.parent / lines[0]).resolve()
            continue
        for schema, patterns in settings.items():
            if any(path in root.glob(p) for p in patterns):
                found[path] = (root / schema).resolve()
                break
    return found


def designers_files(root: Path) -> set[Path]:
    """Every game, rules, icons, deck and template file of the project (not data tables), read from game.yaml."""
    found = set(root.glob("templates/**/*.yaml"))
    for game in root.glob("cards/*/game.yaml"):
        manifest = yaml.safe_load(game.read_text())
        found |= {game, *game.parent.glob("rules.yaml"), *((game.parent / d).resolve() for d in manifest["decks"])}
        found |= {(game.parent / manifest["icons"]).resolve()} if manifest.get("icons") else set()
    return found


def test_pnp_schema_wires_every_file_and_each_validates(project: Path):
    assert run_pnp("--root", str(project), "schema").code == 0
    pairs = wired(project)
    assert designers_files(project) <= set(pairs)
    for path, schema in pairs.items():
        from pnp.model.load import load_file

        assert errors(json.loads(schema.read_text()), plain(load_file(path, project).data)) == [], path
    assert pairs[project / "templates/mini/front.yaml"].name == "_templates.schema.json"
    assert pairs[project / "cards/tiny/cards.yaml"] == (project / "schemas/tiny/card.schema.json").resolve()
    extensions = json.loads((project / ".vscode/extensions.json").read_text())
    assert extensions["recommendations"] == ["redhat.vscode-yaml"]


def test_a_deleted_deck_leaves_no_stale_schema_and_a_new_one_is_wired(project: Path):
    settings = project / ".vscode/settings.json"
    settings.parent.mkdir()
    settings.write_text(json.dumps({"editor.rulers": [120], "yaml.schemas": {"./elsewhere.json": ["x.yaml"]}}))
    assert run_pnp("--root", str(project), "schema").code == 0
    assert (project / "schemas/tiny/sheet.schema.json").is_file()
    (project / "schemas/mine.schema.json").write_text('{"title": "my own"}')  # not pnp's: left alone
    edit(project / "cards/tiny/game.yaml", "sheets.yaml", "cards.yaml")  # the sheets deck is gone
    (project / "cards/tiny/sheets.yaml").unlink()
    (project / "cards/tiny/more.yaml").write_text(  # a deck made by hand, with a `$schema` line to a wrong place
        "# yaml-language-server: $schema=../../schemas/tiny/old.schema.json\n# more cards\n"
        "id: more\nname: More\ntemplate: tiny/card\ncards: []\n")
    edit(project / "cards/tiny/game.yaml", "decks: [", "decks: [more.yaml, ")
    for _ in range(2):
        result = run_pnp("--root", str(project), "schema")
        assert result.code == 0, result.err
    written = sorted(p.relative_to(project / "schemas").as_posix() for p in (project / "schemas").rglob("*"))
    assert "tiny/sheet.schema.json" not in written and "tiny/more.schema.json" in written
    assert written == sorted([*plan(project).schemas, "mini", "tiny", "mine.schema.json"])  # and folders, no more
    assert (project / "cards/tiny/more.yaml").read_text().startswith(
        "# yaml-language-server: $schema=../../schemas/tiny/more.schema.json\n# more cards\nid: more\n")
    kept = json.loads(settings.read_text())
    assert kept["editor.rulers"] == [120] and kept["yaml.schemas"]["./elsewhere.json"] == ["x.yaml"]
    assert designers_files(project) <= set(wired(project))
    assert "updated" not in run_pnp("--root", str(project), "schema").out  # a third run changes nothing


def test_settings_with_comments_are_left_alone_with_a_warning(project: Path):
    settings = project / ".vscode/settings.json"
    settings.parent.mkdir()
    settings.write_text('{\n  // mine\n  "editor.rulers": [120]\n}\n')
    result = run_pnp("--root", str(project), "schema")
    assert result.code == 0
    assert ".vscode/settings.json: not plain JSON" in result.err
    assert settings.read_text() == '{\n  // mine\n  "editor.rulers": [120]\n}\n'


def test_this_repository_is_wired_as_pnp_schema_wires_it(tmp_path: Path):
    """The committed .vscode files are what `pnp schema` writes for the bundled games (run it after adding a deck)."""
    import shutil

    root = tmp_path / "repo"
    for part in ("cards", "templates"):
        shutil.copytree(REPO / part, root / part)
    assert run_pnp("--root", str(root), "schema").code == 0
    for name in ("settings.json", "extensions.json"):
        assert (REPO / ".vscode" / name).read_text() == (root / ".vscode" / name).read_text(), \
            f".vscode/{name} is not what `pnp schema` writes: run `pnp schema` and commit it"


BACKGROUND = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M0 0h512v512H0z" '
              'fill="#000" fill-opacity="1"></path><g class="" transform="translate(0,0)" style=""><path '
              'd="M100 100h300v300H100z" fill="#fff" fill-opacity="1"></path></g></svg>')


def test_svg_art_on_a_full_size_background_is_a_warning_naming_the_file(project: Path):
    art = project / "cards/mini/art"
    (art / "bg.svg").write_text(BACKGROUND)
    (art / "plain.svg").write_text(BACKGROUND.replace('<path d="M0 0h512v512H0z" fill="#000" fill-opacity="1">'
                                                      '</path>', ""))
    edit(project / "cards/mini/icons.yaml", "icons:\n",
         "icons:\n  bg: {svg: art/bg.svg}\n  plain: {svg: art/plain.svg}\n")
    edit(project / "templates/mini/front.yaml", "  - {name: body,", "  - {name: pic, type: image, src: art/bg.svg, "
         "x: 5mm, y: 60mm, w: 8mm, h: 8mm}\n  - {name: body,")
    result = run_pnp("--root", str(project), "build", "mini")
    assert result.code == 0, result.err
    said = [line for line in (result.out + result.err).splitlines() if "solid block" in line]
    assert len(said) == 2, result.out + result.err  # the icon and the image, each once (not once per card)
    assert any("cards/mini/icons.yaml" in s and "'art/bg.svg'" in s and "background: none" in s for s in said)
    assert any("templates/mini/front.yaml" in s and "image 'art/bg.svg'" in s for s in said)
    assert "plain.svg" not in result.out + result.err


def test_background_none_leaves_the_square_out_and_the_drawing_takes_the_colour(project: Path):
    from pnp.layout.art.svg_files import read_svg
    from pnp.output.render.svg import outlines

    path = project / "cards/mini/art/bg.svg"
    path.write_text(BACKGROUND)
    kept, dropped = read_svg(path), read_svg(path, drop_background=True)
    assert kept.background and not dropped.background
    assert [s.fill for s in outlines(kept)[2]] == ["#000000", "#ffffff"]  # a black block, a white hole
    assert [s.fill for s in outlines(dropped)[2]] == ["current"]  # the square alone, in the icon's colour
    edit(project / "cards/mini/icons.yaml", "icons:\n", "icons:\n  bg: {svg: art/bg.svg, background: none}\n")
    edit(project / "templates/mini/front.yaml", "  - {name: body,", "  - {name: pic, type: image, src: art/bg.svg, "
         "background: none, x: 5mm, y: 60mm, w: 8mm, h: 8mm}\n  - {name: body,")
    result = run_pnp("--root", str(project), "build", "mini")
    assert result.code == 0 and "solid block" not in result.out + result.err, result.out + result.err
    assert os.path.getsize(next((project / "output/mini").glob("*.pdf"))) > 0


@pytest.mark.parametrize("svg", [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="none"/>'
    '<path d="M8 8h48v48H8z"/></svg>',  # an unfilled frame
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path d="M8 8h48v48H8z"/>'
    '<path d="M0 0h64v64H0z" fill="#fff"/></svg>',  # a cover drawn last, not behind
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64"/></svg>',  # alone
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="40"/>'
    '<path d="M8 8h48v48H8z" fill="#fff"/></svg>',  # a round shape
])
def test_art_without_a_full_size_background_behind_it_is_not_warned_of(tmp_path: Path, svg: str):
    from pnp.layout.art.svg_files import read_svg

    (tmp_path / "a.svg").write_text(svg)
    assert not read_svg(tmp_path / "a.svg").background


def test_a_full_size_rect_is_a_background_too(tmp_path: Path):
    from pnp.layout.art.svg_files import read_svg

    (tmp_path / "a.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
                                    '<rect width="100%" height="100%" fill="#123"/><path d="M8 8h48v48H8z"/></svg>')
    assert read_svg(tmp_path / "a.svg").background


def test_the_warning_docs_format_quotes_is_the_one_pnp_prints(tmp_path: Path):
    quoted = re.search(r"```text\n(warning: cards/my-game/icons\.yaml:.*?)\n```", (REPO / "docs/format.md").read_text())
    assert quoted
    assert run_pnp("new", "--project", str(tmp_path / "p"), "my-game").code == 0
    game = tmp_path / "p/cards/my-game"
    (game / "art").mkdir()
    (game / "art/anchor.svg").write_text(BACKGROUND)
    shapes = "{shapes: [{type: circle, cx: 50, cy: 50, r: 40, fill: current}]}"
    names = ["coin", "card", *(f"i{i}" for i in range(7))]  # the two the starter cards draw, and more
    (game / "icons.yaml").write_text("size: 100\nicons:\n" + "".join(f"  {n}: {shapes}\n" for n in names)
                                     + "  anchor: {svg: art/anchor.svg, description: a harbour}\n")
    result = run_pnp("build", "my-game", cwd=tmp_path / "p")
    assert result.code == 0, result.err
    assert quoted.group(1) in result.err.splitlines()
