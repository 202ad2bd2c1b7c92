"""The command line's option values: the fixed sets (listed by `--help`, offered by shell completion, a wrong
one refused in one line) and the completion of game ids, components and card ids from the project.

Imports nothing of the engine at start (`pnp --help` stays instant); a completion loads the game it completes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import click
import typer

# the fixed sets (a test holds each to the engine's own: PAPERS, FORMATS, VENDORS)
PAPER_NAMES = ("A4", "letter", "A3", "tabloid")
DUPLEX = ("long", "short", "none")
LAYOUTS = ("sheets", "single")
CHECK_FORMATS = ("text", "json", "github")
SETUP_FORMATS = ("text", "json")
SIMULATE_FORMATS = ("text", "json", "html", "markdown")  # markdown: a --compare summary
EXPORTS = ("png", "tts")
VENDORS = ("tgc", "mpc")
SHOPS = ("tgc", "mpc", "drivethrucards")  # `pnp build --vendor` (pnp/output/export/shops.py)
PDFX = ("x4", "x1a", "x1a-2003")  # `--pdfx` (pnp/output/pdfx/keys.py)
INK_LIMITS = (150, 400)  # `--ink-limit`, percent (pnp/output/pdfx/__init__.py)


def setup_choices(option: list[str] | None, adventure: int | None) -> list[str]:
    """The setup choices of `--option NAME=VALUE`, with `--adventure N` as `adventure=N` (after them: it wins)."""
    return [*(option or []), *([f"adventure={adventure}"] if adventure is not None else [])]


def said(choices: tuple[str, ...] | list[str]) -> str:
    """`A4, letter, A3 or tabloid`."""
    return ", ".join(choices[:-1]) + f" or {choices[-1]}" if len(choices) > 1 else choices[0]


class Choice(click.Choice):
    """click's Choice, so `--help` lists the values and shell completion offers them; a wrong value is refused
    in pnp's one line, `--paper A5: use A4, letter, A3 or tabloid`, with exit 2 (not click's usage text)."""

    def __init__(self, *choices: str, case_sensitive: bool = True) -> None:
        super().__init__(choices, case_sensitive)

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str:
        return f"[{'|'.join(str(c) for c in self.choices)}]"  # as written (click would casefold A4)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
        from click.shell_completion import CompletionItem

        return [CompletionItem(c) for c in self.choices if str(c).casefold().startswith(incomplete.casefold())]

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            if ctx is not None and ctx.resilient_parsing:  # shell completion: no message
                raise
            name = param.opts[0] if param is not None and param.opts else "value"
            typer.echo(f"{name} {value}: use {said([str(c) for c in self.choices])}", err=True)
            raise typer.Exit(2) from None


class InkLimit(click.ParamType):
    """`--ink-limit 240`: a percent of total ink from 150 to 400, else pnp's one line and exit 2."""

    name = "PERCENT"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            number = float(str(value).rstrip("%"))
        except ValueError:
            number = float("nan")
        if not INK_LIMITS[0] <= number <= INK_LIMITS[1]:  # (NaN too)
            if ctx is not None and ctx.resilient_parsing:
                raise click.BadParameter(str(value))
            typer.echo(f"--ink-limit {value}: use a percent of total ink from {INK_LIMITS[0]} to {INK_LIMITS[1]} (300 "
                       "is the profile's own; DriveThruCards asks for 240)", err=True)
            raise typer.Exit(2)
        return number


def _option(choices: Choice, text: str) -> Any:
    return typer.Option(click_type=choices, help=text, show_default=False)


Paper = Annotated[str | None, _option(Choice(*PAPER_NAMES, case_sensitive=False), "the paper (default: the game's)")]
Duplex = Annotated[str | None, _option(Choice(*DUPLEX), "how the backs are printed (default: the game's, long)")]
Pdfx = Annotated[str | None, _option(Choice(*PDFX), "files a print shop accepts, CMYK through the ICC profile: "
                                     "PDF/X-4 (x4), X-1a:2001 (x1a) or X-1a:2003 (x1a-2003), into output/GAME/pdfx/")]
InkLimitOption = Annotated[float | None, typer.Option("--ink-limit", click_type=InkLimit(), show_default=False,
                                                     help="with --pdfx: the most total ink, percent (default 300)")]
Shop = Annotated[str | None, _option(Choice(*SHOPS), "a print shop's preset (its sizes, bleed, colour, ink limit "
                                     "and page order; docs/print-shops.md), into output/GAME/SHOP/")]
Layout = Annotated[str, typer.Option(click_type=Choice(*LAYOUTS), help=(
    "sheets (imposed for home printing) or single (one face a page with its bleed, for print shops: into "
    "output/GAME/single/)"))]


def _root(ctx: click.Context) -> Path:
    from pnp.model.project import find_root

    return find_root(explicit=ctx.find_root().params.get("root"))


def complete_game(ctx: click.Context, incomplete: str) -> list[str]:
    """Shell completion of a game id: the games of the project (`pnp --install-completion bash`)."""
    from pnp.core.errors import PnpError
    from pnp.model.project import list_games

    try:
        return [g for g in list_games(_root(ctx)) if g.startswith(incomplete)]
    except (PnpError, OSError):
        return []


def _decks(ctx: click.Context) -> list:  # the game's decks, or none when it cannot be read
    from pnp.core.errors import PnpError
    from pnp.model.game import load_game

    # completing an option's value, click leaves the words it has not parsed in ctx.args: the game is the first
    game = ctx.params.get("game") or next((a for a in ctx.args if not a.startswith("-")), None)
    if not game:
        return []
    try:
        return load_game(_root(ctx), game).decks
    except (PnpError, OSError):
        return []


def complete_components(ctx: click.Context, incomplete: str) -> list[str]:
    """`--only a,b,c`: the game's component ids, completing the last of the list."""
    done, comma, last = incomplete.rpartition(",")
    return [f"{done}{comma}{d.id}" for d in _decks(ctx) if d.id.startswith(last)]


def complete_face(ctx: click.Context, incomplete: str) -> list[str]:
    """COMPONENT or COMPONENT/ID: the component ids, then the card ids of the one named."""
    decks = _decks(ctx)
    if "/" not in incomplete:
        return [d.id for d in decks if d.id.startswith(incomplete)]
    deck, _, card = incomplete.partition("/")
    return [f"{deck}/{c.id}" for d in decks if d.id == deck for c in d.cards if c.id.startswith(card)]


def complete_printer(ctx: click.Context, incomplete: str) -> list[str]:
    """`--printer`: the printers saved in the project's printers.yaml."""
    from pnp.core.errors import PnpError
    from pnp.model.load import load_file

    try:
        root = _root(ctx)
        doc = load_file(root / "printers.yaml", root) if (root / "printers.yaml").is_file() else None
    except (PnpError, OSError):
        return []
    names = doc.data if doc is not None and isinstance(doc.data, dict) else {}
    return [str(n) for n in names if str(n).startswith(incomplete)]


# the engine's defaults (pnp.core.bounds.RULE_SECONDS and PIECES), without importing it for --help
RULE_SECONDS = 10.0
PIECES = 20_000
Lang = Annotated[str | None, typer.Option("--lang", help="a language of the game (fr: into output/GAME/fr/), or all "
                                                       "(default: the game's source language)")]
NoCustomRules = Annotated[bool, typer.Option(
    "--no-custom-rules", help="skip the game's Python rules (they are code that runs: for untrusted changes)")]
RuleTimeout = Annotated[float, typer.Option(min=0.1, max=3600, help="seconds each custom rule may run")]
NoGameCode = Annotated[bool, typer.Option(
    "--no-custom-rules", help="accepted for scripts that pass it to every command: this one runs no game code")]
