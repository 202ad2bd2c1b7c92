"""A language's words broken before are read back from pnp's cache (pnp/layout/hyphenate.py): a build whose words
were all broken by an earlier one does not load the dictionary, and each word breaks where pyphen's dictionary
breaks it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.layout.hyphenate import _dictionary, _Words


def test_a_word_broken_before_is_read_back_without_loading_the_dictionary(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    first = _Words.kept("de")
    assert first is not None and first.dic is not None  # nothing kept yet: the dictionary, to know there is one
    word = "Schadensmarker"
    breaks = first.iterate(word)
    assert breaks and breaks == list(_dictionary("de").iterate(word))  # pyphen's own breaks
    assert first.added  # kept when the process ends
    first._keep()
    again = _Words.kept("de")
    assert again is not None and again.iterate(word) == breaks
    assert again.dic is None  # read back: no dictionary loaded
    other = "Gefahrenwürfel"
    assert again.iterate(other) == list(_dictionary("de").iterate(other))  # a word not kept loads it
    assert again.dic is not None


def test_a_language_pyphen_has_no_dictionary_for_is_not_hyphenated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    assert _Words.kept("xx") is None
