"""The rulebook in `pnp build`: left out with --no-rulebook (the edit-one-card loop), kept between builds where
nothing it is made from changed (byte for byte the book a fresh build draws), and printed past its stale counts with
--force, which says each."""

from __future__ import annotations

import hashlib
from pathlib import Path

from conftest import edit, run_pnp


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_no_rulebook_leaves_it_out_and_says_so(voyage_copy: Path):
    out = voyage_copy / "output/voyage"
    assert run_pnp("build", "voyage", cwd=voyage_copy).code == 0
    assert (out / "voyage-rulebook.pdf").is_file()
    result = run_pnp("build", "voyage", "--no-rulebook", cwd=voyage_copy)
    assert result.code == 0, result.err
    assert not (out / "voyage-rulebook.pdf").exists()  # the folder is this build, whole: no book of an older one
    assert "the rulebook was left out (--no-rulebook)" in result.out
    assert (out / "ability.pdf").is_file() and (out / "voyage-pnp.pdf").is_file()
    refused = run_pnp("build", "voyage", "--no-rulebook", "--rulebook", "booklet", cwd=voyage_copy)
    assert refused.code == 2 and "--no-rulebook leaves the rulebook out and --rulebook booklet asks for it" in \
        refused.err and len(refused.err.splitlines()) == 1


def test_a_rulebook_whose_inputs_did_not_change_comes_from_the_cache_byte_for_byte(voyage_copy: Path, tmp_path,
                                                                                   monkeypatch):
    import pnp.commands.rulebook_pdf as drawn

    draws = []
    real = drawn.rulebook_pdf
    monkeypatch.setattr(drawn, "rulebook_pdf", lambda *a, **k: draws.append(1) or real(*a, **k))
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    book = voyage_copy / "output/voyage/voyage-rulebook.pdf"
    assert run_pnp("build", "voyage", cwd=voyage_copy).code == 0
    first = _sha(book)
    assert run_pnp("build", "voyage", "--out", str(tmp_path / "again"), cwd=voyage_copy).code == 0
    assert len(draws) == 1 and _sha(tmp_path / "again/voyage-rulebook.pdf") == first  # kept, the same bytes
    for path, old, new in (("rulebook.md", "## Happiness and Sanitation", "## Happiness and Sanitation!"),
                           ("play.yaml", "value: ", "value:  ")):  # a file of the game's no deck key holds
        edit(voyage_copy / "cards/voyage" / path, old, new)  # something the book may be made from: drawn again
        assert run_pnp("build", "voyage", cwd=voyage_copy).code == 0
    assert len(draws) == 3
    assert run_pnp("build", "voyage", "--paper", "letter", cwd=voyage_copy).code == 0
    assert len(draws) == 4  # another paper: another book


def test_force_prints_the_rulebook_past_a_stale_count_and_says_where(voyage_copy: Path):
    edit(voyage_copy / "cards/voyage/rulebook.md", "Each player steers one",
         "The box holds 21 Event Cards. Each player steers one")
    book = voyage_copy / "output/voyage/voyage-rulebook.pdf"
    assert run_pnp("build", "voyage", cwd=voyage_copy).code == 1 and not book.exists()
    forced = run_pnp("build", "voyage", "--force", cwd=voyage_copy)
    assert forced.code == 0, forced.err
    assert book.is_file()
    said = " ".join(forced.out.split())
    assert "--force: the rulebook printed despite cards/voyage/rulebook.md:" in said and "the build prints 20" in said
