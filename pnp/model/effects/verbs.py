"""The verbs a card's `effect:` is made of: each one's arguments, the sentence it reads as, and an example.

A verb is a mechanism several cards share (`damage`, `draw`, `repeat`), never one card. pnp's library is
`LIBRARY`; a game adds what the library lacks in its `verbs:` (game.yaml), each declared here the same way
(its arguments and its sentence), and played by a function of its play module registered under that name.
The reader (effect_steps.py) holds every step to its verb's arguments; the sentence (effect_text.py) reads it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from pnp.core.errors import Problems, Where

# What an argument takes (each kind's check: effect_steps.py):
#   count  a whole number from 0 (or an expression of the card's fields that gives one)
#   amount a whole number, either sign (a track's change: -2)
#   name   an id: a track, a resource, a pile (a deck id), a die (a die deck id)
#   place  where a step acts: a word the game's play module knows (`rolled`, `here`, `beside`), or
#          `{choose: [FILTER, ...]}`: a choice the player makes among the places the filters leave
#   steps  a list of steps (what `repeat` repeats, what a face of a roll does)
#   faces  a mapping of a die's faces (or `other`) to steps
#   text   words, as written
KINDS = ("count", "amount", "name", "place", "steps", "faces", "text")


@dataclass(frozen=True)
class Arg:
    kind: str
    required: bool = True
    default: object = None
    choices: tuple[str, ...] = ()  # the words a text argument may be


@dataclass(frozen=True)
class Verb:
    """A verb: its arguments (the first is its main one, `{draw: 2}` for `{draw: {count: 2}}`), the sentence
    its step reads as (a Jinja template of its arguments), and what it does, said for the docs."""

    name: str
    args: dict[str, Arg]
    reads: str
    does: str
    example: str
    siblings: tuple[str, ...] = ()  # arguments written beside the verb (`{repeat: 2, do: [...]}`)
    game: bool = False  # a game's own (its play module plays it), not pnp's library
    extra: dict[str, str] = field(default_factory=dict)  # more words of the sentence, by argument value
    explains: str = ""  # what it does, said for a player: the rulebook's ```pnp effects``` (else `does`)


def _verbs(*verbs: Verb) -> dict[str, Verb]:
    return {v.name: v for v in verbs}


LIBRARY: dict[str, Verb] = _verbs(
    Verb("change", {"track": Arg("name"), "by": Arg("amount")},
         "{{ 'Raise' if by > 0 else 'Lower' }} {{ track | title }} by {{ by | abs }}.",
         "moves a track or meter by an amount, held within the track's ends", "{change: {track: happiness, by: -2}}",
         explains="A track or meter moves up or down by the amount, never past its ends."),
    Verb("gain", {"resource": Arg("name"), "amount": Arg("count", default=1),
                  "who": Arg("text", False, "self", ("self", "others", "all"))},
         "{{ 'Every other player gains' if who == 'others' else 'Every player gains' if who == 'all' else 'Gain' }} "
         "{{ amount }} {{ resource | title }}.",
         "a player takes an amount of a resource: the acting one, or `who: others` or `all`",
         "{gain: {resource: coins, amount: 2}}",
         explains="A player takes that much of a resource: you, or the other players, or everyone."),
    Verb("spend", {"resource": Arg("name"), "amount": Arg("count", default=1)},
         "Spend {{ amount }} {{ resource | title }}.", "the acting player pays an amount of a resource (a cost)",
         "{spend: {resource: coins, amount: 3}}",
         explains="You pay that much of a resource."),
    Verb("draw", {"count": Arg("count", default=1), "pile": Arg("name", False)},
         "Draw {{ count }} card{{ 's' if count != 1 else '' }}{{ ' from the ' ~ pile ~ ' pile' if pile else '' }}.",
         "the acting player draws cards from the top of a pile into their hand", "{draw: 2}",
         explains="Take cards from the top of a pile into your hand."),
    Verb("discard", {"count": Arg("count", default=1)},
         "Discard {{ count }} card{{ 's' if count != 1 else '' }}.",
         "the acting player discards cards of their choice from their hand", "{discard: 1}",
         explains="Put cards of your choice from your hand on the discard pile."),
    Verb("shuffle", {"pile": Arg("name")}, "Shuffle the {{ pile }} pile.",
         "shuffles a pile (its discards back in first)", "{shuffle: events}",
         explains="Shuffle a pile, with its discards put back in first."),
    Verb("look", {"count": Arg("count"), "pile": Arg("name"), "order": Arg("text", False, "any")},
         "Look at the top {{ count }} card{{ 's' if count != 1 else '' }} of the {{ pile }} pile and put them "
         "back in any order.", "the acting player sees the top of a pile and puts it back in the order they choose",
         "{look: {count: 3, pile: events}}",
         explains="See the top cards of a pile, then put them back in the order you choose."),
    Verb("tokens", {"place": Arg("place"), "add": Arg("amount")},
         "{{ 'Add' if add > 0 else 'Remove' }} {{ add | abs }} token{{ 's' if add | abs != 1 else '' }} "
         "{{ 'to' if add > 0 else 'from' }} {{ place }}.",
         "adds tokens at a place (or removes them: a negative amount)", "{tokens: {place: rolled, add: 2}}",
         explains="Put tokens on a place, or take them off."),
    Verb("roll", {"die": Arg("name"), "faces": Arg("faces", False)},
         "Roll the {{ die }}.", "rolls a die; `faces:` says what a face does (`other:` for the rest)",
         "{roll: {die: peril-die, faces: {wild: [{change: {track: happiness, by: 1}}]}}}",
         explains="Roll a die; what happens may depend on the face that comes up."),
    Verb("move", {"piece": Arg("name"), "to": Arg("place")}, "Move {{ piece }} to {{ to }}.",
         "moves a piece along the board's graph to a place", "{move: {piece: captain, to: {choose: [adjacent]}}}",
         explains="Move a piece to another place on the board."),
    Verb("repeat", {"times": Arg("count"), "do": Arg("steps")},
         "{{ do if times == 1 else ('Twice' if times == 2 else times ~ ' times') ~ ': ' ~ do }}",
         "does its steps a number of times (at most 100)", "{repeat: 2, do: [{tokens: {place: rolled, add: 1}}]}",
         siblings=("do",)),
    Verb("play", {"pay": Arg("name", False), "resource": Arg("name", False)},
         "Play a card from your hand{{ ', paying its ' ~ pay ~ ' in ' ~ resource if pay else '' }}, or pass.",
         "the acting player may play a card of their hand (paying the card's `pay` field in a resource): it is "
         "discarded and its effect done", "{play: {pay: cost, resource: coins}}",
         explains="Play a card from your hand, paying its cost, or pass."),
    Verb("choose", {"one": Arg("steps")}, "Choose one: {{ one }}",
         "the acting player chooses one of the steps (each a step of its own)",
         "{choose: [{gain: {resource: coins, amount: 2}}, {draw: 1}]}"),
    Verb("modify", {"cost": Arg("text", True, None, ("play", "resolve")), "by": Arg("amount"),
                    "who": Arg("text", False, "self", ("self", "others", "all"))},
         "{{ 'Playing a card' if cost == 'play' else 'Resolving a step' }} costs {{ 'you' if who == 'self' else "
         "'every other player' if who == 'others' else 'every player' }} {{ by | abs }} "
         "{{ 'less' if by < 0 else 'more' }}.",
         "from when its card is played, a cost is less (a negative amount) or more: playing a card (`play`) or "
         "resolving a step (`resolve`), for the player who played it, or `who: others` or `all`; `while:` says "
         "when it holds", "{modify: {cost: play, by: -1}, while: \"coins < 5\"}",
         explains="Once the card is played, a cost is lower or higher, for as long as the card says."),
    Verb("prevent", {"place": Arg("place"), "tokens": Arg("text", False, "gain", ("gain", "lose"))},
         "No token can be {{ 'added to' if tokens == 'gain' else 'removed from' }} {{ 'your place' if place == "
         "'here' else 'the place rolled' if place == 'rolled' else place }}.",
         "from when its card is played, a place (as it is then) gains no tokens (or, `tokens: lose`, loses "
         "none); `while:` says when it holds", "{prevent: {place: here}}",
         explains="Once the card is played, no token can be put on (or taken off) that place."),
)

PASSIVE = ("modify", "prevent")  # the verbs whose step holds from when its card is played (`while:` it may)

TRIGGERS = ("drawn", "played", "bought", "round-start", "round-end")  # `at:` a step happens then
DURATIONS = ("round-end", "next-round-end", "resolved")  # `until:` a step's effect lasts till then
MODIFIERS = ("if", "at", "until", "rounds", "resolve", "while")  # beside a verb: a condition, a time, a duration,
# the cost that resolves a step `until: resolved`, the condition a passive step holds under


def effect_json_schema(game: dict[str, str] | None = None) -> dict[str, object]:
    """The JSON Schema of a card's `effect:` (`pnp schema`): `none`, or steps whose verbs complete in the editor,
    each with what it does and an example; `game`: the game's own verbs (game.yaml `verbs:`), name -> what it does."""
    step = {"type": "object", "minProperties": 1, "additionalProperties": False, "properties": {
        **{v.name: {"description": f"{v.does}; e.g. {v.example}"} for v in LIBRARY.values()},
        **{name: {"description": f"{does} (this game's verb)"} for name, does in (game or {}).items()
           if name not in LIBRARY},
        **{s: {"type": "array", "description": f"the {s} of `{v.name}`: steps"} for v in LIBRARY.values()
           for s in v.siblings},
        "if": {"type": "string", "description": "a condition over the game: the step happens only while it holds"},
        "at": {"enum": list(TRIGGERS), "description": "when the step happens"},
        "until": {"enum": list(DURATIONS), "description": "how long what it does lasts"},
        "rounds": {"type": "integer", "minimum": 1, "description": "for how many rounds it lasts"},
        "resolve": {"description": "with `until: resolved`: what a player pays to end it, spend steps, e.g. "
                    "{spend: {resource: coins, amount: 3}}"},
        "while": {"type": "string", "description": f"on a passive step ({', '.join(PASSIVE)}): the condition it "
                  "holds under, e.g. \"coins < 5\""}}}
    return {"description": "what the card does in play, as steps (docs/effects.md); `none`: nothing",
            "oneOf": [{"const": "none"}, {"type": "array", "items": step}]}


def reference_table(verbs: dict[str, Verb]) -> str:
    """docs/effects.md's table of verbs, made from the library: each verb's arguments (in bold those it cannot do
    without; the first is the one `{verb: VALUE}` gives), what it does and an example. tools/doc_tables.py
    writes it there."""
    rows = ["| verb | arguments | does | example |", "|---|---|---|---|"]
    for verb in verbs.values():
        args = ", ".join(f"**`{n}`** ({a.kind})" if a.required and a.default is None else f"`{n}` ({a.kind})"
                         for n, a in verb.args.items())
        rows.append(f"| `{verb.name}` | {args} | {verb.does} | `{verb.example}` |")
    return "\n".join(rows) + "\n"


@dataclass(repr=False, eq=False)
class GameVerb:
    """A verb a game adds to the library (game.yaml `verbs:`), played by the function of its play module that
    registers this name: what it does, its arguments (the first is the one `{verb: VALUE}` gives) and their
    kinds, and the sentence a step of it reads as (a template of its arguments)."""

    does: str  # what it does, said for the docs and the editor
    args: dict[str, Literal["count", "amount", "name", "place", "steps", "faces", "text"]]  # its arguments, by kind
    reads: str  # the sentence a step of it reads as: a template of its arguments
    example: str = ""  # a step of it, for the docs
    explains: str = ""  # what it does, said for a player in the game's words (the rulebook's ```pnp effects```)


def game_verbs(declared: dict[str, GameVerb], where: Callable[[tuple], Where], problems: Problems) -> dict[str, Verb]:
    """The library with the game's own verbs (game.yaml `verbs:`); a game's verb that takes a library verb's name, or
    whose sentence is not a template, is an error at its line."""
    from pnp.model.expressions.evaluate import jinja_template

    verbs = dict(LIBRARY)
    for name, spec in declared.items():
        if name in LIBRARY:
            problems.add(where(("verbs", name)), f"`{name}` is one of pnp's verbs (docs/effects.md): give yours "
                         "another name", f"verbs.{name}")
            continue
        if not spec.args:
            problems.add(where(("verbs", name, "args")), "a verb takes at least one argument (its main one)",
                         f"verbs.{name}.args")
            continue
        try:
            jinja_template(spec.reads)
        except Exception as exc:  # noqa: BLE001 - a designer's template: said, never raised
            problems.add(where(("verbs", name, "reads")), f"its sentence is not a template: {exc}",
                         f"verbs.{name}.reads")
            continue
        verbs[name] = Verb(name, {a: Arg(kind) for a, kind in spec.args.items()}, spec.reads, spec.does,
                           spec.example or f"{{{name}: ...}}", game=True, explains=spec.explains)
    return verbs
