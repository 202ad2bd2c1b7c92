"""Debian's Chromium, driven by Playwright: the one browser the page's tests share (never a browser of
Playwright's own: `executable_path` names the system's, which .ci/run installs with apt-get)."""

from __future__ import annotations

import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


@contextmanager
def chromium(width: int = 1400, height: int = 900):
    """A headless Chromium with a new, empty profile: (context, page)."""
    from playwright.sync_api import sync_playwright

    assert CHROMIUM.is_file(), f"{CHROMIUM} is missing: apt-get install -y chromium chromium-driver (.ci/run does)"
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
