"""Layout: the numbers a rulebook's author typed by hand, checked against the game. A number (in digits, or in words:
"forty-four") written before a name of the game — a component ("44 Ability Cards", "7 Captains"), a game noun
("12 Rounds", "5 Actions", "10 faces") or a percentage ("60%") — must be one the game holds for that name, else it is
a rule error at its place that says what the game holds there and how to write it live.

What the game holds for a name:
- a component: how many the build prints, the counts the setup deals of it ("All players draw 3 Ability Cards"),
  and every number kept under a key or id that names it (`damage_tokens_per_room: 3` for "3 Damage Tokens");
- a game noun (round, turn, action, face, point): every number kept under a key or id that names it, the size of
  a list kept under such a key (a die's `faces`), and every number of a record whose name or id the same text says
  ("Repair costs 5 Actions": the Repair task's `cost`) or of a field whose description names it;
- a percentage: the numbers of the tracks counted in `%` that the text names (all of them when it names none),
  and each box of their scale;
- a threshold with no name after it ("4 or more", "3 or fewer", "at least 2"): the numbers kept under a key whose
  words the sentence says ("Every die showing 4 or more is a success": the crew table's `test.success_from`), or
  of a record it names; a sentence that names no key is not read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pnp.core.errors import Problem, Where
from pnp.model.game import Game

NOUNS = ("round", "turn", "action", "face", "point")  # what any game counts besides its components
_UNITS = {w: n for n, w in enumerate(("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                                      "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                                      "seventeen", "eighteen", "nineteen"))}
_TENS = {w: 10 * n for n, w in enumerate(("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"),
                                         2)}
_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)?|\d+%?|%")


def number_of(word: str) -> int | None:
    """'44', 'forty-four', 'Three' -> the number; anything else -> None."""
    w = word.lower()
    if w.isdigit():
        return int(w)
    if w in _UNITS:
        return _UNITS[w]
    if w in _TENS:
        return _TENS[w]
    tens, _, unit = w.partition("-")
    if tens in _TENS and unit in _UNITS and 0 < _UNITS[unit] < 10:
        return _TENS[tens] + _UNITS[unit]
    return None


def _stem(word: str) -> str:
    w = word.lower().strip(".,;:!?()")
    return w[:-1] if w.endswith("s") and not w.endswith("ss") else w


@dataclass
class Held:
    """The numbers the game holds for each name, with where each is kept (said when a number is not one of them)."""

    by_name: dict[str, dict[float, str]] = field(default_factory=dict)  # name -> number -> its expression
    records: list[tuple[set[str], dict[float, str]]] = field(default_factory=list)  # (names said, numbers)
    tracks: list[tuple[str, dict[float, str], dict[str, tuple[float, str]]]] = field(default_factory=list)
    # (a % track's name, its numbers and boxes, each of its fields by its singular name: its number)
    keys: list[tuple[frozenset[str], float, str]] = field(default_factory=list)  # every number: its key's words

    def add(self, name: str, value: Any, said: str) -> None:
        if isinstance(value, int | float) and not isinstance(value, bool):
            self.by_name.setdefault(name, {}).setdefault(abs(value), said)


def _leaves(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    """Every (path, number) under a value; a list's path gives its length too."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, f"{path}.{k}" if path else str(k))
    elif isinstance(value, list):
        yield f"{path} | length", len(value)
        for v in value:
            yield from _leaves(v, path)
    else:
        yield path, value


def untyped(lines: list[str], sentences: list[str]) -> list[str]:
    """The setup's lines with the numbers its `say:` sentences type by hand taken out (what `{n}` gives stays): a
    typed number is checked against the game, never held by it because the sentence says it."""
    out = list(lines)
    for sentence in sentences:
        for chunk in filter(None, sentence.split("{n}")):
            bare = _WORD.sub(lambda m: "" if number_of(m.group(0)) is not None else m.group(0), chunk)
            if bare != chunk:
                out = [line.replace(chunk, bare) for line in out]
    return out


def held(game: Game, names: dict[str, str], setup_lines: list[str]) -> Held:
    """What `game` holds for each name (`names`: each way a component is named in prose, singular -> deck id)."""
    out = Held()
    stems = {*names, *NOUNS}
    deck_names = {d.id: d.name for d in game.decks}

    single = {stem for stem in stems if " " not in stem}  # a path's words never hold a space
    spaced_stems = [stem for stem in stems if " " in stem]

    def keyed(path: str, value: Any, said: str) -> None:
        if not isinstance(value, int | float) or isinstance(value, bool):  # (only a number is held)
            return
        stemmed = [_stem(w) for w in re.split(r"[._\- |\[\]]+", path) if w]
        spaced = " ".join(stemmed)
        for stem in single.intersection(stemmed):
            out.add(stem, value, said)
        for stem in spaced_stems:
            if stem in spaced:
                out.add(stem, value, said)

    def threshold(path: str, value: Any, said: str) -> None:
        """A number by the words of its key inside its table or card (not the table's or the card's name, which
        every number of it shares): "4 or more is a success" reads `test.success_from`."""
        if isinstance(value, int | float) and not isinstance(value, bool):
            words = {_stem(w) for w in re.split(r"[._\- |\[\]]+", path) if w} - _PLAIN
            out.keys.append((frozenset(words), abs(value), said))

    for name, doc in game.data.items():
        for path, value in _leaves(doc.data, ""):
            keyed(f"{name}.{path}", value, f"data['{name}'].{path}")
            threshold(path, value, f"data['{name}'].{path}")
        _records(out, doc.data, f"data['{name}']")
    for deck in game.decks:
        for words, deck_id in names.items():
            if deck_id == deck.id:
                out.add(words, deck.faces, f"count('{deck.id}')")
                for line in setup_lines:
                    if deck_names[deck.id].lower() in line.lower():
                        for token in _WORD.findall(line):
                            if (n := number_of(token)) is not None:
                                out.add(words, n, "the setup")
        described = [k for k, spec in deck.spec.fields.items() if getattr(spec, "description", None)]
        for card in deck.cards:
            said = f"cards['{card.id}']"
            for path, value in _leaves(card.data, ""):
                keyed(f"{deck.id}.{card.id}.{path}", value, f"{said}.{path}")
                threshold(path, value, f"{said}.{path}")
                top = path.split(".")[0]
                if top in described:  # "Actions to play the card": a cost is a number of Actions
                    text = str(deck.spec.fields[top].description).lower()
                    for stem in NOUNS:
                        if stem in text:
                            out.add(stem, value, f"{said}.{path}")
            _records(out, {**card.data, "name": card.data.get("name", card.id)}, said)
            if card.data.get("unit") == "%":
                numbers = {abs(v): f"{said}.{k}" for k, v in card.data.items()
                           if isinstance(v, int | float) and not isinstance(v, bool)}
                first, step, boxes = (card.data.get(k) for k in ("first", "step", "boxes"))
                if all(isinstance(v, int) for v in (first, step, boxes)):
                    for i in range(int(boxes)):  # type: ignore[arg-type]
                        numbers.setdefault(first + i * step, f"a box of {said}")  # type: ignore[operator]
                kept = {_stem(k): (abs(v), f"{said}.{k}") for k, v in card.data.items()
                        if isinstance(v, int | float) and not isinstance(v, bool)}
                out.tracks.append((str(card.data.get("name", card.id)).lower(), numbers, kept))
    return out


def _records(out: Held, value: Any, said: str) -> None:
    """Each dict with a `name` or `id`: its numbers, for text that says that name."""
    if isinstance(value, list):
        for i, v in enumerate(value):
            _records(out, v, f"{said}[{i}]")
    elif isinstance(value, dict):
        names = {str(value[k]).lower() for k in ("name", "id") if isinstance(value.get(k), str)}
        numbers = {abs(v): f"{said}.{k}" for k, v in value.items() if isinstance(v, int | float)
                   and not isinstance(v, bool)}
        if names and numbers:
            out.records.append((names, numbers))
        for k, v in value.items():
            if isinstance(v, list | dict):
                _records(out, v, f"{said}.{k}")


def typed_numbers(text: str, where: Where, game: Game, names: dict[str, str], have: Held,
                  find: Callable[[str, Where], Where]) -> list[Problem]:
    """Each number typed before a name of the game that is not one the game holds for it: a located rule error."""
    problems: list[Problem] = []
    tokens = _WORD.findall(text.replace("*", " "))
    lowered = text.lower()
    for i, tok in enumerate(tokens):
        percent = tok.endswith("%") and tok[:-1].isdigit()
        n = int(tok[:-1]) if percent else number_of(tok)
        if n is None or (n == 1 and not tok.isdigit()):  # "One ship sheet keeps the record": an article, not a count
            continue
        if not percent and i + 1 < len(tokens) and tokens[i + 1] == "%":
            percent = True
        if percent:
            tracks = [nums for name, nums, _ in have.tracks if name in lowered] or \
                [nums for _, nums, _ in have.tracks]
            keyed = [kept for name, _, kept in have.tracks if name in lowered]
            said = {_stem(w) for w in _WORD.findall(lowered)}
            picked = [{v: s for k, (v, s) in kept.items() if k in said} for kept in keyed]
            if any(picked):  # "starts at 60%": the track's `start`
                tracks = [p for p in picked if p]
            if not tracks or any(n in nums for nums in tracks):
                continue
            near = sorted({v: s for nums in tracks for v, s in nums.items()}.items(),
                          key=lambda kv: (abs(kv[0] - n), kv[0]))[:3]
            problems.append(_said(find(tok, where), f"{tok}", f"no track of the game counted in % holds {n} here "
                                  f"({', '.join(f'{s} is {v:g}' for v, s in near)}): write the number as {{{{ ... }}}} "
                                  "from where it is kept, so that it follows the game", "a track"))
            continue
        name = _name(tokens, i, names)
        if name is None:
            if _threshold(tokens, i):
                problems.extend(_threshold_kept(tok, n, i, tokens, lowered, where, have, find))
            continue
        allowed = dict(have.by_name.get(name, {}))
        named: dict[float, str] = {}
        for said_names, numbers in have.records:
            if any(s in lowered and re.search(rf"\b{re.escape(s)}\b", lowered) for s in said_names):
                named.update({k: v for k, v in numbers.items() if k not in named})
        if named and name in NOUNS:  # "Repair costs 5 Actions": the Repair task's numbers, not any cost
            allowed = named
        else:
            allowed.update({k: v for k, v in named.items() if k not in allowed})
        if n in allowed or not allowed:
            continue
        phrase = " ".join(tokens[i:i + 1 + len(name.split())])
        deck = names.get(name)
        if deck is not None and n != game.deck(deck).faces and f"count('{deck}')" in allowed.values():
            message = (f"the build prints {game.deck(deck).faces}; write {{{{ count('{deck}') }}}} instead of a "
                       "number that goes stale")
        else:
            live = sorted(allowed.items(), key=lambda kv: (abs(kv[0] - n), kv[0]))[:4]
            message = (f"the game holds no {n} for it ({', '.join(f'{s} is {v:g}' for v, s in live)}"
                       f"{', ...' if len(allowed) > 4 else ''}): write the number as {{{{ ... }}}} from where it is "
                       "kept, so that it follows the game")
        problems.append(_said(find(f"{tok} {tokens[i + 1]}", where), phrase, message, deck or name))
    return problems


_BEYOND = {"more", "higher", "above", "over", "fewer", "less", "lower", "below", "under"}
# words too plain to say what a threshold counts (a key's or a sentence's), however often a key holds them
_PLAIN = {"the", "and", "for", "from", "with", "per", "each", "every", "this", "that", "its", "his", "her", "their",
          "are", "is", "be", "to", "of", "in", "on", "at", "or", "a", "an", "more", "least", "most", "than", "one",
          "all", "any", "no", "not", "it", "by", "as", "up", "down", "length", "first", "last", "min", "max"}


def _threshold(tokens: list[str], i: int) -> bool:
    """Token i begins or ends a threshold with no name after it: "4 or more", "3 or fewer", "at least 2"."""
    after = [t.lower() for t in tokens[i + 1:i + 3]]
    before = [t.lower() for t in tokens[max(i - 2, 0):i]]
    return (len(after) == 2 and after[0] == "or" and after[1] in _BEYOND) or before in (["at", "least"],
                                                                                        ["at", "most"])


def _threshold_kept(tok: str, n: int, i: int, tokens: list[str], lowered: str, where: Where, have: Held,
                    find: Callable[[str, Where], Where]) -> list[Problem]:
    """A threshold is one of the numbers kept under a key that the sentence names ("Every die showing 4 or more is a
    success": `crew.test.success_from`) or of a record it names; a sentence that names none of them is not read."""
    said = {_stem(w) for w in _WORD.findall(lowered)} - _PLAIN
    kept: dict[float, tuple[int, str]] = {}  # a number -> (how many of the sentence's words its key says, where)
    for words, value, at in have.keys:
        if (shared := len(words & said)) and shared > kept.get(value, (0, ""))[0]:
            kept[value] = (shared, at)
    for said_names, numbers in have.records:
        if any(re.search(rf"\b{re.escape(s)}\b", lowered) for s in said_names):
            kept.update({k: (1, v) for k, v in numbers.items() if k not in kept})
    if not kept or n in kept:
        return []
    near = [(v, at) for v, (_, at) in sorted(kept.items(), key=lambda kv: (-kv[1][0], abs(kv[0] - n), kv[0]))[:3]]
    phrase = " ".join(tokens[i:i + 3]) if tokens[i + 1:i + 2] == ["or"] else " ".join(tokens[i - 2:i + 1])
    return [_said(find(phrase if tokens[i + 1:i + 2] == ["or"] else tok, where), phrase,
                  f"the game holds no {n} for what this sentence names ({', '.join(f'{s} is {v:g}' for v, s in near)})"
                  ": write the number as {{ ... }} from where it is kept, so that it follows the game", "a threshold")]


def _name(tokens: list[str], i: int, names: dict[str, str]) -> str | None:
    """The name of the game right after token i (the longest: 'damage token' before 'damage'), singular."""
    for k in (3, 2, 1):
        words = tokens[i + 1:i + 1 + k]
        phrase = " ".join(_stem(w) for w in words)
        if len(words) == k and (phrase in names or phrase in NOUNS):
            return phrase
    return None


def _said(at: Where, phrase: str, message: str, subject: str) -> Problem:
    return Problem(at, f"{phrase}: {message}", subject, "error", "rulebook-count")
