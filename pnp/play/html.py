"""Play: the balance report as one self-contained HTML page (`pnp simulate --format html`).

The page is the template beside this module (report.html.j2) filled with the report's plain data
(report.build: the numbers of the JSON report, formatted as the text report formats them) and the
plots (plots.py: inline SVG). No script, no stylesheet or font fetched: it opens offline, and the same
report gives the same bytes.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

TEMPLATE = Path(__file__).with_name("report.html.j2")


def pct(x: float) -> str:
    """A rate as the text report writes it (report._pct)."""
    from pnp.play.stats import percent

    return percent(x)


def players(n: int) -> str:
    return f"{n} player{'s' if n != 1 else ''}"


def _last_round(groups: list[dict[str, Any]]) -> int:
    """The last round any game reached: the x axis of the round-by-round plots."""
    return int(max([1, *(int(r) for g in groups for loss in g["losses"] for r in loss["rounds"]),
                    *(len(rows) for g in groups for rows in g["meters"].values()),
                    *(g["rounds"]["quartiles"][2] for g in groups)]))


def _cards(group: dict[str, Any]) -> dict[str, Any]:
    """A group's cards: those to plot (played in some games, not in all), and those to list."""
    n = group["win"]["games"]
    drawn = [c for c in group["cards"] if c["drawn"] or c["played_games"]]
    scored = any("score_when_played" in c for c in drawn)  # a game that gives scores: its win rates say nothing
    key = "score_effect" if scored else "effect"
    plotted = [] if scored else sorted((c for c in drawn if 0 < c["played_games"] < n),
                                       key=lambda c: (-c["effect"], c["card"]))
    return {"plotted": plotted, "table": sorted(drawn, key=lambda c: (-abs(c[key]), c["card"])), "scored": scored,
            "never": sorted(c["card"] for c in drawn if c["flag"] == "never played" and not c.get("tied_with")),
            "tied": sorted(f"{c['card']} (tied with {c['tied_with']})" for c in drawn if c.get("tied_with")),
            "always": sorted(c["card"] for c in drawn if c["played_games"] == n and n)}


def context(report: dict[str, Any]) -> dict[str, Any]:
    """What the template shows: the summary, the plots, each setting (policy, value of a sweep) in turn."""
    from pnp.play import plots

    groups = report["groups"]
    policies = report.get("policies") or [report["policy"]]
    variants = report["variants"]
    settings = [(p, v) for p in policies for v in variants]
    reasons = sorted({x["reason"] for g in groups for x in g["losses"]},
                     key=lambda r: (-sum(x["games"] for g in groups for x in g["losses"] if x["reason"] == r), r))
    last = _last_round(groups)
    sections = []
    for policy, variant in settings:
        mine = [g for g in groups if (g["policy"], g["variant"]) == (policy, variant)]
        title = ", ".join(x for x in (f"policy {policy}" if len(policies) > 1 else "",
                                      variant if len(variants) > 1 else "") if x)
        sections.append({
            "title": title, "losses": plots.losses(mine, reasons, last), "survival": plots.survival(mine, last),
            "meters": plots.meters(mine) if any(g["meters"] for g in mine) else "",
            "length": plots.length(mine) if all(g.get("quality") for g in mine) else "",
            "choices": plots.choices(mine) if any(g.get("quality", {}).get("choices") for g in mine) else "",
            "groups": [{"group": g, "cards": (cards := _cards(g)), "forest": plots.forest(cards["plotted"])
                        if cards["plotted"] else ""} for g in mine],
        })
    from pnp.play.ablation_report import level, ordered

    ablation = report.get("ablation")
    return {
        "report": report, "policies": policies, "variants": variants, "sections": sections,
        "ablation": {"by_players": ordered(ablation), "level": level(ablation["z"]), **ablation} if ablation else None,
        "win_rates": plots.win_rates(groups, settings),
        "sweep": plots.sweep(groups, variants, policies) if len(variants) > 1 else "",
    }


def _own_ids(svg: str, prefix: str) -> str:
    """Every id of one plot prefixed, and every reference to them: ids stay unique in the page (matplotlib
    numbers each figure's from 1)."""
    ids = set(re.findall(r'\bid="([^"]+)"', svg))
    return re.sub(r'(\bid="|#)([^"#)\s]+)(?=[")])',
                  lambda m: f"{m[1]}{prefix}{m[2]}" if m[2] in ids else m[0], svg)


def render(report: dict[str, Any]) -> str:
    """The page, for a simulation's report or (without plots) a game's exact odds."""
    import jinja2
    from markupsafe import Markup

    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True,
                             lstrip_blocks=True, keep_trailing_newline=True)
    env.filters.update(pct=pct, players=players, points=lambda x: f"{100 * x:+.1f}")
    template = env.from_string(TEMPLATE.read_text(encoding="utf-8"))
    if report.get("kind") == "odds":
        from pnp.play import odds

        return template.render(odds=odds.as_text(report), report=report)
    numbers = itertools.count(1)

    def plot(svg: str) -> Markup:  # a plot, as it is: markup of pnp's own making, its ids its own
        return Markup(_own_ids(svg, f"plot{next(numbers)}-"))

    values = context(report)
    values["win_rates"], values["sweep"] = plot(values["win_rates"]), plot(values["sweep"])
    for section in values["sections"]:
        for key in ("losses", "survival", "meters", "length", "choices"):
            section[key] = plot(section[key])
        for item in section["groups"]:
            item["forest"] = plot(item["forest"])
    return template.render(odds="", **values)
