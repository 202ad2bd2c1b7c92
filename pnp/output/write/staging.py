"""Stage 6, write: a whole output folder at once, or not at all; files byte for byte deterministic.

A build gathers its files in a staging folder beside the output folder (`.NAME.pnp-new`), then makes
it current in one step: the two folders trade places with one atomic `renameat2(RENAME_EXCHANGE)` where
the system has it (Linux), else by two renames that the next run completes if it was killed between
them. So at every instant the output folder is the whole old build or the whole new one, and its
manifest's sha256s match its files. A file that has not changed keeps its inode (hard-linked, not
rewritten: a PDF viewer need not reload it); files of earlier builds that this one did not write are
gone; anything else in the folder (exports, a reprint, your own notes) is kept.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Any

from pnp.core.errors import InputError, Problem

MANIFEST = "manifest.json"
_EXCHANGE = 2  # RENAME_EXCHANGE


def _ours(path: Path) -> bool:
    """A folder pnp wrote inside a game's output folder before the game's own build: another language's build
    (output/GAME/fr/) or the translators' files (output/GAME/translate/)."""
    if path.name.startswith(".") and ".pnp-" in path.name:  # its lock, or its staging folders
        return True
    return path.is_dir() and ((path / MANIFEST).is_file() or path.name == "translate")


def write_atomic(path: Path, data: bytes) -> str:
    """One file on its own (a calibration sheet): a temporary file in the same folder, then a rename."""
    digest = hashlib.sha256(data).hexdigest()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            tmp.write_bytes(data)
            os.replace(tmp, path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise InputError([_problem(path, exc)]) from None
    return digest


def manifest_json(manifest: dict[str, Any]) -> bytes:
    """Readable and diff-friendly: one line per file and per face (json's C encoder, no indent). Each line is encoded
    as it is made: a deck of 1,200 cards holds its 2,400 face rows once, as bytes, not four times over as text."""
    out = [b"{\n"]
    items = list(manifest.items())
    for i, (key, value) in enumerate(items):
        comma = b"," if i < len(items) - 1 else b""
        out.append(f" {json.dumps(key)}: ".encode())
        if isinstance(value, list) and value:
            out.append(b"[\n")
            out.append(b",\n".join([b"  " + (v if type(v) is bytes else json.dumps(v, separators=(", ", ": ")).encode())
                                     for v in value]))  # (a row given as bytes: encoded already, as here)
            out.append(b"\n ]")
        else:
            out.append(json.dumps(value).encode())
        out.append(comma + b"\n")
    out.append(b"}\n")
    return b"".join(out)


def _problem(path: Path, exc: OSError) -> Problem:
    if exc.errno == errno.ENOSPC:
        why = "the disk is full"
    elif exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        why = "no permission to write there (a read-only folder or disk?)"
    else:
        why = exc.strerror or str(exc)
    return Problem(None, f"cannot write {path}: {why}; the last good output is unchanged")


class Staging:
    """The files of one build (or export), gathered beside `out` and then made current at once.

    with Staging(out) as stage:   # refuses a folder pnp cannot own; cleans what a killed run left
        stage.add("ability.pdf", data)
        stage.commit(manifest)    # nothing is visible in `out` before this; on an error, nothing at all
    """

    def __init__(self, out: Path):
        self.out = out
        self.new = out.parent / f".{out.name}.pnp-new"
        self.old = out.parent / f".{out.name}.pnp-old"
        self.lock: Any = None
        self.written: dict[str, str] = {}  # relative path -> sha256

    def __enter__(self) -> Staging:
        try:
            self._refuse()  # before anything is written beside it (the lock): a refused folder is left as it was
            self.out.parent.mkdir(parents=True, exist_ok=True)
            self._lock()
            recover(self.out)
            self._refuse()  # again, now that no other run can change it
            self.new.mkdir()
        except OSError as exc:
            self._unlock()
            raise InputError([_problem(self.out, exc)]) from None
        except BaseException:
            self._unlock()
            raise
        return self

    def _refuse(self) -> None:
        """InputError for a folder pnp may not own: a file, the root of the file system, or a folder of
        files that is not a pnp output folder (pnp replaces its output folder whole)."""
        out = self.out
        if out.exists() and not out.is_dir():
            raise InputError([Problem(None, f"{out} is a file, not a folder: name a folder for the output")])
        if not out.name or out.resolve() == out.resolve().parent:
            raise InputError([Problem(None, f"{out} is the root of the file system: name an empty or a new folder "
                                      "for the output")])
        if out.is_dir() and not (out / MANIFEST).is_file() and not all(_ours(p) for p in out.iterdir()):
            raise InputError([Problem(None, f"{out} holds files but no {MANIFEST}: it is not a pnp output folder, "
                                      "and pnp replaces its output folder whole; name an empty or a new folder")])

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> None:
        if kind is not None:
            shutil.rmtree(self.new, ignore_errors=True)
        self._unlock()
        if isinstance(exc, OSError):
            raise InputError([_problem(self.out, exc)]) from None

    # -- gathering ---------------------------------------------------------------------------
    def add(self, rel: str, data: bytes) -> str:
        """Stage one file; a file the current output already holds byte for byte is linked, not written."""
        digest = hashlib.sha256(data).hexdigest()
        target = self.new / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        current = self.out / rel
        if not (current.is_file() and current.stat().st_size == len(data) and current.read_bytes() == data
                and _link(current, target)):
            target.write_bytes(data)
        self.written[rel] = digest
        return digest

    def commit(self, manifest: dict[str, Any] | None = None) -> None:
        """Carry over what pnp did not write, add the manifest, then make the staged folder current."""
        if manifest is not None:
            self.add(MANIFEST, manifest_json(manifest))
        owned = _owned(self.out)
        if self.out.is_dir():
            for entry in self.out.iterdir():
                name = entry.name
                if name in owned or name in self.written or (self.new / name).exists():
                    continue
                _carry(entry, self.new / name)  # an export folder, a reprint, the designer's own notes
        swap(self.new, self.out, self.old)

    # -- one build at a time per folder -----------------------------------------------------
    def _lock(self) -> None:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows: one build at a time is the designer's to keep
            return
        self.lock = open(self.out.parent / f".{self.out.name}.pnp-lock", "w")  # noqa: SIM115 - held until exit
        fcntl.flock(self.lock, fcntl.LOCK_EX)

    def _unlock(self) -> None:
        if self.lock is not None:
            self.lock.close()
            self.lock = None


_FILES = '\n "files": '  # the top-level key, on a line of its own


def _owned(out: Path) -> set[str]:
    """Top-level names the current output's manifest says pnp wrote (and the manifest itself)."""
    try:
        text = (out / MANIFEST).read_text()
        at = text.find(_FILES)  # as `manifest_json` writes it: the list alone is read, not every face's row
        files = json.JSONDecoder().raw_decode(text, at + len(_FILES))[0] if at >= 0 else \
            json.loads(text).get("files", [])
        return {MANIFEST, *(str(f["path"]).split("/")[0] for f in files if isinstance(f, dict) and "path" in f)}
    except (OSError, ValueError, AttributeError, TypeError):
        return {MANIFEST}


def _link(src: Path, dst: Path) -> bool:
    try:
        os.link(src, dst)
        return True
    except OSError:  # a file system without hard links: copy instead
        return False


def _carry(src: Path, dst: Path) -> None:
    if src.is_dir() and not src.is_symlink():
        shutil.copytree(src, dst, symlinks=True, copy_function=lambda a, b: _link(Path(a), Path(b))
                        or shutil.copy2(a, b))
    elif src.is_symlink():
        os.symlink(os.readlink(src), dst)
    elif not _link(src, dst):
        shutil.copy2(src, dst)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders atomically (Linux renameat2); False where the system cannot."""
    try:
        fn = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    fn.restype = ctypes.c_int
    at_cwd = -100
    if fn(at_cwd, os.fsencode(a), at_cwd, os.fsencode(b), _EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP):  # the file system cannot exchange
        return False
    raise OSError(code, os.strerror(code), str(b))


def swap(new: Path, out: Path, old: Path) -> None:
    """Make `new` current at `out`; the previous `out` is removed."""
    if not out.exists():
        os.rename(new, out)
    elif _exchange(new, out):
        shutil.rmtree(new, ignore_errors=True)  # it holds the previous build now
    else:
        os.rename(out, old)
        try:
            os.rename(new, out)  # killed between the two renames: `recover` puts `old` back
        except OSError:
            os.rename(old, out)
            raise
        shutil.rmtree(old, ignore_errors=True)


def recover(out: Path) -> None:
    """Finish or undo what a killed run left beside `out`: a swap cut between its renames is undone
    (the old build comes back), a staging folder that was never made current is removed."""
    new, old = out.parent / f".{out.name}.pnp-new", out.parent / f".{out.name}.pnp-old"
    if old.exists() and not out.exists():
        os.rename(old, out)
    for leftover in (new, old):
        if leftover.exists():
            shutil.rmtree(leftover, ignore_errors=True)
            with contextlib.suppress(OSError):
                leftover.unlink()
