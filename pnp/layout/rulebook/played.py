"""Layout: the rulebook's blocks drawn from the game played: ```pnp setup-diagram``` (the board with the pieces where
the dealt setup puts them, numbered, with a legend) and ```pnp example``` (a round of a traced game told in the game's
words, with the faces of the cards it used). What they show was dealt and played by pnp.rules.played_view."""

from __future__ import annotations

from typing import Any

from pnp.core.errors import did_you_mean
from pnp.layout.rulebook.flow import Figure, Flow, Heading, Para, Resolver, StepSaid
from pnp.layout.rulebook.told_words import game_words, told
from pnp.layout.scene import Face, Static
from pnp.model.rulebook.source import RulebookBlock, literal
from pnp.model.translation.catalog import said
from pnp.model.units import MM

Box = tuple[float, float, float, float]
PIECE = (0.3, 0.42)  # a player's piece on a spot: at most these shares of the spot's width and height
SHOWN = 5  # the most faces an example of play shows


def _int(raw: str | None, default: int) -> int | None:
    if raw is None:
        return default
    return int(raw) if raw.isdigit() else None


def _names(r: Resolver, deck_id: str, ids: Any) -> list[str]:
    deck = r.decks.get(deck_id)
    cards = {c.id: c for c in deck.cards} if deck else {}
    ids = ids.get("cards", []) if isinstance(ids, dict) else ids
    return [str(cards[i].data.get("name", i)) if i in cards else str(i) for i in (ids if isinstance(ids, list) else [])]


def _join(words: list[str], lang: str = "") -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + said(" and ", lang) + words[-1] if words else ""


def _spots(r: Resolver, b: RulebookBlock, board: Face) -> dict[str, Box] | None:
    """The board's spots by id: the boxes its template's `spots=` element drew, in the order of the `of=` list."""
    element, ref = b.args.get("spots", ""), b.args.get("of", "")
    name, _, path = ref.partition("/")
    items: Any = r.game.data[name].data if name in r.game.data else None
    for step in filter(None, path.split("/")):
        items = items.get(step) if isinstance(items, dict) else None
    if not element or not isinstance(items, list) or not all(isinstance(i, dict) and "id" in i for i in items):
        r.problems.add(b.where, f"name the board's places: spots=ELEMENT (its template's element drawn once for each) "
                       f"and of=TABLE/LIST (a data list whose items have an `id`, in the same order); of={ref!r} is "
                       "not such a list", "rulebook")
        return None
    boxes: list[Box] = []
    named: set[str] = set()
    for item in (i for it in board.items for i in (it.items if isinstance(it, Static) else [it])):
        source = board.source(item)
        named.update(source.names[:1] if source else ())
        box = tuple(getattr(item, k, None) for k in "xywh")
        if source and source.names and source.names[0] == element and None not in box:
            boxes.append(box)  # type: ignore[arg-type]
    if len(boxes) != len(items):
        r.problems.add(b.where, f"spots={element}: the board draws {len(boxes)} of it and {ref} lists {len(items)}: "
                       f"name the element drawn once for each item{did_you_mean(element, named)}", "rulebook")
        return None
    return {str(i["id"]): box for i, box in zip(items, boxes, strict=True)}


def _fit(face: Face, box: Box, share: float = 0.92) -> tuple[float, float, float]:
    """Where `face` lies centred in `box`, as large as `share` of it allows: x, y, width."""
    x, y, w, h = box
    width = min(w * share, h * share * face.w / face.h)
    return x + (w - width) / 2, y + (h - width * face.h / face.w) / 2, width


def setup_diagram(r: Resolver, b: RulebookBlock) -> list[Flow]:
    """The board with the dealt pieces on it: each body line `LABEL: FIELD` lays the cards a table step dealt each on
    the spot its FIELD names; `LABEL: DECK` stands each player's piece of DECK on the spot the player's step gave."""
    players, seed = _int(b.args.get("players"), 0), _int(b.args.get("seed"), 0)
    dealt = r.played.deals.get((players or 0, seed or 0))
    found = r.card(b.args.get("board", ""), b.where) if "board" in b.args else None
    if "board" not in b.args:
        r.problems.add(b.where, "name the board to draw: board=DECK (or DECK/CARD)", "rulebook")
    if dealt is None or found is None:  # (a deal that failed: said by the rules)
        return []
    board = r.faces[found][0]
    spots = _spots(r, b, board)
    if spots is None:
        return []
    lang, choices = getattr(r.game, "lang", ""), getattr(r.game, "choice_words", {})

    def spot_word(spot: str) -> str:  # a spot named by a choice (a colour): in the book's language
        return next((words[spot] for words in choices.values() if spot in words), spot)

    fig = Figure([board], r.width(b, 150 * MM), said("A setup for {n} players, dealt by the setup rules.", lang,
                                                     n=dealt.players))
    placed: list[str] = []
    standing: dict[str, int] = {}  # spot -> the pieces standing in it so far
    lying: dict[str, str] = {}  # spot -> the name of the card laid on it
    players_said: list[list[str]] = [[] for _ in dealt.hands]
    for line, where in b.body:
        label, sep, what = (part.strip() for part in line.partition(":"))
        step = dealt.steps.get(label, StepSaid("", "", ""))
        if not sep or (label not in dealt.table and not any(label in h for h in dealt.hands)):
            labels = [*dealt.table, *(k for h in dealt.hands for k in h)]
            r.problems.add(where, f"{label!r}: write `LABEL: FIELD` (cards the table is dealt, laid on the spot their "
                           "FIELD names) or `LABEL: DECK` (each player's piece, stood where their step puts them), "
                           f"LABEL a setup step's (labels: {', '.join(dict.fromkeys(labels))})"
                           f"{did_you_mean(label, labels)}", "rulebook")
            continue
        if label in dealt.table:
            deck = r.decks.get(step.source)
            ids = dealt.table[label]
            ids = ids.get("cards", []) if isinstance(ids, dict) else ids
            for cid in ids if isinstance(ids, list) else []:
                card = next((c for c in deck.cards if c.id == cid), None) if deck else None
                spot = str(card.data.get(what)) if card is not None else ""
                if card is None or spot not in spots or (step.source, cid) not in r.faces:
                    r.problems.add(where, f"{step.source}/{cid}: its {what!r} ({spot or 'none'}) is no spot of the "
                                   f"board (spots: {', '.join(spots)})", "rulebook")
                    continue
                face = r.faces[step.source, cid][0]
                fig.pieces.append((face, *_fit(face, spots[spot])))
                lying[spot] = str(card.data.get("name", cid))
            if deck is not None:
                placed.append(said("Each {deck} lies on the {spots} of its {what}.", lang, deck=deck.name,
                                   spots=said(b.args["spots"], lang), what=said(what, lang)))
            continue
        deck = r.decks.get(what)
        if deck is None:
            r.problems.add(where, f"no deck {what!r} of pieces for the players{did_you_mean(what, r.decks)}",
                           "rulebook")
            continue
        for k, hand in enumerate(dealt.hands):
            spot = str(hand.get(label))
            if k >= len(deck.cards) or (what, deck.cards[k].id) not in r.faces:
                r.problems.add(where, f"{what} has no piece for player {k + 1}", "rulebook")
                continue
            face = r.faces[what, deck.cards[k].id][0]
            if spot in spots:
                x, y, w, h = spots[spot]
                n = standing[spot] = standing.get(spot, 0) + 1
                width = min(w * PIECE[0], h * PIECE[1] * face.w / face.h)  # in the spot's corner, off the card's name
                px = x + w - n * (width + w * 0.03)
                fig.pieces.append((face, px, y + h * 0.03, width))
                fig.badges.append((k + 1, px + width / 2, y + h * 0.03 + width * face.h / face.w))
                on = said(" on {name}", lang, name=lying[spot]) if spot in lying else ""
                players_said[k].append(said("rolled {spot} on {die}: their {deck} stands{on} ({named})", lang,
                                            spot=spot_word(spot), die=step.said, deck=deck.name, on=on,
                                            named=spot))
            else:
                players_said[k].append(said("rolled {spot} on {die}: {choice}", lang, spot=spot_word(spot),
                                            die=step.said, choice=step.wild or said("their choice", lang)))
    for k, hand in enumerate(dealt.hands):
        for label, value in hand.items():
            step = dealt.steps.get(label, StepSaid("", "", ""))
            if step.kind in ("draw", "place"):
                names = _names(r, step.source, value)
                deck_name = r.decks[step.source].name if step.source in r.decks else step.said
                players_said[k].insert(0, f"{deck_name}: {_join(names, lang)}" if names else deck_name)
    tracks = [said("{term} at {value}{unit}", lang, term=dealt.steps[label].said, value=value,
                   unit=dealt.steps[label].unit) for label, value in dealt.table.items()
              if label in dealt.steps and dealt.steps[label].kind == "track"]
    lines = [*placed, *([said("Set {tracks}.", lang, tracks=_join(tracks, lang))] if tracks else [])]
    fig.legend = [f"**{k + 1}** " + r.markup([literal(said("Player {n}: {said}.", lang, n=k + 1,
                                                           said="; ".join(told)))])
                  for k, told in enumerate(players_said)] + [r.markup([literal(line)]) for line in lines]
    return [fig]


def _rounds(story: list[list[Any]]) -> list[list[list[Any]]]:
    """The story's events round by round: a round ends with the meters told at its end."""
    rounds: list[list[list[Any]]] = [[]]
    for i, event in enumerate(story):
        rounds[-1].append(event)
        if event[0] == "meter" and (i + 1 == len(story) or story[i + 1][0] != "meter"):
            rounds.append([])
    return [r for r in rounds if r]


def _term(r: Resolver, name: str, value: Any, words: dict[str, str]) -> str:
    """A meter and its value as the game spells them: its glossary term, and the unit of the track card of its
    name ("happiness", 70 -> "Happiness at 70%"); in a translation, the term the translation gives it."""
    lang = getattr(r.game, "lang", "")
    term = next((t for t in r.names["glossary"] if t.lower() == name.lower()), None) or told(name, lang, words)
    decks = getattr(r.game, "source", None) or r.game
    unit = next((str(c.data.get("unit") or "") for d in decks.decks for c in d.cards if "start" in c.data
                 and str(c.data.get("name", "")).lower() == name.lower()), "")
    return said("{term} at {value}{unit}", lang, term=term, value=value, unit=unit)


def example(r: Resolver, b: RulebookBlock) -> list[Flow]:
    """Round `round=` of game `game=` of `seed=` at `players=`, as the simulator plays it: each move in the game's
    words, the faces of the cards drawn and played, and the meters at the round's end."""
    key = (_int(b.args.get("players"), 0) or 0, _int(b.args.get("seed"), 1) or 0, _int(b.args.get("game"), 0) or 0)
    story = r.played.stories.get(key)
    if story is None:  # (not replayed: said by the rules)
        return []
    rounds = _rounds(story)
    n = _int(b.args.get("round"), 1)
    if n is None or not 1 <= n <= len(rounds):
        r.problems.add(b.where, f"round={b.args.get('round')}: the game told has rounds 1 to {len(rounds)}",
                       "rulebook")
        return []
    lang, words = getattr(r.game, "lang", ""), game_words(r.game)
    out: list[Flow] = [Heading(3, said("An example: Round {n} with {players} players", lang, n=n, players=key[0]))]
    before = [e for e in rounds[n - 2] if e[0] == "meter"] if n > 1 else []
    if before:
        meters = _join([_term(r, e[1], e[2], words) for e in before], lang)
        out.append(Para(literal(said("Round {n} ended with {meters}.", lang, n=n - 1, meters=meters))))
    shown: list[tuple[str, str]] = []
    moves = 0
    for event in rounds[n - 1]:
        kind = event[0]
        if kind in ("draw", "play"):
            deck, _, card = str(event[1]).partition("/")
            if (deck, card) in r.faces and (deck, card) not in shown:
                shown.append((deck, card))
            if kind == "draw" and not moves and deck in r.decks:  # the Round's own draws, before anyone moves
                out.append(Para(literal(said("From the {deck} deck comes {card}.", lang, deck=r.decks[deck].name,
                                             card=_names(r, deck, [card])[0]))))
        elif kind == "move":
            moves += 1
            move = told(str(event[1]), lang, words)
            out.append(Para(literal(move[:1].upper() + move[1:] + "."), f"{moves}."))
        elif kind == "said":
            out.append(Para(literal(told(str(event[1]), lang, words)), "", 1))
        elif kind == "end":
            out.append(Para(literal(said("The game ends: {result}, {reason}.", lang, result=said(
                "won" if event[1] else "lost", lang), reason=told(str(event[2]), lang, words)))))
    after = [e for e in rounds[n - 1] if e[0] == "meter"]
    if after:
        meters = _join([_term(r, e[1], e[2], words) for e in after], lang)
        out.append(Para(literal(said("The Round ends with {meters}.", lang, meters=meters))))
    if shown:
        faces = [r.faces[s][0] for s in shown[:SHOWN]]
        names = _join([_names(r, d, [c])[0] for d, c in shown[:SHOWN]], lang)
        out.append(Figure(faces, r.width(b, 34 * MM), said("The cards of this Round: {names}.", lang, names=names)))
    return out
