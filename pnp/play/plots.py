"""Play: the balance report's plots, drawn by matplotlib as inline SVG (no network, no script).

Each function takes the report's plain data (report.build: the same numbers as the JSON) and returns
one `<svg>` element. Same data, same bytes: matplotlib's figures, never pyplot's global state; a fixed
`svg.hashsalt` for the ids; no date, no creator; text kept as text (the page's font draws it).
matplotlib is an optional extra (`pnp-press[plots]`), imported only here, only for `--format html`.
"""

from __future__ import annotations

import io
import itertools
import math
from typing import Any

from pnp.core.errors import InputError, Problem

INSTALL = "pip install 'pnp-press[plots]'"
# Okabe & Ito's palette: told apart with any colour vision; one colour per player count (or reason)
COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"]
STRONG, WEAK, PLAIN = "#1a7f37", "#cf222e", "#57606a"
STYLES = ["-", "--", ":", "-."]  # one line style per policy
RC: Any = {  # matplotlib types its keys as literals: a plain dict here
    "svg.hashsalt": "pnp", "svg.fonttype": "none", "font.family": "sans-serif", "font.size": 9,
    "font.sans-serif": ["DejaVu Sans"], "axes.spines.top": False, "axes.spines.right": False,
    "axes.edgecolor": "#8c959f", "axes.labelcolor": "#24292f", "xtick.color": "#57606a", "ytick.color": "#57606a",
    "axes.grid": True, "grid.color": "#e5e8eb", "grid.linewidth": 0.6, "axes.axisbelow": True,
    "legend.frameon": False, "axes.titlesize": 10, "axes.titleweight": "bold", "axes.titlelocation": "left",
}


def require() -> None:
    """matplotlib is there, or `--format html` says how to install it (exit 2) before any game is played."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise InputError([Problem(None, f"--format html draws plots with matplotlib, an optional extra: {INSTALL}")]
                         ) from None


def _figure(width: float, height: float) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _svg(fig: Any) -> str:
    import matplotlib

    out = io.StringIO()
    with matplotlib.rc_context(RC):
        fig.savefig(out, format="svg", metadata={"Date": None, "Creator": None, "Format": None, "Type": None})
    text = out.getvalue()
    return text[text.index("<svg"):]  # the element alone: inline in the page


def _players(n: int) -> str:
    return f"{n} player{'s' if n != 1 else ''}"


def _percent_axis(ax: Any, axis: str = "y") -> None:
    from matplotlib.ticker import PercentFormatter

    (ax.yaxis if axis == "y" else ax.xaxis).set_major_formatter(PercentFormatter(1.0, decimals=0))


def _floor(values: list[float], margin: float = 0.05) -> float:
    """The bottom of a rate axis: a tenth below the lowest value (the differences show), 0 at least."""
    return max(0.0, math.floor(10 * (min(values, default=0.0) - margin)) / 10)


def draw(build: Any) -> str:
    """A figure drawn under the report's style (rcParams are read as artists are made, not only on save)."""
    import matplotlib

    with matplotlib.rc_context(RC):
        return _svg(build())


def _rate(group: dict[str, Any]) -> dict[str, Any]:
    """What a group's win-rate point shows: the games won, or for a competitive game of more than one player
    (someone always wins: its rate says nothing) seat 1's share of the wins, as the summary table gives it."""
    return group["seats"]["by_seat"][0] if group.get("seats") else group["win"]


def _rate_label(groups: list[dict[str, Any]]) -> str:
    return "games won" + ("; seated: seat 1's share" if any(g.get("seats") for g in groups) else "")


def win_rates(groups: list[dict[str, Any]], series: list[tuple[str, str]]) -> str:
    """Win rate per player count, a point per (policy, variant) with its 95 % Wilson interval; a competitive
    game's seat 1 share of the wins (_rate), a grey tick at the fair share 1/N."""
    def build() -> Any:
        fig = _figure(7.2, 2.6)
        ax = fig.add_subplot()
        counts = sorted({g["players"] for g in groups})
        width = 0.6 / max(1, len(series))
        for k, (policy, variant) in enumerate(series):
            mine = [g for g in groups if (g["policy"], g["variant"]) == (policy, variant)]
            xs = [counts.index(g["players"]) + (k - (len(series) - 1) / 2) * width for g in mine]
            ys = [_rate(g)["rate"] for g in mine]
            err = [[_rate(g)["rate"] - _rate(g)["low"] for g in mine],
                   [_rate(g)["high"] - _rate(g)["rate"] for g in mine]]
            for x, g in zip(xs, mine, strict=True):
                if g.get("seats"):
                    ax.hlines(1 / g["players"], x - width / 3, x + width / 3, color=PLAIN, lw=1, ls="--")
            label = ", ".join(x for x in (policy if len({p for p, _ in series}) > 1 else "",
                                          variant if len({v for _, v in series}) > 1 else "") if x)
            ax.errorbar(xs, ys, yerr=err, fmt="o", ms=6, capsize=4, lw=1.4, color=COLOURS[k % len(COLOURS)],
                        label=label)
            for x, y in zip(xs, ys, strict=True):
                ax.annotate(f"{100 * y:.1f} %", (x, y), xytext=(7, 0), textcoords="offset points", va="center",
                            fontsize=8, color="#24292f")
        ax.set_xticks(range(len(counts)), [_players(n) for n in counts])
        ax.set_xlim(-0.6, len(counts) - 0.4)
        ax.set_ylim(_floor([min(_rate(g)["low"], 1 / g["players"] if g.get("seats") else 1.0) for g in groups]), 1.01)
        _percent_axis(ax)
        ax.set_ylabel(_rate_label(groups))
        if len(series) > 1:
            ax.legend(loc="lower right", fontsize=8)
        return fig
    return draw(build)


def sweep(groups: list[dict[str, Any]], variants: list[str], policies: list[str]) -> str:
    """Win rate against the varied value, a line per player count (a style per policy), with intervals."""
    def build() -> Any:
        fig = _figure(7.2, 3.4)
        ax = fig.add_subplot()
        values = [v.rpartition("=")[2] for v in variants]
        try:  # numbers stand at their values; anything else evenly
            at = [float(v) for v in values]
        except ValueError:
            at = [float(k) for k in range(len(values))]
        counts = sorted({g["players"] for g in groups})
        for c, n in enumerate(counts):
            for p, policy in enumerate(policies):
                mine = sorted((g for g in groups if g["players"] == n and g["policy"] == policy),
                              key=lambda g: variants.index(g["variant"]))
                ys = [_rate(g)["rate"] for g in mine]
                lo = [_rate(g)["low"] for g in mine]
                hi = [_rate(g)["high"] for g in mine]
                xs = [at[variants.index(g["variant"])] for g in mine]
                label = _players(n) + (f", {policy}" if len(policies) > 1 else "")
                ax.fill_between(xs, lo, hi, color=COLOURS[c % len(COLOURS)], alpha=0.12, lw=0)
                ax.plot(xs, ys, STYLES[p % len(STYLES)], marker="o", ms=5, color=COLOURS[c % len(COLOURS)], label=label)
        ax.set_xticks(at, values)
        ax.set_xlabel(variants[0].rpartition("=")[0])
        ax.set_ylim(_floor([_rate(g)["low"] for g in groups]), 1.01)
        _percent_axis(ax)
        ax.set_ylabel(_rate_label(groups))
        ax.legend(loc="best", fontsize=8, ncols=2)
        return fig
    return draw(build)


def round_ticks(rounds: list[int], most: int) -> list[int]:
    """The rounds to label on an axis of `rounds`: every one, or every 2nd, 5th, 10th, ... so that at most `most`
    labels stand side by side (a game of 40 rounds would print its numbers over each other)."""
    step = next(s for s in itertools.chain((1, 2, 5), (10 ** k * m for k in itertools.count(1) for m in (1, 2, 5)))
                if len(rounds[::s]) <= max(1, most))
    return rounds[::step]


def losses(groups: list[dict[str, Any]], reasons: list[str], last: int) -> str:
    """How games are lost: per player count, the games lost in each round, stacked by the reason."""
    from matplotlib.ticker import MaxNLocator

    def build() -> Any:
        cols = min(4, len(groups))
        rows = math.ceil(len(groups) / cols)
        fig = _figure(7.2, 0.6 + 2.2 * rows)
        axes = list(fig.subplots(rows, cols, sharey=True, squeeze=False).flat)
        rounds = list(range(1, last + 1))
        for ax, g in zip(axes, groups, strict=False):
            bottom = [0] * len(rounds)
            for k, reason in enumerate(reasons):
                loss = next((x for x in g["losses"] if x["reason"] == reason), None)
                ys = [loss["rounds"].get(str(r), 0) if loss else 0 for r in rounds]
                ax.bar(rounds, ys, bottom=bottom, width=0.75, color=COLOURS[k % len(COLOURS)],
                       label=reason if g is groups[0] else None)
                bottom = [b + y for b, y in zip(bottom, ys, strict=True)]
            lost = g["win"]["games"] - g["win"]["wins"]
            ax.set_title(_players(g["players"]), fontsize=9, pad=14)  # the count on a line of its own below:
            ax.annotate(f"{lost} of {g['win']['games']} lost", (0, 1), xycoords="axes fraction", xytext=(0, 3),
                        textcoords="offset points", va="bottom", fontsize=8, color="#57606a")  # side by side, they meet
            ax.set_xticks(round_ticks(rounds, 6 * 4 // cols))
            ax.set_xlabel("round")
            ax.grid(axis="x", visible=False)
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        for ax in axes[len(groups):]:
            ax.set_visible(False)
        axes[0].set_ylabel("games lost")
        if reasons:
            fig.legend(loc="outside lower center", ncols=min(4, len(reasons)), fontsize=8)
        return fig
    return draw(build)


def survival(groups: list[dict[str, Any]], last: int) -> str:
    """Rounds survived: the share of games not yet lost at the end of each round, a line per player count."""
    def build() -> Any:
        fig = _figure(7.2, 3.0)
        ax = fig.add_subplot()
        rounds = list(range(0, last + 1))
        for c, g in enumerate(groups):
            n = g["win"]["games"]
            by_round = [sum(x["rounds"].get(str(r), 0) for x in g["losses"]) for r in rounds]
            alive, ys = n, []
            for lost in by_round:
                alive -= lost
                ys.append(alive / n if n else 0)
            ax.step(rounds, ys, where="post", lw=1.8, color=COLOURS[c % len(COLOURS)],
                    label=_survived(g))
        ax.set_xticks(round_ticks(rounds, 24))
        ax.set_xlim(0, last + 0.2)
        ax.set_ylim(_floor([1 - (g["win"]["games"] - g["win"]["wins"]) / g["win"]["games"] for g in groups
                            if g["win"]["games"]]), 1.01)
        _percent_axis(ax)
        ax.set_xlabel("end of round")
        ax.set_ylabel("games still going or won")
        ax.legend(loc="lower left", fontsize=8)
        return fig
    return draw(build)


def _survived(group: dict[str, Any]) -> str:
    """The legend of a player count's line: the mean rounds survived (a game lost in round r survived r - 1)."""
    survived = group.get("quality", {}).get("length", {}).get("survived")
    if survived is None:
        return f"{_players(group['players'])}: ended in round {group['rounds']['mean']:.2f} on average"
    return f"{_players(group['players'])}: mean {survived['mean']:.2f} rounds survived"


def meters(groups: list[dict[str, Any]]) -> str:
    """Each meter round by round, a row per meter and a column per player count: the median (a line) and
    the quartiles (a band: half the games)."""
    names = sorted({name for g in groups for name in g["meters"]})

    def build() -> Any:
        fig = _figure(7.2, 0.3 + 1.6 * len(names))
        axes = fig.subplots(len(names), len(groups), sharex=True, sharey="row", squeeze=False)
        for r, name in enumerate(names):
            for c, g in enumerate(groups):
                ax, q = axes[r][c], g["meters"].get(name, [])
                xs = list(range(1, len(q) + 1))
                colour = COLOURS[c % len(COLOURS)]
                ax.fill_between(xs, [x[0] for x in q], [x[2] for x in q], color=colour, alpha=0.2, lw=0)
                ax.plot(xs, [x[1] for x in q], lw=1.8, color=colour, marker="o", ms=2.5)
                if r == 0:
                    ax.set_title(_players(g["players"]), fontsize=9)
                if c == 0:
                    ax.set_ylabel(name)
                if r == len(names) - 1:
                    ax.set_xlabel("round")
        return fig
    return draw(build)


def difference(card: dict[str, Any]) -> tuple[float, float]:
    """The 95 % interval of the effect (win rate when played minus when not): Newcombe's hybrid score
    interval, from the two Wilson intervals the report holds."""
    a, b = card["when_played"], card["when_not"]
    d = a["rate"] - b["rate"]
    low = d - math.sqrt((a["rate"] - a["low"]) ** 2 + (b["high"] - b["rate"]) ** 2)
    high = d + math.sqrt((a["high"] - a["rate"]) ** 2 + (b["rate"] - b["low"]) ** 2)
    return low, high


def forest(cards: list[dict[str, Any]]) -> str:
    """Each card's effect on the win rate with its 95 % interval, the largest first; strong green, weak red."""
    def build() -> Any:
        fig = _figure(7.2, 0.7 + 0.19 * len(cards))
        ax = fig.add_subplot()
        ys = list(range(len(cards)))[::-1]
        intervals = [difference(c) for c in cards]
        for y in ys[::2]:  # every other row shaded: the eye follows a card to its interval
            ax.axhspan(y - 0.5, y + 0.5, color="#f3f5f7", lw=0, zorder=0)
        colours = [{"strong": STRONG, "weak": WEAK}.get(c["flag"], PLAIN) for c in cards]
        ax.hlines(ys, [lo for lo, _ in intervals], [hi for _, hi in intervals], colors=colours, lw=1.3)
        for flag, colour in (("", PLAIN), ("strong", STRONG), ("weak", WEAK)):  # an artist a kind, not a card
            at = [(c["effect"], y) for c, y in zip(cards, ys, strict=True) if c["flag"] == flag]
            if at:
                ax.plot([x for x, _ in at], [y for _, y in at], "s" if not flag else "o", ms=3.5 if not flag else 5,
                        color=colour, linestyle="none")
        ax.axvline(0, color="#8c959f", lw=0.8)
        ax.set_yticks(ys, [c["card"] for c in cards], fontsize=8)
        ax.set_ylim(-0.7, len(cards) - 0.3)
        ax.grid(axis="y", visible=False)
        from matplotlib.ticker import FuncFormatter

        ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{100 * x:+.0f}" if x else "0"))
        ax.tick_params(axis="x", top=True, labeltop=len(cards) > 20)  # a long list: the scale at its top too
        ax.set_xlabel("win rate when played minus when not (points), with its 95 % interval")
        return fig
    return draw(build)


def length(groups: list[dict[str, Any]]) -> str:
    """How long games last: the share of games ending in each round, a line of points per player count."""
    def build() -> Any:
        fig = _figure(7.2, 2.8)
        ax = fig.add_subplot()
        rounds: set[int] = set()
        for c, g in enumerate(groups):
            q = g["quality"]
            hist = {int(k): v for k, v in q["length"]["histogram"].items()}
            rounds |= set(hist)
            xs = sorted(hist)
            e = q["length"]["ended"]["quartiles"]
            ax.plot(xs, [hist[x] / q["games"] for x in xs], marker="o", ms=3, lw=1.4,
                    color=COLOURS[c % len(COLOURS)],
                    label=f"{_players(g['players'])}: median {e[1]:g}, quartiles {e[0]:g}-{e[2]:g}")
        ax.set_xticks(sorted(rounds) if len(rounds) <= 20 else sorted(rounds)[::max(1, len(rounds) // 20)])
        _percent_axis(ax)
        ax.set_xlabel("round the game ended in")
        ax.set_ylabel("games")
        ax.legend(loc="upper left", fontsize=8)
        return fig
    return draw(build)


def choices(groups: list[dict[str, Any]], most: int = 16) -> str:
    """Each kind of move's share of the decisions, a bar per player count (the `most` most chosen kinds): a kind
    near 0 is an option the players (these policies) do not take."""
    totals: dict[str, float] = {}
    for g in groups:
        for c in g["quality"]["choices"]:
            totals[c["move"]] = totals.get(c["move"], 0.0) + c["share"]
    kinds = sorted(totals, key=lambda k: (-totals[k], k))[:most]

    def build() -> Any:
        fig = _figure(7.2, 0.6 + 0.28 * len(kinds) * max(1, min(len(groups), 3)) ** 0.5)
        ax = fig.add_subplot()
        height = 0.8 / max(1, len(groups))
        for c, g in enumerate(groups):
            share = {x["move"]: x["share"] for x in g["quality"]["choices"]}
            ax.barh([k + c * height for k in range(len(kinds))], [share.get(k, 0.0) for k in kinds], height=height,
                    color=COLOURS[c % len(COLOURS)], label=_players(g["players"]))
        ax.set_yticks([k + 0.4 - height / 2 for k in range(len(kinds))], kinds)
        ax.invert_yaxis()
        from matplotlib.ticker import MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(nbins=6, steps=[1, 2, 5, 10]))  # 5 %, 10 %: no rounded 2.5 %
        _percent_axis(ax, "x")
        ax.set_xlabel("share of the decisions")
        ax.legend(loc="lower right", fontsize=8)
        return fig
    return draw(build)
