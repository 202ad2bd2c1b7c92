"""What the bundled games make, as sha256 digests, for a restructuring that must change no output:
`python tools/digests.py OUT.json` before, again after, then `python tools/digests.py --compare A.json B.json`.

It builds each of the five games on A4 and on Letter (every file of each build's manifest), exports Voyage's
Tabletop Simulator save and PNG faces, deals `pnp setup` at 1-4 players over three seeds, and plays
`pnp simulate voyage` (text and JSON, 1-4 players) and a `--vary` sweep, and checks every game strictly
(`pnp check --all --strict`), each into a folder of its own. The
manifests themselves are digested too. Run it from a checkout with its own `.venv` (or `--pnp` a command).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GAMES = ["voyage", "arkship", "moon", "sleeping-gods", "intrepid"]
SETUPS = {"voyage": range(1, 5), "arkship": range(1, 5), "moon": range(1, 7), "sleeping-gods": range(1, 5),
          "intrepid": range(1, 5)}


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _run(pnp: list[str], *args: str) -> bytes:
    done = subprocess.run([*pnp, *args], cwd=REPO, capture_output=True, timeout=900)
    return done.stdout + b"\n-- exit %d\n" % done.returncode


def digests(pnp: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="pnp-digests-") as tmp:
        for game in GAMES:
            for paper in ("A4", "letter"):
                folder = Path(tmp) / f"{game}-{paper}"
                _run(pnp, "build", game, "--paper", paper, "--out", str(folder))
                for path in sorted(folder.rglob("*")):
                    if path.is_file():
                        out[f"build/{game}/{paper}/{path.relative_to(folder).as_posix()}"] = _digest(path.read_bytes())
            for seed in (1, 2, 3):
                for players in SETUPS[game]:
                    out[f"setup/{game}/{players}p/seed{seed}"] = _digest(
                        _run(pnp, "setup", game, "--players", str(players), "--seed", str(seed)))
        for kind in ("tts", "png"):
            folder = Path(tmp) / f"export-{kind}"
            _run(pnp, "export", "voyage", "--to", kind, "--out", str(folder))
            for path in sorted(folder.rglob("*")):
                if path.is_file():
                    out[f"export/voyage/{kind}/{path.relative_to(folder).as_posix()}"] = _digest(path.read_bytes())
        for fmt in ("text", "json"):
            out[f"simulate/voyage/{fmt}"] = _digest(_run(pnp, "simulate", "voyage", "--players", "1-4", "--games",
                                                         "400", "--seed", "1", "--format", fmt))
        out["check/all"] = _digest(_run(pnp, "check", "--all", "--strict"))
        out["simulate/voyage/vary"] = _digest(_run(pnp, "simulate", "voyage", "--players", "4", "--games", "200",
                                                   "--seed", "1", "--vary", "event/meteor-shower.damage=1,2"))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", help="where to write the digests (JSON)")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"), help="say what differs between two runs")
    parser.add_argument("--pnp", default=str(REPO / ".venv" / "bin" / "pnp"), help="the pnp command to run")
    args = parser.parse_args()
    if args.compare:
        before, after = (json.loads(Path(p).read_text()) for p in args.compare)
        changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
        for key in changed:
            print(f"{'changed' if key in before and key in after else 'only in one'}: {key}")
        print(f"{len(before)} and {len(after)} digests, {len(changed)} differ")
        return 1 if changed else 0
    if not args.out:
        parser.error("name the file to write, or --compare two")
    found = digests([args.pnp])
    Path(args.out).write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    print(f"{len(found)} digests in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
