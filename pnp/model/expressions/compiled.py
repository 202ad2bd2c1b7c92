"""Model (expressions): Jinja's compiled code kept on disk between runs, as Python keeps `.pyc` files.

Compiling a template expression costs a millisecond or two, and a game's sheets hold hundreds of
them: most of a cold `pnp build` of Welcome to the Moon was Jinja generating and compiling code that
had not changed since the last build. The environment here stores each compiled code object under
a hash of its source (or of its syntax tree, for expressions) in the user's cache folder
(`$PNP_CACHE_DIR`, else `$XDG_CACHE_HOME/pnp`, else `~/.cache/pnp`), one folder per Jinja and Python
version. The cache only ever saves time: a folder that cannot be read or written, or a damaged
entry, means compiling as before.

Entries are signed with this user's key and kept as `pnp.core.disk_cache` keeps every entry: one written by
someone else fails the check and is never run; it is compiled again instead.
"""

from __future__ import annotations

import sys
from types import CodeType
from typing import Any

from pnp.core import disk_cache
from pnp.core.disk_cache import MAGIC as _MAGIC  # noqa: F401  (entries begin with it)

_KIND: str | None = None  # the cache's sub-folder: Jinja's version, Python's bytecode, how the environment is set up


def kind() -> str:
    global _KIND
    if _KIND is None:
        import jinja2

        # the generated code depends on Jinja, on Python's bytecode and on how the environment is set up
        setup = "bounded-immutable-strict-measured-compared"  # (`measured`: what a template prints or compares, first)
        _KIND = f"jinja-{jinja2.__version__}-{sys.implementation.cache_tag}-{setup}"
    return _KIND


def load(key: str) -> Any:
    """What `store(key, ...)` kept, or None (no entry, or one that pnp did not sign with this user's key)."""
    return disk_cache.load(kind(), key)


def store(key: str, value: Any) -> None:
    disk_cache.store(kind(), key, value)


def caching_environment(**options: Any) -> Any:
    """pnp's sandbox (read-only and bounded) whose `compile` goes through the disk cache."""
    from pnp.model.expressions.sandbox import Sandbox

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
