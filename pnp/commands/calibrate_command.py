"""`pnp calibrate`: a two-sided sheet that measures a printer's duplex shift, for `--back-offset`, in the
project's first font that reads (the built-in one otherwise)."""

from __future__ import annotations

from pathlib import Path

from pnp.commands.command_output import CommandOutput


def calibration_sheet(root: Path, paper: str, duplex: str, out: Path | None) -> CommandOutput:
    """`paper` as PAPERS spells it (the command line's Choice gives it so, whatever the case typed)."""
    from pnp.core.errors import PnpError, Problem
    from pnp.model.project import output_folder
    from pnp.model.schema.fields import PAPERS
    from pnp.output.impose.calibrate import calibration_pages
    from pnp.output.render.renderer import Renderer
    from pnp.output.write.staging import write_atomic

    pages = calibration_pages(PAPERS[paper], paper, duplex, 5 * 72 / 25.4)
    target = output_folder(root, None, f"calibrate-{paper}.pdf") if out is None else out
    if not target.name or target.is_dir():
        raise PnpError([Problem(None, f"--out {target}: a folder; name the PDF file to write "
                                f"(e.g. {target / f'calibrate-{paper}.pdf'})")])
    write_atomic(target, Renderer({}, "pnp duplex calibration", _font(root)).render(pages))
    said = CommandOutput()
    said.out(f"wrote {target}: print it duplex ({duplex}-edge flip) at 100 %, then read the offset against the "
             "light and build with --back-offset X,Y (or save it in printers.yaml)")
    return said


def _font(root: Path) -> str:
    import contextlib

    from pnp.core.bounds import FONT_BYTES
    from pnp.layout.fonts.families import ttf_font
    from pnp.model.project import unreadable

    fonts = [f for f in sorted((root / "fonts").glob("*.ttf")) if unreadable(root, f, "a font", FONT_BYTES) is None]
    if fonts:
        with contextlib.suppress(Exception):  # a font refused or damaged: the built-in one (a build says why)
            ttf_font(fonts[0], fonts[0].stem)
            return fonts[0].stem
    return "Helvetica"
