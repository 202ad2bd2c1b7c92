"""What a run keeps on disk for the next one, as Python keeps `.pyc` files: signed, and only ever a saving.

Entries are plain values (marshal: numbers, text, lists, dicts, tuples, code objects) stored under a hash
of their key in the user's cache folder (`$PNP_CACHE_DIR`, else `$XDG_CACHE_HOME/pnp`, else
`~/.cache/pnp`), one sub-folder per kind of entry (`pnp.model.expressions.compiled`: Jinja's compiled code; the
YAML parsed by `pnp.model.load`). A folder that cannot be read or written, or a damaged entry, means
doing the work as before.

A cache folder can be shared, restored in CI or written by someone else, and an entry may be code that
runs: each entry carries an HMAC-SHA256 of its name and contents under a secret key kept outside the
cache (`$XDG_CONFIG_HOME/pnp/cache-key`, else `~/.config/pnp/cache-key`, made on first use, readable by
its owner only). An entry pnp did not write itself fails the check and is never loaded.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
import marshal
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

MAGIC = b"pnp1"
_KEY: bytes | None | bool = False  # False: not read yet; None: no key can be kept
_BROKEN: set[tuple[str, str]] = set()  # (cache folder, kind) that could not be written this run: not tried again
_WRITES = [True]  # False in a worker running game code (pnp/core/sandbox/runner.py): it writes no file
_FIXED: list[Path] = []  # the cache folder, once a worker has fixed it


def code_stamp(module_file: str) -> str:
    """A short hash of a module's source: the kind of entry it keeps changes with the code that makes them
    (a developer's edit too, before any release)."""
    try:
        return hashlib.sha256(Path(module_file).read_bytes()).hexdigest()[:12]
    except OSError:
        return "unknown"


@functools.lru_cache(maxsize=1)
def pnp_stamp() -> str:
    """pnp's own code as it is now: each source file's name, size and time (a developer's edit makes a new key)."""
    package = Path(__file__).resolve().parent.parent  # pnp/
    found: list[tuple[tuple[str, ...], os.stat_result]] = []

    def walk(folder: str, parts: tuple[str, ...]) -> None:  # (os.scandir: a third of pathlib's time, each start)
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir():
                    walk(entry.path, (*parts, entry.name))
                elif os.path.splitext(entry.name)[1] in _CODE and entry.is_file():
                    found.append(((*parts, entry.name), entry.stat()))

    walk(str(package), ())
    h = hashlib.sha256()
    for parts, st in sorted(found, key=lambda f: f[0]):
        h.update(f"{'/'.join(parts)}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


_CODE = (".py", ".j2", ".yaml", ".json", ".css", ".js")  # the files of pnp/ that pnp_stamp reads


@functools.lru_cache(maxsize=1)
def drawing_stamp() -> str:
    """What pnp lays out and draws with, as it is now: pnp's own code, Python, and the libraries that measure and
    write (reportlab, Jinja2), each by its installed files' stamp (not imported: a warm build may need neither). An
    entry made with an older one is not what a fresh build makes: not taken."""
    return f"{pnp_stamp()}:{sys.version}:{library_stamp('reportlab')}:{library_stamp('jinja2')}"


def library_stamp(name: str) -> str:
    """An installed library as it is now, by its package file's place, size and time, without importing it."""
    import importlib.util

    spec = importlib.util.find_spec(name)
    try:
        st = os.stat(spec.origin) if spec is not None and spec.origin else None
    except OSError:
        st = None
    return f"{name}:{spec and spec.origin}:{st and st.st_size}:{st and st.st_mtime_ns}"



FOLDER_MOST = 64 * 1024 * 1024  # bytes of a folder read for a key (folder_digest); a bigger one is not kept


def folder_digest(h: Any, folder: Path, leave_out: frozenset[str] = frozenset()) -> bool:
    """Feed `h` (a hashlib hash) each file under `folder`: its name there, size and bytes, in order (`__pycache__`
    and files with a suffix in `leave_out` left out); False, with nothing to key, once FOLDER_MOST bytes are passed."""
    read = 0
    for path in sorted(folder.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix.lower() not in leave_out:
            data = path.read_bytes()
            read += len(data)
            if read > FOLDER_MOST:
                return False
            h.update(f"{path.relative_to(folder).as_posix()}:{len(data)}\n".encode())
            h.update(data)
    return True


def secret() -> bytes | None:
    """The per-user key that signs cache entries, made on first use; None when it cannot be kept."""
    global _KEY
    if _KEY is False:
        base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
        path = Path(base) / "pnp" / "cache-key"
        try:
            if not path.is_file():
                _make_key(path)
            key = path.read_bytes()
            _KEY = key if len(key) >= 32 else None
        except OSError:
            _KEY = None
    return _KEY if isinstance(_KEY, bytes) else None


def _make_key(path: Path) -> None:
    """A new key at `path`, whole or not at all: written aside, then linked into place, so that a pnp starting at
    the same moment never reads a key half written (it read none, and kept nothing all its run); of two made at once,
    the first linked is everyone's."""
    path.parent.mkdir(parents=True, exist_ok=True)
    aside = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(os.urandom(32))
        try:
            os.link(aside, path)
        except FileExistsError:  # another pnp made it first: its key is the one
            pass
        except OSError:  # a file system without hard links
            if not path.exists():
                os.replace(aside, path)
    finally:
        with contextlib.suppress(OSError):
            aside.unlink()


def _signature(key: bytes, name: str, data: bytes) -> bytes:
    return hmac.new(key, name.encode() + b"\0" + data, hashlib.sha256).digest()


def path_of(kind: str, key: str) -> Path | None:
    """Where the entry `key` of this kind (a sub-folder's name) lives; None when the folder is unusable."""
    folder = _folder()
    if (str(folder), kind) in _BROKEN:  # (another folder, `PNP_CACHE_DIR` changed in a long run, is tried)
        return None
    return folder / kind / (hashlib.sha256(key.encode()).hexdigest() + ".code")


def _folder() -> Path:
    """The cache's folder: `$PNP_CACHE_DIR`, else `$XDG_CACHE_HOME/pnp`, else `~/.cache/pnp` (fixed by read_only)."""
    if _FIXED:
        return _FIXED[0]
    return Path(os.environ.get("PNP_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pnp"))


def load(kind: str, key: str) -> Any:
    """What `store(kind, key, ...)` kept, or None (no entry, or one pnp did not sign with this user's key)."""
    path, signing = path_of(kind, key), secret()
    if path is None or signing is None:
        return None
    try:
        raw = path.read_bytes()
        head, mac, data = raw[:4], raw[4:36], raw[36:]
        if head != MAGIC or not hmac.compare_digest(mac, _signature(signing, path.name, data)):
            return None  # written by someone else, or damaged: never use it
        return marshal.loads(data)
    except (OSError, ValueError, EOFError, TypeError):
        return None


def read_only() -> list[Path]:
    """Read the cache from now on, never write it (a worker running game code writes nothing); the
    folders it may still read (the cache's, the key's), looked up now."""
    secret()  # the key, made now if it must be (the worker cannot later)
    _WRITES[0] = False
    cache = _folder()
    _FIXED[:] = [cache]  # the worker's environment is emptied next: the folder stays the one looked up now
    key = Path(os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")) / "pnp"
    return [cache, key]


def store(kind: str, key: str, value: Any) -> None:
    """Keep `value` (plain values only: anything marshal cannot write is not kept) for the next run."""
    path = path_of(kind, key)
    if path is None or not _WRITES[0]:
        return
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    try:
        signing = secret()
        if signing is None:
            return
        data = marshal.dumps(value)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(MAGIC + _signature(signing, path.name, data) + data)
        os.replace(tmp, path)  # whole or not at all, even with two builds at once
    except ValueError:  # a value marshal cannot write (a date, say): not kept
        return
    except OSError:
        _BROKEN.add((str(path.parent.parent), kind))  # read-only, full, a file in the way: not again this run
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)


@contextlib.contextmanager
def one_at_a_time(kind: str, key: str) -> Iterator[None]:
    """Work whose result is kept as `key` is done by one process at a time: another pnp doing the same (two `pnp
    check` runs of a game, two test workers) waits for it here and then finds its entry. A POSIX record lock, which
    a forked worker does not inherit; no lock where the folder cannot be written or the system has none."""
    path = path_of(kind, key)
    try:
        import fcntl
    except ImportError:  # not a POSIX system: each does the work
        fcntl = None  # type: ignore[assignment]
    if path is None or fcntl is None or not _WRITES[0]:
        yield
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = open(path.with_suffix(".lock"), "a")  # noqa: SIM115  (held for the work, closed after it)
    except OSError:
        yield
        return
    with lock:
        with contextlib.suppress(OSError):  # a file system without locks: each does the work
            fcntl.lockf(lock, fcntl.LOCK_EX)
        yield
