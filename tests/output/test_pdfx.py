"""PDF/X builds: CMYK only through the ICC profile, the output intent and PDF/X keys, clean in
Ghostscript and qpdf, the total ink of the rendered separations under the limit (measured by Ghostscript's tiffsep,
not by pnp), no transparency in X-1a, small text in black ink alone."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import IndirectObject

from conftest import REPO, edit, run_pnp

pytestmark = pytest.mark.slow


def _tool(name: str) -> str:
    """The tool's path; without it the test is skipped with the line that installs it, or fails where CI is set."""
    path = shutil.which(name)
    if path is None:
        why = f"{name} is not installed (apt-get install -y {'ghostscript' if name == 'gs' else name})"
        if os.environ.get("CI"):
            pytest.fail(f"{why}; CI is set, so the PDF/X tests are required", pytrace=False)
        pytest.skip(why)
    return path


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[tuple[str, ...], Path]:
    """Each PDF/X build the tests read, made once: (game, options...) -> its output folder."""
    made: dict[tuple[str, ...], Path] = {}

    def get(*key: str) -> Path:
        if key not in made:
            out = tmp_path_factory.mktemp("pdfx")
            result = run_pnp("build", *key, "--out", str(out))
            assert result.code == 0, result.err
            made[key] = out
        return made[key]

    return get  # type: ignore[return-value]


def _resolve(value):
    return value.get_object() if isinstance(value, IndirectObject) else value


def _colour_spaces(reader: PdfReader) -> set[str]:
    """Every colour space the file names: in page and form resources, images, transparency groups."""
    found: set[str] = set()
    seen: set[int] = set()

    def walk(obj) -> None:
        obj = _resolve(obj)
        if id(obj) in seen:
            return
        seen.add(id(obj))
        if isinstance(obj, dict):
            for key, value in obj.items():
                if key in ("/ColorSpace", "/CS") and isinstance(_resolve(value), str):
                    found.add(str(_resolve(value)))
                if key == "/Parent":
                    continue
                walk(value)
        elif isinstance(obj, list):
            if obj and obj[0] == "/ICCBased":
                found.add(f"/ICCBased N={_resolve(obj[1]).get('/N')}")
            for value in obj:
                walk(value)

    for page in reader.pages:
        walk(page)
    return found


def _streams(reader: PdfReader) -> list[bytes]:
    """The decoded content of every page and of every form XObject it draws."""
    out = []
    for page in reader.pages:
        out.append(page.get_contents().get_data())
        forms = _resolve(_resolve(page["/Resources"]).get("/XObject", {})) or {}
        for ref in forms.values():
            form = _resolve(ref)
            if form.get("/Subtype") == "/Form":
                out.append(form.get_data())
    return out


@pytest.mark.parametrize("game", ["voyage", "arkship"])
def test_pdfx_build_is_cmyk_with_output_intent(built, game: str) -> None:
    out = built(game, "--pdfx", "x4")
    files = sorted(out.glob("*.pdf"))
    assert len(files) > 5
    for path in files:
        reader = PdfReader(path)
        intents = reader.trailer["/Root"]["/OutputIntents"]
        intent = _resolve(intents[0])
        assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "FOGRA39"
        assert _resolve(intent["/DestOutputProfile"])["/N"] == 4
        assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-4"
        assert b"<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>" in _resolve(
            reader.trailer["/Root"]["/Metadata"]).get_data()
        assert reader.pdf_header == "%PDF-1.6"
        for page in reader.pages:
            assert "/TrimBox" in page and "/BleedBox" in page
        spaces = _colour_spaces(reader)
        assert not spaces & {"/DeviceRGB", "/DeviceGray", "/ICCBased N=3"}, (path.name, spaces)
        for data in _streams(reader):
            assert not re.search(rb"(^|\s)[-.\d]+ [-.\d]+ [-.\d]+ (rg|RG)\b", data), path.name
            assert not re.search(rb"(^|\s)[-.\d]+ (g|G)\s", data), path.name
    manifest = (out / "manifest.json").read_text()
    assert '"pdfx": "PDF/X-4"' in manifest and '"ink_limit": 300' in manifest


@pytest.mark.parametrize("game", ["voyage", "arkship"])
def test_ghostscript_and_qpdf_read_it_cleanly(built, game: str) -> None:
    gs, qpdf = _tool("gs"), _tool("qpdf")
    out = built(game, "--pdfx", "x4")
    for path in sorted(out.glob("*.pdf")):
        run = subprocess.run([gs, "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=nullpage", str(path)], capture_output=True,
                             text=True, timeout=300)
        said = (run.stdout + run.stderr).lower()
        assert run.returncode == 0 and "error" not in said and "warning" not in said, (path.name, said[:500])
        check = subprocess.run([qpdf, "--check", str(path)], capture_output=True, text=True, timeout=120)
        assert check.returncode == 0 and "No syntax or stream encoding errors" in check.stdout, check.stdout[-500:]


def separations_ink(path: Path, folder: Path, resolution: int = 30) -> float:
    """The largest total ink (percent) of any pixel of the file's pages, as Ghostscript separates them: tiffsep
    writes one greyscale TIFF per process ink per page (0 full ink, 255 none)."""
    from PIL import Image, ImageChops

    gs = _tool("gs")
    subprocess.run([gs, "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=tiffsep", f"-r{resolution}",
                    f"-sOutputFile={folder}/p%03d.tif", str(path)], check=True, capture_output=True, timeout=600)
    most = 0.0
    for composite in sorted(folder.glob("p[0-9][0-9][0-9].tif")):
        stem = composite.stem
        plates = [Image.open(folder / f"{stem}({ink}).tif").convert("L") for ink in
                  ("Cyan", "Magenta", "Yellow", "Black")]
        total = None
        for plate in plates:  # summed as 32-bit integers: 4 x 255 does not fit a byte
            ink = ImageChops.invert(plate).convert("I")
            total = ink if total is None else _add(total, ink)
        assert total is not None
        most = max(most, total.getextrema()[1] * 100 / 255)
        for f in folder.glob(f"{stem}*"):
            f.unlink()
    return most


def _add(a, b):
    from PIL import ImageMath

    return ImageMath.lambda_eval(lambda v: v["a"] + v["b"], a=a, b=b)


def test_ink_limit_240_holds_on_the_rendered_separations(built, tmp_path: Path) -> None:
    out = built("voyage", "--pdfx", "x4", "--ink-limit", "240")
    worst = 0.0
    for name in ("voyage-pnp.pdf", "room.pdf", "event.pdf"):
        folder = tmp_path / name
        folder.mkdir()
        worst = max(worst, separations_ink(out / name, folder))
    assert 150 < worst < 240.5, worst  # dark backgrounds reach the limit, never past it
    assert '"ink_limit": 240' in (out / "manifest.json").read_text()


def test_without_a_lower_limit_the_dark_backgrounds_pass_240(built, tmp_path: Path) -> None:
    """The limit is what holds the ink down: the same pages at the profile's 300 % go past 240 %."""
    out = built("voyage", "--pdfx", "x4")
    folder = tmp_path / "sep"
    folder.mkdir()
    assert separations_ink(out / "room.pdf", folder) > 250


def test_preflight_reports_the_largest_ink() -> None:
    result = run_pnp("check", "voyage", "--print", "--pdfx", "x4", "--ink-limit", "240")
    assert result.code == 0, result.err
    said = re.search(r"total ink at most ([\d.]+) % \((\S+) page (\d+)\), limit 240 %", result.out)
    assert said and float(said.group(1)) <= 240, result.out


def test_x1a_has_no_transparency(built) -> None:
    out = built("sleeping-gods", "--pdfx", "x1a")
    reader = PdfReader(out / "event.pdf")  # its backs' compass rose is #ffffff33 in RGB builds
    assert reader.pdf_header == "%PDF-1.3"
    assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-1:2001"
    assert reader.metadata["/GTS_PDFXConformance"] == "PDF/X-1a:2001"
    for path in sorted(out.glob("*.pdf")):
        raw = subprocess.run([_tool("qpdf"), "--qdf", "--object-streams=disable", str(path), "-"],
                             capture_output=True, timeout=120).stdout
        assert not re.search(rb"/(ca|CA) (0?\.\d+|0)\b", raw), path.name
        assert b"/SMask" not in raw and b"/Group" not in raw, path.name


def test_x1a_blends_the_see_through_rose_with_the_back_under_it() -> None:
    """A see-through colour is painted solid: blended with the last solid colour under its middle."""
    from pnp.layout.scene import Icon, Rect, Static
    from pnp.model.units import RGBA
    from pnp.output.pdfx.cmyk_renderer import solid, unders

    sea = (0.1, 0.4, 0.3)
    background = Rect(-9, -9, 200, 260, sea)
    frame = Rect(10, 10, 160, 230, None, (0.8, 0.6, 0.2))
    rose = Icon("travel", 30, 40, 110, 110, RGBA((1.0, 1.0, 1.0), 0.2))
    found = unders([Static("back", [background, frame]), rose])
    assert found[id(rose)] == sea
    painted = solid(rose, found[id(rose)])
    assert all(abs(a - (0.2 + 0.8 * b)) < 1e-9 for a, b in zip(painted.color, sea, strict=True))
    assert getattr(painted.color, "alpha", 1.0) == 1.0


def test_small_text_is_black_ink_alone(built) -> None:
    out = built("voyage", "--pdfx", "x4")
    data = b"".join(_streams(PdfReader(out / "event.pdf")))
    texts = re.findall(rb"BT(.*?)ET", data, re.S)
    fills = {m for t in texts for m in re.findall(rb"([-.\d]+ [-.\d]+ [-.\d]+ [-.\d]+) k", t)}
    assert b"0 0 0 1" in fills  # Voyage's ink #1d2230: 100 % K, not a four-colour black
    for fill in fills:
        c, m, y, k = (float(v) for v in fill.split())
        if c == m == y == 0:
            continue
        assert not (c > 0.4 and m > 0.4 and y > 0.3 and k > 0.5), fill  # no rich black under text


def test_large_dark_area_is_rich_black() -> None:
    from pnp.output.pdfx.inks import Inks

    inks = Inks()
    assert inks.fine((0x1d / 255, 0x22 / 255, 0x30 / 255)) == (0, 0, 0, 1.0)
    c, m, y, k = inks.area((0x1d / 255, 0x22 / 255, 0x30 / 255))
    assert c > 0.3 and m > 0.3 and k > 0.5 and (c + m + y + k) * 100 <= 300.5
    grey = inks.fine((0.5, 0.5, 0.5))
    assert grey[:3] == (0, 0, 0) and 0.3 < grey[3] < 0.8


def test_limited_moves_the_common_part_to_black() -> None:
    from pnp.output.pdfx.inks import limited

    c, m, y, k = limited((0.8, 0.7, 0.6, 0.9), 240)
    assert abs((c + m + y + k) * 100 - 240) < 0.1 and k > 0.9
    assert limited((0.1, 0.2, 0.3, 0.0), 240) == (0.1, 0.2, 0.3, 0.0)


def test_pictures_are_converted_and_held_to_the_limit() -> None:
    from PIL import Image

    from pnp.output.pdfx.pictures import to_cmyk

    picture = Image.new("RGBA", (8, 8), (10, 12, 20, 255))
    picture.putpixel((0, 0), (255, 0, 0, 0))
    cmyk, alpha = to_cmyk(picture, 240, opaque=False)
    assert cmyk.mode == "CMYK" and alpha is not None
    assert max(sum(cmyk.getpixel((x, y))) for x in range(8) for y in range(8)) * 100 / 255 <= 241
    flat, none = to_cmyk(picture, 240, opaque=True)
    assert none is None and flat.getpixel((0, 0)) == (0, 0, 0, 0)  # the clear pixel: white paper


def test_a_picture_on_a_pdfx_page_is_cmyk(tmp_path: Path) -> None:
    from PIL import Image

    from pnp.output.pdfx import Pdfx
    from pnp.output.pdfx.canvas import PdfxCanvas
    from pnp.output.pdfx.readback import read_back

    art = tmp_path / "art.png"
    Image.new("RGBA", (20, 20), (200, 30, 40, 128)).save(art)
    buf = io.BytesIO()
    c = PdfxCanvas(buf, pagesize=(100, 100), invariant=1, pdfx=Pdfx("x4", 240))
    c.setFillColorRGB(0.1, 0.1, 0.1)
    c.rect(0, 0, 50, 50, fill=1)
    c.drawImage(str(art), 10, 10, 40, 40, mask="auto")
    c.showPage()
    c.save()
    found = read_back("art.pdf", buf.getvalue(), "x4", 240)
    assert found.findings == [] and 0 < found.most <= 240.5
    assert b"/DeviceCMYK" in buf.getvalue() and b"/DeviceRGB" not in buf.getvalue()


def test_rgb_slipping_through_is_refused() -> None:
    from reportlab.pdfgen.canvas import Canvas

    from pnp.output.pdfx.canvas import _cmyk_only

    with pytest.raises(ValueError, match="RGB colour"):
        _cmyk_only((1, 0, 0))
    assert _cmyk_only((0, 0, 0, 1)) == (0, 0, 0, 1)
    buf = io.BytesIO()
    Canvas(buf, enforceColorSpace=_cmyk_only).setFillColorCMYK(0, 0, 0, 1)  # the gate lets inks through


def test_readback_finds_rgb_and_ink_over_the_limit() -> None:
    from reportlab.pdfgen.canvas import Canvas

    from pnp.output.pdfx.readback import read_back

    buf = io.BytesIO()
    c = Canvas(buf, invariant=1)
    c.setFillColorRGB(1, 0, 0)
    c.rect(0, 0, 10, 10, fill=1)
    c.setFillColorCMYK(0.9, 0.9, 0.9, 0.9)
    c.rect(0, 0, 10, 10, fill=1)
    c.showPage()
    c.save()
    found = read_back("plain.pdf", buf.getvalue(), "x4", 300)
    said = " | ".join(found.findings)
    assert "an RGB fill" in said and "360 %" in said and "no PDF/X output intent" in said and "TrimBox" in said


def test_palette_cmyk_is_used_as_given_and_checked(tmp_path: Path) -> None:
    root = _voyage_copy(tmp_path)
    game = root / "cards" / "voyage" / "game.yaml"
    edit(game, 'ink: "#1d2230"', 'ink: {rgb: "#1d2230", cmyk: [60, 40, 40, 100]}')
    out = tmp_path / "out"
    result = run_pnp("--root", str(root), "build", "voyage", "--pdfx", "x4", "--out", str(out))
    assert result.code == 0, result.err
    assert b".6 .4 .4 1 k" in b"".join(_streams(PdfReader(out / "event.pdf")))
    over = run_pnp("--root", str(root), "build", "voyage", "--pdfx", "x4", "--ink-limit", "200", "--out", str(out))
    assert over.code == 2 and "Traceback" not in over.err
    assert re.search(r"cards/voyage/game\.yaml:\d+:\d+: palette\.ink\.cmyk: palette colour 'ink': its cmyk totals "
                     r"240 % of ink, over the limit of 200 %", over.err), over.err


def _voyage_copy(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    for part in ("cards", "templates", "fonts"):
        shutil.copytree(REPO / part, root / part, ignore=shutil.ignore_patterns("output"))
    return root


@pytest.mark.parametrize("args, said", [
    (("--ink-limit", "120"), "--ink-limit 120: use a percent of total ink from 150 to 400"),
    (("--ink-limit", "401"), "--ink-limit 401: use a percent of total ink from 150 to 400"),
    (("--ink-limit", "lots"), "--ink-limit lots: use a percent"),
    (("--pdfx", "x3"), "--pdfx x3: use x4, x1a or x1a-2003"),
    (("--vendor", "lulu"), "--vendor lulu: use tgc, mpc or drivethrucards"),
    (("--ink-limit", "240"), "--ink-limit is for a PDF/X build"),
])
def test_bad_options_are_one_line(args: tuple[str, ...], said: str) -> None:
    result = run_pnp("build", "voyage", *args)
    assert result.code == 2 and said in result.err and "Traceback" not in result.err
    assert len(result.err.strip().splitlines()) == 1, result.err


@pytest.mark.parametrize("inks, said", [
    ("[70, 50, 30]", "cmyk [70, 50, 30]: write four numbers from 0 to 100"),
    ("[70, 50, 30, 180]", "cmyk [70, 50, 30, 180]: write four numbers from 0 to 100"),
    ('"dark"', "cmyk 'dark': write four numbers"),
])
def test_bad_palette_cmyk_is_located(tmp_path: Path, inks: str, said: str) -> None:
    root = _voyage_copy(tmp_path)
    edit(root / "cards" / "voyage" / "game.yaml", 'ink: "#1d2230"', f'ink: {{rgb: "#1d2230", cmyk: {inks}}}')
    result = run_pnp("--root", str(root), "check", "voyage")
    assert result.code == 2 and re.search(r"cards/voyage/game\.yaml:\d+:\d+: palette\.ink: ", result.err), result.err
    assert said in result.err
