"""Which fonts draw which scripts (pnp/layout/fonts/font_scripts.py): a translated card's character its font lacks is
said with the bundled font that has it; a language no font of the game draws is refused, naming a font to add."""

from __future__ import annotations

from pathlib import Path

from pnp.layout.fonts.font_scripts import scripts, table

from conftest import REPO, edit, run_pnp


def _language(root: Path, code: str, spells: str | None = None) -> None:
    edit(root / "cards/mini/game.yaml", "name: Mini Test Game\n", f"name: Mini Test Game\nlanguages: [en, {code}]\n")
    if spells is not None:
        (root / f"cards/mini/lang/{code}").mkdir(parents=True)
        (root / f"cards/mini/lang/{code}/spells.yaml").write_text(spells)


def test_a_character_the_font_lacks_is_said_with_the_bundled_font_that_has_it(project: Path):
    _language(project, "fr", "blink:\n  text: \"Bouge ☃.\"\n")
    checked = run_pnp("check", "mini", "--lang", "fr", "--no-custom-rules", cwd=project)
    assert checked.code == 2
    assert "lang/fr/spells.yaml:2:3: spell/blink: fr: text: '☃' (U+2603, snowman) is not in the font" in checked.err
    assert "(fonts/DejaVuSans.ttf has it)" in checked.err, checked.err


def test_a_language_no_font_of_the_game_draws_is_refused_naming_one_to_add(project: Path):
    _language(project, "zh")
    built = run_pnp("build", "mini", "--lang", "zh", "--no-custom-rules", cwd=project)
    assert built.code == 2 and "cards/mini/game.yaml:2:17: languages: zh: zh is written in Han (CJK)" in built.err
    assert "such as Noto Sans CJK SC" in built.err and not (project / "output/mini/zh").exists(), built.err


def test_a_right_to_left_language_is_refused_whatever_the_font(project: Path):
    _language(project, "ar")
    built = run_pnp("build", "mini", "--lang", "ar", "--no-custom-rules", cwd=project)
    assert built.code == 2 and "ar is written in Arabic, whose letters join or run right to left" in built.err


def test_the_bundled_fonts_cover_the_scripts_the_docs_say():
    assert {"Latin", "Greek", "Cyrillic"} <= set(scripts(REPO / "fonts/Lato-Regular.ttf"))
    assert "Han (CJK)" not in scripts(REPO / "fonts/DejaVuSans.ttf")
    docs = (REPO / "docs/translating.md").read_text()
    assert table(REPO) in docs, "run python tools/doc_tables.py"
