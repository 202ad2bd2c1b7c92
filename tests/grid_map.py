"""A hex or square map deck for the `mini` game (tests/data/proj): `add_map(project)` adds a board whose
template draws a `grid` element reading a terrain table, for the grid and the tiling tests."""

from conftest import edit

MAP_DECK = """id: map
name: Map
kind: board
template: mini/map
cards: [{id: map}]
"""

MAP_TEMPLATE = """size: {{width: 180mm, height: 150mm}}
safe: 3mm
elements:
  - name: hexes
    type: grid
    shape: {shape}
    orient: {orient}
    rows: {rows}
    cols: {cols}
    size: {size}
    offset: {offset}
    x: 10mm
    y: 12mm
    data: terrain
    defaults: {{terrain: plain}}
    elements:
      - {{name: hex, type: polygon, points: "{{{{ cell.corners }}}}", stroke: ink, stroke_width: 0.5pt,
         fill: "{{{{ {{'forest': '#4f7d3a', 'water': '#6fa8dc', 'plain': '#f1e7c6'}}[cell.data.terrain] }}}}"}}
      - {{type: text, x: "{{{{ cell.x - 4 }}}}mm", y: "{{{{ cell.y - 2 }}}}mm", w: 8mm, h: 4mm, size: 6pt,
         align: center, text: "{{{{ '%02d%02d' % (cell.col, cell.row) }}}}"}}
"""

TERRAIN = """# the cells that are not plain
- {row: 1, col: 1, terrain: forest}
- {row: 2, col: 3, terrain: water}
"""


def add_map(root, shape="hex", orient="flat", rows=4, cols=5, size="20mm", offset="odd", terrain=TERRAIN):
    game = root / "cards/mini/game.yaml"
    if "map.yaml" not in game.read_text():
        edit(game, "decks: [spells.yaml]", "decks: [spells.yaml, map.yaml]\ndata: {terrain: terrain.yaml}")
    (root / "cards/mini/map.yaml").write_text(MAP_DECK)
    (root / "cards/mini/terrain.yaml").write_text(terrain)
    (root / "templates/mini/map.yaml").write_text(MAP_TEMPLATE.format(shape=shape, orient=orient, rows=rows,
                                                                      cols=cols, size=size, offset=offset))
