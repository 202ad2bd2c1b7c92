"""Copy the Game Icons a game uses into its art/ folder, as SVG files, with their licence.

The icons come from the npm package `@iconify-json/game-icons` (CC BY 3.0, game-icons.net), fetched
into a temporary folder, never kept whole in this repository:

    npm install --prefix /tmp/gi @iconify-json/game-icons
    python tools/game_icons.py /tmp/gi/node_modules/@iconify-json/game-icons/icons.json voyage

Every card of the game's decks that has an `art:` field names an icon; exactly those icons are
written to cards/<game>/art/<icon>.svg, and art/LICENSE.txt lists them with the attribution.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
LICENCE = """Art: icons from Game Icons (https://game-icons.net), by Lorc, Delapouite and the other
contributors listed at https://github.com/game-icons/icons, under the Creative Commons Attribution 3.0
Unported licence (CC BY 3.0, https://creativecommons.org/licenses/by/3.0/). Taken from the npm package
@iconify-json/game-icons {version}; unchanged except for being saved as separate SVG files.

Icons in this folder:
"""


def used(game: str) -> list[str]:
    names = set()
    for path in sorted((REPO / "cards" / game).glob("*.yaml")):
        data = yaml.safe_load(path.read_text())
        if isinstance(data, dict) and isinstance(data.get("cards"), list):
            names.update(c["art"] for c in data["cards"] if isinstance(c, dict) and c.get("art"))
    return sorted(names)


def main(icons_json: str, game: str) -> None:
    source = Path(icons_json)
    data = json.loads(source.read_text())
    version = json.loads((source.parent / "package.json").read_text())["version"]
    art = REPO / "cards" / game / "art"
    art.mkdir(exist_ok=True)
    for old in art.glob("*.svg"):
        old.unlink()
    names = used(game)
    for name in names:
        icon = data["icons"][name]
        w, h = icon.get("width", data.get("width", 512)), icon.get("height", data.get("height", 512))
        (art / f"{name}.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}">'
                                         f'{icon["body"]}</svg>\n')
    (art / "LICENSE.txt").write_text(LICENCE.format(version=version) + "".join(f"  {n}.svg\n" for n in names))
    print(f"{len(names)} icons in {art.relative_to(REPO)}")


if __name__ == "__main__":
    main(*sys.argv[1:3])
