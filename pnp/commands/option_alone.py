"""The command line's options whose value may be left out (`pnp simulate voyage --ablate`: `--ablate all`), filled
in before typer reads the line, as typer cannot say an option's value is optional."""

from __future__ import annotations

ALONE = {"--ablate": "all"}  # options whose value may be left out, and the value they then take


def given_alone(args: list[str]) -> list[str]:
    """The command line with the value of an option given alone filled in (`pnp simulate voyage --ablate`:
    `--ablate all`), as typer cannot say an option's value may be left out."""
    out: list[str] = []
    for k, arg in enumerate(args):
        out.append(arg)
        if arg in ALONE and (k + 1 == len(args) or args[k + 1].startswith("-")):
            out.append(ALONE[arg])
    return out
