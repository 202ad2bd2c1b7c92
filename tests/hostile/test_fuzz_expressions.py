"""A fuzzer over template expressions: values and statements generated from a small grammar (arithmetic,
texts, lists, filters, loops, attribute access, nesting, with sizes from tiny to enormous), evaluated as a
template's values are, under a face's time limit.

The contract: each gives a value, or a located error pnp reports (`InputError` when it is compiled,
`ExprError` when it runs, `Overtime` past the face's time); never another exception, and always within
bounded time and memory. The quick run tries a bounded number of examples (a few seconds); with the
environment variable CI set, the `ci` profile tries many more."""

from __future__ import annotations

import os
import resource
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

settings.register_profile("quick", max_examples=150, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=3000, deadline=None, derandomize=True,  # CI: the same examples each run
                          suppress_health_check=[HealthCheck.too_slow])
PROFILE = "ci" if os.environ.get("CI") else "quick"

CARD = {"name": "Fireball", "cost": 3, "text": "Deal 3.", "tags": ["fire", "attack"], "stats": {"a": 1, "b": [1, 2]}}
DATA = {"rows": [{"a": i, "name": f"r{i}"} for i in range(50)], "words": ["x" * 1000] * 100}
SECONDS = 2.0  # bounds.FACE_SECONDS
SLACK = 6.0  # what a C call may take after the limit has fired (a size is bounded before it is built)

SIZES = st.sampled_from(["0", "1", "2", "3", "10", "1000", "100000", "1000000", "1000000000", "-1", "10**9"])
TEXTS = st.sampled_from(["''", "'x'", "'abc'", "'a\\nb'", "'%s'", "'{}'", "'%09999999d'", "'{:>99999}'", "'a.co b'",
                         "'x' * 100000", "'é' * 1000"])
NAMES = st.sampled_from(["card", "card.name", "card.cost", "card.tags", "card.stats", "card.stats.b", "card.missing",
                         "data.rows", "data.words", "nothing", "range", "namespace", "pi", "card.__class__",
                         "card.items", "loop", "x"])
FILTERS = st.sampled_from([
    "upper", "string", "list", "join", "join(',')", "sum", "sum(start=[])", "sum(start='')", "length", "first",
    "last", "sort", "unique", "reverse", "tojson", "pprint", "indent(4)", "indent('xx', true)", "center(50)",
    "center(100000)", "replace('a', 'bb')", "replace('', 'xyz')", "format(1)", "batch(3)", "batch(1000000000, 0)",
    "slice(3)", "slice(1000000000)", "map('upper')", "map('string')", "map(attribute='name')",
    "map(attribute='__class__')", "select", "reject", "default('d')", "int", "float", "round", "abs", "min", "max",
    "wordcount", "truncate(5)", "urlize", "e", "safe", "items", "dictsort", "groupby('a')", "attr('name')", "title",
    "trim", "wordwrap(10)", "xmlattr", "selectattr('a')", "count", "filesizeformat"])
BINARY = st.sampled_from(["+", "-", "*", "/", "//", "%", "**", "~", "==", "<", "and", "or", "in", "not in"])


def _expressions() -> st.SearchStrategy[str]:
    atoms = st.one_of(SIZES, TEXTS, NAMES, st.sampled_from(["[]", "{}", "none", "true", "1.5", "range(10)",
                                                            "range(100000)"]))

    def grow(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.tuples(inner, BINARY, inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
            st.tuples(inner, FILTERS).map(lambda t: f"({t[0]} | {t[1]})"),
            st.lists(inner, max_size=3).map(lambda items: "[" + ", ".join(items) + "]"),
            st.tuples(inner, inner).map(lambda t: f"{{'a': {t[0]}, 'b': {t[1]}}}"),
            st.tuples(inner, st.sampled_from(["-", "not ", "+"])).map(lambda t: f"{t[1]}{t[0]}"),
            st.tuples(inner, st.sampled_from([".name", ".a", "[0]", "[1:3]", "[::-1]", ".upper()", ".split()",
                                              ".__class__", ".items()", ".format(1)", ".join(['a', 'b'])",
                                              ".ljust(100000000)", ".count('a')", "['a']"])).map(lambda t: t[0] + t[1]),
            st.tuples(inner, inner, inner).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
            st.tuples(inner, inner).map(lambda t: f"range({t[0]}, {t[1]})"),
        )

    return st.recursive(atoms, grow, max_leaves=12)


EXPRESSIONS = _expressions()


def _statements() -> st.SearchStrategy[str]:
    def grow(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.tuples(EXPRESSIONS, inner).map(lambda t: f"{{% for x in {t[0]} %}}{t[1]}{{% endfor %}}"),
            st.tuples(EXPRESSIONS, inner, inner).map(
                lambda t: f"{{% if {t[0]} %}}{t[1]}{{% else %}}{t[2]}{{% endif %}}"),
            st.tuples(EXPRESSIONS, inner).map(lambda t: f"{{% set v = {t[0]} %}}{t[1]}{{{{ v }}}}"),
            st.tuples(inner, inner).map(lambda t: t[0] + t[1]),
            st.tuples(st.sampled_from([1, 2, 3, 25]), inner).map(
                lambda t: "{% if true %}" * t[0] + t[1] + "{% endif %}" * t[0]),
        )

    leaves = st.one_of(EXPRESSIONS.map(lambda e: f"{{{{ {e} }}}}"), st.just("text "))
    return st.recursive(leaves, grow, max_leaves=6)


def _evaluate(source: str) -> None:
    """Compile and run `source` as a template value is, under a face's time limit; the contract's outcomes only."""
    from pnp.core.errors import InputError, Where
    from pnp.core.watchdog import Overtime, time_limit
    from pnp.layout.expr import ExprError, compile_value

    started = time.monotonic()
    try:
        with time_limit(SECONDS):
            dynamic, got = compile_value(source, Where("t.yaml", 1, 1))
            if dynamic:
                got({"card": CARD, "data": DATA, "item": 1, "index": 0})
    except InputError as exc:
        assert str(exc).startswith("t.yaml:1:1: "), exc  # located
    except ExprError as exc:
        assert str(exc).strip(), source  # said, not an empty MemoryError
    except Overtime:
        pass  # the layout reports it at the element, as any face that runs over
    assert time.monotonic() - started < SECONDS + SLACK, source
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    assert peak < 1024 ** 3, f"{peak / 2 ** 20:.0f} MiB after {source!r}"


@settings(settings.get_profile(PROFILE))
@given(EXPRESSIONS)
def test_any_expression_gives_a_value_or_a_located_error(expression):
    _evaluate("{{ " + expression + " }}")


@settings(settings.get_profile(PROFILE), max_examples=settings.get_profile(PROFILE).max_examples // 3)
@given(_statements())
def test_any_template_gives_text_or_a_located_error(source):
    _evaluate(source)
