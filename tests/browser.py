"""Debian's Chromium, driven by Playwright: the one browser the page's tests share (never a browser of
Playwright's own: `executable_path` names the system's, which .ci/run installs with apt-get).

Without it the browser tests are skipped, with the one line that says how to install it, and the rest of
the suite runs; where `CI` is set they are required and a missing browser fails the run.
`PNP_CHROMIUM` names another browser binary (the tests of this rule point it at a missing file)."""

from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = Path(os.environ.get("PNP_CHROMIUM", "/usr/bin/chromium"))
INSTALL = "apt-get install -y chromium chromium-driver"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


def missing() -> str | None:
    """Why the browser tests cannot run here, in one line, or None when they can."""
    if CHROMIUM.is_file():
        return None
    return f"no Chromium at {CHROMIUM}: the browser tests need Debian's; {INSTALL} (.ci/run does)"


def require_chromium() -> None:
    """At the top of a browser test module: skip it without Chromium, or fail the run where CI is set."""
    import pytest

    why = missing()
    if why and os.environ.get("CI"):
        pytest.fail(f"{why}; CI is set, so the browser tests are required", pytrace=False)
    if why:
        pytest.skip(why, allow_module_level=True)


@contextmanager
def chromium(width: int = 1400, height: int = 900):
    """A headless Chromium with a new, empty profile: (context, page)."""
    from playwright.sync_api import sync_playwright

    assert CHROMIUM.is_file(), missing()
    profile = tempfile.mkdtemp(prefix="pnp-chromium-")
    try:
        with sync_playwright() as p:
            context = p.chromium.launch_persistent_context(
                profile, executable_path=str(CHROMIUM), headless=True, args=FLAGS,
                viewport={"width": width, "height": height})
            try:
                yield context, context.pages[0] if context.pages else context.new_page()
            finally:
                context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
