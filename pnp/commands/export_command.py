"""`pnp export GAME --to png|tts` and `pnp preview GAME`: the faces checked as a build checks them, without the
game's Python rules (game code that runs: what they find is `pnp check`'s and `pnp build`'s to say), then
written as images or a Tabletop Simulator save."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.commands.command_output import CommandOutput, Refused

if TYPE_CHECKING:
    from pnp.commands.build import BuildOptions


def faces_only(lang: str | None = None) -> BuildOptions:
    from pnp.commands.build import BuildOptions
    from pnp.rules.check import CheckOptions

    return BuildOptions(rules=CheckOptions(custom=False, lang=lang))


def export_game(root: Path, game: str, to: str, vendor: str | None, only: str | None, out: Path | None,
                base_url: str | None, progress: Any, lang: str | None = None) -> CommandOutput:
    """`pnp export`, in each language `--lang` asks for (a language other than the source: output/GAME/LANG/...)."""
    from pnp.commands.build_command import languages_asked

    said = CommandOutput()
    for code in languages_asked(root, game, lang):
        said.lines += _export_one(root, game, to, vendor, only, out, base_url, progress, code).lines
    return said


def _export_one(root: Path, game: str, to: str, vendor: str | None, only: str | None, out: Path | None,
                base_url: str | None, progress: Any, lang: str | None) -> CommandOutput:
    import dataclasses

    from pnp.commands.build import prepare
    from pnp.core.errors import PnpError, Problem, did_you_mean
    from pnp.model.project import output_folder
    from pnp.output.export.faces import export_png
    from pnp.output.export.tts.components import export_tts

    if vendor is not None and to != "png":
        raise Refused("--vendor is for --to png (one image per face at the vendor's sizes)")
    if base_url is not None and to != "tts":
        raise Refused("--base-url is for --to tts (the addresses Tabletop Simulator loads images from)")
    prep = prepare(root, game, faces_only(lang))
    ids = {d.id for d, _, _ in prep.decks}
    chosen = set(only.split(",")) if only else None
    if chosen and chosen - ids:
        missing = sorted(chosen - ids)
        raise PnpError([Problem(None, f"--only: no component {', '.join(missing)} "
                                      f"(components: {', '.join(sorted(ids))}){did_you_mean(missing[0], ids)}")])
    prep = dataclasses.replace(prep, decks=[d for d in prep.decks if chosen is None or d[0].id in chosen])
    code = getattr(prep.game, "lang", "")  # another language's: output/GAME/LANG/png
    target = output_folder(root, out and out / code, game, code, vendor or to)
    if to == "png":  # every deck asked for: leave out what the vendor does not print; named: refuse it
        result = export_png(prep, target, vendor, skip=chosen is None, progress=progress)
    else:
        from pnp.commands.tabledeal import dealt_for_table

        whole = chosen is None  # the whole game: on one table too, dealt as its setup says
        result = export_tts(prep, target, base_url, progress, whole, dealt_for_table(prep.game) if whole else None)
    said = CommandOutput()
    for component, why in result.left_out:
        said.out(f"left out: {component} ({why})")
    said.out(f"{len(result.files)} files in {target}" + (f"; to load them, see {target / 'README.txt'}"
                                                         if to == "tts" else ""))
    return said


def preview_faces(root: Path, game: str, selector: str | None, out: Path | None, dpi: int,
                  progress: Any) -> CommandOutput:
    from pnp.commands.build import prepare
    from pnp.commands.preview import preview
    from pnp.model.project import output_folder

    paths = preview(prepare(root, game, faces_only()), output_folder(root, out, game, "preview"), selector, dpi,
                    progress)
    said = CommandOutput()
    said.out(f"{len(paths)} images in {paths[0].parent if paths else out}")
    return said
