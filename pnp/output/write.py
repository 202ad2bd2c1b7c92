"""Stage 6, write: files land atomically (temporary file, then rename), deterministically."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any


def write_atomic(path: Path, data: bytes, unchanged_ok: bool = False) -> str:
    """Write `data` to `path` via a temporary file in the same folder; return its sha256. With
    `unchanged_ok`, a file that already holds exactly `data` is left alone (viewers need not reload)."""
    digest = hashlib.sha256(data).hexdigest()
    if unchanged_ok and path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
        return digest
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")  # same folder: the rename is atomic
    try:
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return digest


def manifest_json(manifest: dict[str, Any]) -> str:
    """Readable and diff-friendly: one line per file and per face (json's C encoder, no indent)."""
    lines = ["{"]
    items = list(manifest.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if isinstance(value, list):
            rows = [" " * 2 + json.dumps(v, separators=(", ", ": ")) for v in value]
            body = "[\n" + ",\n".join(rows) + "\n ]" if rows else "[]"
            lines.append(f" {json.dumps(key)}: {body}{comma}")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_manifest(path: Path, manifest: dict[str, Any]) -> None:
    write_atomic(path, manifest_json(manifest).encode())
