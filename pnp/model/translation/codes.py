"""Language codes: the ISO 639-1 two-letter codes a game may name in `languages:`, and the scripts a language is
written in beyond Latin, Greek and Cyrillic (which the bundled fonts cover: docs/translating.md#fonts)."""

from __future__ import annotations

from typing import Any

from pnp.core.errors import Problems, Where, did_you_mean, echo

# the codes as the standard lists them
ISO_639_1 = frozenset("""
aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo
es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka
kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng
nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su
sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu""".split())  # noqa: SIM905

# a language -> its script and a sample of its letters, where no bundled font is made for it (a check, not a guess:
# tests/model/test_translation_codes.py reads the fonts' cmaps); the font named is an open-licence family to add
SCRIPTS: dict[str, tuple[str, str, str]] = {
    "zh": ("Han (CJK)", "中文字", "Noto Sans CJK SC"), "ja": ("Kana and Kanji (CJK)", "日本語かな", "Noto Sans CJK JP"),
    "ko": ("Hangul (CJK)", "한국어", "Noto Sans CJK KR"), "ar": ("Arabic", "عربي", "Noto Sans Arabic"),
    "fa": ("Arabic", "فارسی", "Noto Sans Arabic"), "ur": ("Arabic", "اردو", "Noto Nastaliq Urdu"),
    "ps": ("Arabic", "پښتو", "Noto Sans Arabic"), "ug": ("Arabic", "ئۇيغۇر", "Noto Sans Arabic"),
    "he": ("Hebrew", "עברית", "Noto Sans Hebrew"), "yi": ("Hebrew", "ייִדיש", "Noto Sans Hebrew"),
    "hi": ("Devanagari", "हिन्दी", "Noto Sans Devanagari"), "mr": ("Devanagari", "मराठी", "Noto Sans Devanagari"),
    "ne": ("Devanagari", "नेपाली", "Noto Sans Devanagari"), "sa": ("Devanagari", "संस्कृतम्", "Noto Sans Devanagari"),
    "bn": ("Bengali", "বাংলা", "Noto Sans Bengali"), "as": ("Bengali", "অসমীয়া", "Noto Sans Bengali"),
    "pa": ("Gurmukhi", "ਪੰਜਾਬੀ", "Noto Sans Gurmukhi"), "gu": ("Gujarati", "ગુજરાતી", "Noto Sans Gujarati"),
    "or": ("Oriya", "ଓଡ଼ିଆ", "Noto Sans Oriya"), "ta": ("Tamil", "தமிழ்", "Noto Sans Tamil"),
    "te": ("Telugu", "తెలుగు", "Noto Sans Telugu"), "kn": ("Kannada", "ಕನ್ನಡ", "Noto Sans Kannada"),
    "ml": ("Malayalam", "മലയാളം", "Noto Sans Malayalam"), "si": ("Sinhala", "සිංහල", "Noto Sans Sinhala"),
    "th": ("Thai", "ภาษาไทย", "Noto Sans Thai"), "lo": ("Lao", "ລາວ", "Noto Sans Lao"),
    "km": ("Khmer", "ខ្មែរ", "Noto Sans Khmer"), "my": ("Myanmar", "မြန်မာ", "Noto Sans Myanmar"),
    "bo": ("Tibetan", "བོད་ཡིག", "Noto Serif Tibetan"), "dz": ("Tibetan", "རྫོང་ཁ", "Noto Serif Tibetan"),
    "ka": ("Georgian", "ქართული", "Noto Sans Georgian"), "hy": ("Armenian", "Հայերեն", "Noto Sans Armenian"),
    "am": ("Ethiopic", "አማርኛ", "Noto Sans Ethiopic"), "ti": ("Ethiopic", "ትግርኛ", "Noto Sans Ethiopic"),
    "dv": ("Thaana", "ދިވެހި", "Noto Sans Thaana"), "iu": ("Canadian syllabics", "ᐃᓄᒃᑎᑐᑦ",
                                                             "Noto Sans Canadian Aboriginal"),
    "ii": ("Yi", "ꆈꌠꉙ", "Noto Sans Yi"), "cr": ("Canadian syllabics", "ᓀᐦᐃᔭᐍᐏᐣ", "Noto Sans Canadian Aboriginal"),
}


def check_code(code: Any) -> str | None:
    """Why `code` is no language code (None: it is one)."""
    if isinstance(code, str) and code in ISO_639_1:
        return None
    near = did_you_mean(code.lower() if isinstance(code, str) else code, sorted(ISO_639_1))
    return f"{echo(code)} is not a language code: write its two-letter ISO 639-1 code (en, fr, de, es, ...){near}"


def language_problems(codes: list[str], where: Any, problems: Problems, fit: dict[str, float] | None = None) -> None:
    """game.yaml's `languages:`, each a code, none twice, and `fit:`'s languages among them. `where(path)`: a place
    in game.yaml."""
    for i, code in enumerate(codes):
        why = check_code(code) or (f"{code} is named twice" if code in codes[:i] else None)
        if why:
            problems.add(where(("languages", i)), why, f"languages[{i}]")
    for code in fit or {}:
        if code not in codes[1:]:
            problems.add(where(("fit", code)), f"fit: {code} is not one of the game's translations "
                         f"({', '.join(codes[1:]) or 'none: name them in `languages:`'}){did_you_mean(code, codes)}",
                         f"fit.{code}")


def unknown_language(code: str, codes: list[str], at: Where) -> str | None:
    """Why `--lang code` cannot be built for a game of `codes` (None: it can)."""
    return check_code(code) or (None if code in codes else
                                f"{code} is not one of the game's languages ({', '.join(codes)}): add it to "
                                f"`languages:` in {at.file}{did_you_mean(code, codes)}")
