"""Art later: a playtest build draws a labelled placeholder for each image file not there yet (the file it
expects, the box's size, the card) and says so once, with every missing file and their count; a --final build
and `pnp check --strict` refuse it."""

from __future__ import annotations

from pathlib import Path

import yaml
from PIL import Image

from pnp.model.game import slug

from conftest import run_pnp
from pdfcheck import text_of

ART = '  - {name: art, type: image, x: 8mm, y: 40mm, w: 47.5mm, h: 30mm, src: "art/{{ card.id }}.png"}\n'


def test_missing_art_is_a_labelled_placeholder_said_once_and_a_final_build_refuses_it(tmp_path: Path):
    project = tmp_path / "quest"
    assert run_pnp("new", "--project", str(project)).code == 0
    front = project / "templates/quest/front.yaml"
    front.write_text(front.read_text() + ART)
    cards = yaml.safe_load((project / "cards/quest/cards.yaml").read_text())["cards"]
    ids = [c.get("id") or slug(c["name"]) for c in cards]
    (project / "cards/quest/art").mkdir()
    Image.new("RGB", (40, 30), "#884422").save(project / f"cards/quest/art/{ids[0]}.png")  # one card's art is done
    build = run_pnp("--root", str(project), "build", "quest")
    assert build.code == 0, build.err
    warnings = [line for line in build.err.splitlines() if "image file" in line]
    assert len(warnings) == 1, build.err  # once, not once per card
    missing = [f"cards/quest/art/{i}.png" for i in ids[1:]]
    assert all(f in warnings[0] for f in missing) and f"art/{ids[0]}.png" not in warnings[0], warnings[0]
    count = int(warnings[0].split("art: ")[1].split(" ")[0])
    assert count >= len(missing) and warnings[0].count("cards/quest/art/") == count  # each file once, with its count
    text = text_of(project / "output/quest/card.pdf")
    for i in ids[1:]:
        assert f"cards/quest/art/{i}.png" in text and f"card/{i}" in text  # the file it expects and the card
    assert f"cards/quest/art/{ids[0]}.png" not in text
    assert "47.5 x 30.0 mm" in text  # the box's size
    check = run_pnp("--root", str(project), "check", "quest", "--strict")
    assert check.code == 1 and "[missing-art]" in check.out, check.out
    before = (project / "output/quest/card.pdf").read_bytes()
    final = run_pnp("--root", str(project), "build", "quest", "--final")
    assert final.code == 2 and "Traceback" not in final.err
    refused = [line for line in final.err.splitlines() if "a --final build draws no placeholder" in line]
    assert len(refused) == count and all(line.startswith("templates/quest/front.yaml:") for line in refused)
    assert (project / "output/quest/card.pdf").read_bytes() == before  # the last good build is kept
