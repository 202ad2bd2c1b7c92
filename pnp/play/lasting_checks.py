"""Play (data): what pnp's engine holds a step that lasts, or holds, to before any game (play_checks.py calls it
for each step): a duration only on a step it can take back; a resolve cost of `spend` steps in a resource some
player can hold; a passive step (`modify`, `prevent`) on a card, played when the card is, its `while:` over the
names a condition reads, and a cost it modifies that some step pays. Every problem is located at its step."""

from __future__ import annotations

from typing import Any

from pnp.core.errors import Problems
from pnp.model.effects.verbs import PASSIVE

LASTING = ("change", "gain", "spend", "tokens")  # the verbs whose step can last for a time
BOARD_NAMES = ("tokens", "tokens_here", "round", "hand")  # what a condition reads beside tracks and resources


class Paid:
    """What the game's steps pay and gain, for the checks: the resources a player can hold (a start above 0 in
    play.yaml, or a `gain` step), whether a `play` step pays a cost, whether a step lasts till resolved."""

    def __init__(self, spec: Any, all_steps: list[Any]):
        self.held = {r for r, n in spec.resources.items() if n > 0}
        self.held |= {s.args["resource"] for s in all_steps if s.verb == "gain" and s.args["amount"] > 0}
        self.costs = {"play": any(s.verb == "play" and s.args.get("pay") for s in all_steps),
                      "resolve": any("resolve" in s.when for s in all_steps)}
        self.names = sorted({*spec.tracks, *spec.resources, *BOARD_NAMES})


def check_lasting(step: Any, owner: str, paid: Paid, problems: Problems) -> None:
    """`owner`: `turn`, or the card (`deck/card`) whose effect holds the step."""
    when, where, verb = step.when, step.where, step.verb
    lasting = [k for k in ("until", "rounds") if k in when]
    if verb in PASSIVE:
        _check_passive(step, owner, paid, problems)
    elif lasting and verb not in LASTING:
        problems.add(where, f"`{lasting[0]}:` on `{verb}`: what a {verb} does cannot be taken back; only "
                     f"{', '.join(LASTING)} last for a time", owner)
    elif len(lasting) > 1:
        problems.add(where, "`until:` or `rounds:`, not both", owner)
    for cost in when.get("resolve", ()):
        if cost.verb != "spend" or cost.when:
            problems.add(cost.where, "a resolve cost is what a player pays: `spend` steps, with no time or "
                         "condition, e.g. {spend: {resource: coins, amount: 3}}", owner)
        elif cost.args["amount"] < 1:
            problems.add(cost.where, "a resolve cost of 0 resolves for nothing: spend 1 or more", owner)
        elif cost.args["resource"] not in paid.held:
            problems.add(cost.where, f"no player can pay {cost.args['resource']!r}: no one starts with it "
                         "(play.yaml `resources:`) and no `gain` step gives it, so nothing can resolve this step",
                         owner)


def _check_passive(step: Any, owner: str, paid: Paid, problems: Problems) -> None:
    when, where, verb = step.when, step.where, step.verb
    said = [k for k in ("at", "until", "rounds", "if") if k in when and (k != "at" or when[k] != "played")]
    if owner == "turn":
        problems.add(where, f"`{verb}` holds from when its card is played: put it on a card's `effect:`, not the "
                     "turn", owner)
    elif said:
        problems.add(where, f"`{said[0]}:` on `{verb}`: a passive step holds from when its card is played to the "
                     "game's end; `while:` says when it holds", owner)
    if verb == "modify" and not paid.costs[step.args["cost"]]:
        what = "no `play` step pays a card's cost (`pay:`)" if step.args["cost"] == "play" else \
            "no step lasts `until: resolved`"
        problems.add(where, f"`cost: {step.args['cost']}` modifies nothing: {what}", owner)
    if "while" in when:
        from jinja2 import Environment, meta

        try:
            read = meta.find_undeclared_variables(Environment().parse("{{ " + when["while"] + " }}"))
        except Exception as exc:  # noqa: BLE001 - a designer's condition: said at its line
            problems.add(where, f"`while: {when['while']}` is not a condition: {exc}", owner)
            return
        for name in sorted(read - set(paid.names)):
            problems.add(where, f"`while:` reads {name!r}, which the game does not have (it reads "
                         f"{', '.join(paid.names)})", owner)
