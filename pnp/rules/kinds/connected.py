"""`kind: connected`: a graph of nodes and edges is connected."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pnp.rules.rule_kinds import Found, RuleOptions, rule_kind
from pnp.rules.rule_values import listed
from pnp.rules.shared_options import Source

if TYPE_CHECKING:
    from pnp.rules.engine import Engine


@dataclass(kw_only=True)
class Connected(RuleOptions):
    """the graph (edges are pairs of node values) is connected"""

    kind: Literal["connected"]
    nodes: Source | None  # the nodes
    edges: Source | None  # pairs of node values


@rule_kind(Connected)
def check(engine: Engine, rule: Connected, at: tuple) -> Iterator[Found]:
    assert rule.nodes and rule.edges
    nodes = engine.values(rule.nodes, (*at, "nodes"))
    names = {n.value for n in nodes}
    links: dict[Any, set] = {n: set() for n in names}
    among = ""
    for e in engine.values(rule.edges, (*at, "edges")):
        if not (isinstance(e.value, list) and len(e.value) == 2 and all(x in names for x in e.value)):
            among = among or listed(names)  # (once)
            yield (e.where, e.subject, f"a connection joins two of {among}, got {e.value!r}")
            continue
        a, b = e.value
        links[a].add(b)
        links[b].add(a)
    if not nodes:
        return
    reached, todo = {nodes[0].value}, [nodes[0].value]
    while todo:
        for nxt in links[todo.pop()] - reached:
            reached.add(nxt)
            todo.append(nxt)
    for n in nodes:
        if n.value not in reached:
            yield (n.where, n.subject, f"{n.value!r} cannot be reached from {nodes[0].value!r}")
