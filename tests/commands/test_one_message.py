"""One mistake, one message: a template mistake several decks repeat, a typo that leaves a required field
missing, an empty file, a setup with nothing on the table, a file read while an editor writes it again,
and the serve page's errors beside the faces (not over them)."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from conftest import REPO, edit, run_pnp, served


@pytest.fixture
def new_project(tmp_path: Path) -> Path:
    """What `pnp new --project` makes: a game whose two decks (card, aid) share the frame of proj/front."""
    assert run_pnp("new", "--project", "proj", cwd=tmp_path).code == 0
    return tmp_path / "proj"


def errors(result) -> list[str]:
    """The problem lines a command printed (without its closing count)."""
    return [line for line in result.err.splitlines() if line and not line[0].isdigit()]


def test_a_template_mistake_two_decks_repeat_is_said_once_naming_both(new_project: Path):
    edit(new_project / "templates/proj/front.yaml", "radius: 2mm, fill: paper}", "radius: 2mm, fill: papr}")
    result = run_pnp("build", "proj", cwd=new_project)
    assert result.code == 2
    [line] = errors(result)
    assert line.startswith("templates/proj/front.yaml:7:"), line
    assert "card, aid: fill: unknown colour 'papr'" in line and "did you mean 'paper'?" in line


def test_a_field_both_decks_lack_is_said_once_with_each_decks_count(tmp_path: Path):
    root = tmp_path / "p"
    for folder in ("cards/intrepid", "templates/intrepid", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    edit(root / "templates/intrepid/disaster.yaml", 'text: "{{ card.name }}", font: title',
         'text: "{{ card.nmae }}", font: title')
    result = run_pnp("build", "intrepid", cwd=root)
    assert result.code == 2
    [line] = errors(result)
    assert line.startswith("templates/intrepid/disaster.yaml:"), line
    assert "names the field 'nmae', which 54 cards of decks " in line
    for deck, n in (("training-simulator", 10), ("meteor-shower", 22), ("toxic-leak", 22)):
        assert f"{deck} ({n})" in line


def test_a_typo_for_a_required_field_is_said_once_as_the_typo(project: Path):
    spells = project / "cards/mini/spells.yaml"
    edit(spells, "    cost: 3", "    cots: 3")
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2
    [line] = errors(result)
    row = next(i for i, t in enumerate(spells.read_text().splitlines(), 1) if "cots: 3" in t)
    assert line.startswith(f"cards/mini/spells.yaml:{row}:5: cards[0] (fireball).cots: unknown field; "
                           "did you mean 'cost'? (a required field, missing)"), line
    assert "missing required field" not in result.err


def test_a_missing_field_without_a_typo_is_still_said(project: Path):
    edit(project / "cards/mini/spells.yaml", "    cost: 3\n", "")
    result = run_pnp("build", "mini", cwd=project)
    assert [line.split(": ", 1)[1] for line in errors(result)] == ["cards[0] (fireball).cost: missing required field"]


@pytest.mark.parametrize("text", ["", "# cards to come\n"])
def test_an_empty_file_says_so_at_its_path(project: Path, text: str):
    (project / "cards/mini/spells.yaml").write_text(text)
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2
    [line] = errors(result)
    assert line.startswith("cards/mini/spells.yaml: the file is empty (or holds only comments): write its fields"), line
    assert "None" not in line and "mapping" not in line


def test_setup_prints_no_heading_over_nothing(new_project: Path):
    result = run_pnp("setup", "proj", "--players", "2", "--seed", "1", cwd=new_project)
    assert result.code == 0, result.err
    lines = result.out.splitlines()[1:]
    assert lines[0] == "player 1"  # nothing is laid on the table in this game: no `table` heading
    for i, line in enumerate(lines):
        if not line.startswith(" "):  # a heading: something under it
            assert i + 1 < len(lines) and lines[i + 1].startswith("  "), result.out


def test_setup_keeps_the_table_heading_when_the_table_has_something():
    result = run_pnp("setup", "voyage", "--players", "2", "--seed", "1")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[1] == "table" and lines[2].startswith("  ")


# -- a file caught half-written -------------------------------------------------------------------------

def finish_the_save_in_the_pause(monkeypatch, path: Path, text: str) -> list[int]:
    """While watch or serve pauses before saying a problem, the editor's second write lands."""
    import pnp.commands.saves as saves

    pauses: list[int] = []

    def settle() -> None:
        pauses.append(1)
        path.write_text(text)

    monkeypatch.setattr(saves, "settle", settle)
    return pauses


def test_watch_does_not_report_a_file_it_read_while_an_editor_wrote_it_again(project: Path, monkeypatch):
    from pnp.commands.build import BuildOptions
    from pnp.commands.watch import rebuild

    spells = project / "cards/mini/spells.yaml"
    whole = spells.read_text()
    spells.write_text("")  # the second save has emptied the file the first one closed
    pauses = finish_the_save_in_the_pause(monkeypatch, spells, whole)
    said: list[str] = []
    assert rebuild(project, "mini", BuildOptions(), said.append, changed={spells}) is not None
    assert pauses == [1] and not [s for s in said if "problem" in s or "empty" in s], said


def test_watch_still_reports_a_broken_file_once_after_one_more_try(project: Path, monkeypatch):
    from pnp.commands.build import BuildOptions
    from pnp.commands.watch import rebuild

    spells = project / "cards/mini/spells.yaml"
    edit(spells, "cost: 2", "cost: two")
    pauses = finish_the_save_in_the_pause(monkeypatch, spells, spells.read_text())
    said: list[str] = []
    assert rebuild(project, "mini", BuildOptions(), said.append, changed={spells}) is None
    assert pauses == [1] and len([s for s in said if "'two'" in s]) == 1, said
    said.clear()  # a problem in a file not just saved: said at once, no pause
    assert rebuild(project, "mini", BuildOptions(), said.append, changed={project / "cards/mini/game.yaml"}) is None
    assert pauses == [1] and len([s for s in said if "'two'" in s]) == 1, said


def test_serve_does_not_show_a_file_it_read_while_an_editor_wrote_it_again(project: Path, monkeypatch):
    from pnp.commands.serve import Server

    server = Server(project, "mini", port=0, say=lambda _: None)
    assert not server.look().errors
    spells = project / "cards/mini/spells.yaml"
    whole = spells.read_text()
    spells.write_text("")
    pauses = finish_the_save_in_the_pause(monkeypatch, spells, whole)
    assert server.look("spells.yaml: ", {spells}).errors == [] and pauses == [1]
    spells.write_text("")  # and a file that stays empty is said, after the one more try
    monkeypatch.setattr("pnp.commands.saves.settle", lambda: pauses.append(1))
    [problem] = server.look("spells.yaml: ", {spells}).errors
    assert "the file is empty" in problem.message and pauses == [1, 1]


# -- the serve page: errors beside the faces ---------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.xdist_group("browser")
def test_the_errors_panel_covers_no_face_and_the_faces_stay_clickable(project: Path, tmp_path: Path):
    from browser import chromium

    with served(project, "mini") as (server, _), chromium() as (_, page):
        page.goto(server.url)
        page.wait_for_selector("figure.face img.front[data-key]")
        edit(project / "cards/mini/spells.yaml", "cost: 2", "cost: two")
        page.wait_for_selector("#errors:not([hidden])", timeout=20_000)
        assert "cost" in page.locator("#errors").inner_text()
        covered = page.evaluate("""() => [...document.querySelectorAll('figure.face')].filter(f => {
                const r = f.getBoundingClientRect();
                if (r.bottom < 0 || r.top > innerHeight) return false;
                const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return !f.contains(hit); }).map(f => f.dataset.card)""")
        assert covered == []
        shot = tmp_path / "serve-errors.png"
        page.screenshot(path=str(shot))
        assert shot.stat().st_size > 10_000  # (look at it: pytest --basetemp DIR keeps it)
        page.locator("#errors summary").click()  # folds away
        assert not page.locator("#error-list").is_visible()
        page.locator("figure[data-card]").first.click()
        page.locator("#detail").wait_for(state="visible")
        page.keyboard.press("Escape")
        edit(project / "cards/mini/spells.yaml", "cost: two", "cost: 2")
        page.wait_for_selector("#errors", state="hidden", timeout=20_000)
        time.sleep(0.05)
