"""What a language costs against the source (issue 44: "the build of one language costs about what the English build
does"): warm `pnp build GAME` and `pnp build GAME --lang L`, alternating, median processor time of --runs each, their
ratio, and R. On a copy of the project; where the game has no files for L yet, a pseudo-translation is made (each
text field's words with a mark added, its expressions kept), so the translated build does a translation's work."""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import timeit
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent


def build_cpu(root: Path, game: str, *extra: str) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "pnp", "build", game, "--no-custom-rules", *extra], cwd=root, check=True,
                   capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def project(tmp: Path, game: str, lang: str) -> Path:
    root = tmp / "p"
    for folder in (f"cards/{game}", "templates", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    manifest = root / f"cards/{game}/game.yaml"
    text = manifest.read_text()
    if "\nlanguages:" not in text:
        manifest.write_text(text + f"\nlanguages: [en, {lang}]\n")
    folder = root / f"cards/{game}/lang/{lang}"
    if not folder.is_dir():
        sys.path.insert(0, str(REPO))
        from pnp.model.game import load_game
        from pnp.model.translation.lang_files import translatable

        loaded = load_game(root, game)
        folder.mkdir(parents=True)
        for deck in loaded.decks:
            fields = translatable(loaded, deck.id)
            entries = {c.id: {f: f"{c.data[f]} ·" for f in fields if isinstance(c.data.get(f), str) and c.data[f]}
                       for c in deck.cards}
            (folder / Path(deck.doc.file).name).write_text(yaml.safe_dump(entries, allow_unicode=True))
    return root


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", nargs="?", default="voyage")
    parser.add_argument("--lang", default="fr")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = project(Path(tmp), args.game, args.lang)
        build_cpu(root, args.game)  # warm: the compiled templates' and fonts' caches
        build_cpu(root, args.game, "--lang", args.lang)
        source, other = [], []
        for _ in range(args.runs):
            source.append(build_cpu(root, args.game))
            other.append(build_cpu(root, args.game, "--lang", args.lang))
    r = min(timeit.repeat("sum(i*i for i in range(1000000))", number=5, repeat=5)) / 5
    a, b = statistics.median(source), statistics.median(other)
    print(json.dumps({"game": args.game, "lang": args.lang, "source_s": round(a, 3), "lang_s": round(b, 3),
                      "ratio": round(b / a, 2), "R_ms": round(r * 1000, 1)}))


if __name__ == "__main__":
    main()
