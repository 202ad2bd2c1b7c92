"""Jinja's compiled code kept on disk between runs, as Python keeps `.pyc` files.

Compiling a template expression costs a millisecond or two, and a game's sheets hold hundreds of
them: most of a cold `pnp build` of Welcome to the Moon was Jinja generating and compiling code that
had not changed since the last build. The environment here stores each compiled code object under
a hash of its source (or of its syntax tree, for expressions) in the user's cache folder
(`$PNP_CACHE_DIR`, else `$XDG_CACHE_HOME/pnp`, else `~/.cache/pnp`), one folder per Jinja and Python
version. The cache only ever saves time: a folder that cannot be read or written, or a damaged
entry, means compiling as before.

A cache folder can be shared, restored in CI or written by someone else, and its entries are code
that runs: each entry carries an HMAC-SHA256 of its name and contents under a secret key kept
outside the cache (`$XDG_CONFIG_HOME/pnp/cache-key`, else `~/.config/pnp/cache-key`, made on first
use, readable by its owner only). An entry pnp did not write itself fails the check and is never
loaded: it is compiled again instead.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import marshal
import os
import sys
from pathlib import Path
from types import CodeType
from typing import Any

_FOLDER: Path | None | bool = False  # False: not looked up yet; None: no usable cache
_KEY: bytes | None | bool = False
_MAGIC = b"pnp1"
_WRITES = [True]  # False in a worker running game code (pnp/rules/worker.py): it writes no file


def secret() -> bytes | None:
    """The per-user key that signs cache entries, made on first use; None when it cannot be kept."""
    global _KEY
    if _KEY is False:
        base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
        path = Path(base) / "pnp" / "cache-key"
        try:
            if not path.is_file():
                path.parent.mkdir(parents=True, exist_ok=True)
                with contextlib.suppress(FileExistsError):  # two builds at once: one writes, both read
                    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                    with os.fdopen(fd, "wb") as f:
                        f.write(os.urandom(32))
            key = path.read_bytes()
            _KEY = key if len(key) >= 32 else None
        except OSError:
            _KEY = None
    return _KEY if isinstance(_KEY, bytes) else None


def _signature(key: bytes, name: str, data: bytes) -> bytes:
    return hmac.new(key, name.encode() + b"\0" + data, hashlib.sha256).digest()


def folder() -> Path | None:
    global _FOLDER
    if _FOLDER is False:
        import jinja2

        base = os.environ.get("PNP_CACHE_DIR") or os.path.join(
            os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pnp")
        # the generated code depends on Jinja, on Python's bytecode and on how the environment is set up
        _FOLDER = Path(base) / f"jinja-{jinja2.__version__}-{sys.implementation.cache_tag}-bounded-immutable-strict"
    return _FOLDER if isinstance(_FOLDER, Path) else None


def _path(key: str) -> Path | None:
    where = folder()
    return where / (hashlib.sha256(key.encode()).hexdigest() + ".code") if where else None


def load(key: str) -> Any:
    """What `store(key, ...)` kept, or None (no entry, or one that pnp did not sign with this user's key)."""
    path, signing = _path(key), secret()
    if path is None or signing is None:
        return None
    try:
        raw = path.read_bytes()
        head, mac, data = raw[:4], raw[4:36], raw[36:]
        if head != _MAGIC or not hmac.compare_digest(mac, _signature(signing, path.name, data)):
            return None  # written by someone else, or damaged: never run it
        return marshal.loads(data)
    except (OSError, ValueError, EOFError, TypeError):
        return None


def read_only() -> list[Path]:
    """Read the cache from now on, never write it (a worker running game code writes nothing); the
    files it may still read (the cache folder, the key), looked up now."""
    secret()  # the key, made now if it must be (the worker cannot later)
    _WRITES[0] = False
    key = Path(os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")) / "pnp"
    return [p for p in (folder(), key) if p is not None]


def store(key: str, value: Any) -> None:
    global _FOLDER
    path = _path(key)
    if path is None or not _WRITES[0]:
        return
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        signing = secret()
        if signing is None:
            return
        data = marshal.dumps(value)
        tmp.write_bytes(_MAGIC + _signature(signing, path.name, data) + data)
        os.replace(tmp, path)  # whole or not at all, even with two builds at once
    except OSError:
        _FOLDER = None  # read-only home, full disk, a file in the way: stop trying for this run
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)


def caching_environment(**options: Any) -> Any:
    """pnp's sandbox (read-only and bounded) whose `compile` goes through the disk cache."""
    from pnp.layout.sandbox import Sandbox

    class Cached(Sandbox):
        last_code: Any = None  # what `compile` gave last: compile_expression keeps it

        def compile(self, source: Any, name: str | None = None, filename: str | None = None,
                    raw: bool = False, defer_init: bool = False) -> Any:
            if raw or name or filename or defer_init:  # not how pnp compiles: Jinja's own way
                return super().compile(source, name, filename, raw, defer_init)  # type: ignore[call-overload]
            key = f"src:{source}" if isinstance(source, str) else f"ast:{source!r}"
            code = load(key)
            if not isinstance(code, CodeType):
                code = super().compile(source)
                store(key, code)
            self.last_code = code
            return code

        def compile_expression(self, source: str, undefined_to_none: bool = True) -> Any:
            """Jinja's, without lexing and parsing an expression whose code is kept (a tenth of a warm
            build of Welcome to the Moon went there)."""
            from jinja2.environment import TemplateExpression

            key = f"expr:{undefined_to_none}:{source}"
            code = load(key)
            if isinstance(code, CodeType):
                template = self.template_class.from_code(self, code, self.make_globals(None), None)
                return TemplateExpression(template, undefined_to_none)
            compiled = super().compile_expression(source, undefined_to_none)  # compiles through `compile`
            store(key, self.last_code)
            return compiled

    return Cached(**options)
