"""The demo pipeline behind ``attnlogic demo``: suite → DFA → classification → compile → check.

:func:`run_demo` returns a JSON-able report; :func:`render_table` prints it with rich;
:func:`write_outputs` writes ``report.json`` and two PNG plots (the membership matrix and
the checking throughput) atomically.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .display import show_word
from .fileio import save_figure_atomic, write_text_atomic

from .suite import SUITE

__all__ = ["run_demo", "render_table", "write_outputs"]

CHECK_FRAGMENT = "LTL[P,Y]"


def _progress(items, desc: str, enabled: bool):
    if not enabled:
        return items
    from tqdm import tqdm
    return tqdm(items, desc=desc, file=sys.stderr, leave=False)


def run_demo(windows=(2,), max_length: int = 10_000, samples: int = 4, compile_models: bool = True,
             languages=SUITE, seed: int = 0, progress: bool = False) -> dict:
    """Classify every language; compile and check each LTL[P,Y] member's certificate."""
    from attnlogic.compiler.check import check_ranges

    check_ranges(max_length, samples, seed)
    from attnlogic.definability.classify import classify
    from attnlogic.automata.regex import regex_to_dfa

    rows = []
    for lang in _progress(languages, "classifying", progress):
        dfa = regex_to_dfa(lang.regex, lang.alphabet)
        result = classify(dfa, windows=windows)
        rows.append({"name": lang.name, "regex": lang.regex, "alphabet": list(lang.alphabet),
                     "description": lang.description, **result.to_json()})
    if compile_models:
        from attnlogic.compiler.check import run_check
        from attnlogic.compiler.compile import compile_formula

        for row in _progress(rows, "compiling and checking", progress):
            entry = row["fragments"][CHECK_FRAGMENT]
            if not entry["member"] or entry["formula"] is None:  # a member may lack a printable certificate
                row["check"] = None
                continue
            compiled = compile_formula(entry["formula"], row["alphabet"])
            check = run_check(formula=entry["formula"], alphabet=row["alphabet"], max_length=max_length,
                              samples=samples, seed=seed)
            row["compiled"] = compiled.summary()
            row["check"] = {k: check[k] for k in ("words", "max_length", "prefixes_checked", "disagreements",
                                                   "counterexample", "tokens_per_second")}
    checks = [r["check"] for r in rows if r.get("check")]
    return {"windows": list(windows), "languages": rows,
            "all_checks_clean": all(c["disagreements"] == 0 for c in checks),
            "checked_models": len(checks)}


def _mark(entry: dict) -> str:
    return {True: "[green]✔[/]", False: "[red]✘[/]", None: "[yellow]?[/]"}[entry["member"]]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _short_fragment(name: str) -> str:
    return name.replace("LTL[", "").replace("]", "").replace("<=", "≤")


def render_table(report: dict, console=None) -> None:
    """One table (membership per fragment, compile-and-check result) and the certificates."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    rows = report["languages"]
    fragments = list(rows[0]["fragments"]) if rows else []
    table = Table(title="which attention pattern recognises which language", header_style="bold",
                  caption="✔ member, formula verified   ✘ not a member, witness pair   ? undecided",
                  caption_justify="left")
    table.add_column("language", no_wrap=True)
    table.add_column("DFA", justify="right")
    for frag in fragments:
        table.add_column(_short_fragment(frag), justify="center", no_wrap=True)
    table.add_column(f"compiled {_short_fragment(CHECK_FRAGMENT)} model vs DFA", no_wrap=True)
    for row in rows:
        chk = row.get("check")
        if chk:
            comp = row["compiled"]
            ok = "[green]exact[/]" if chk["disagreements"] == 0 else f"[red]{chk['disagreements']} wrong[/]"
            done = f"{_plural(comp['layers'], 'layer')}, {_plural(comp['heads'], 'head')}: {ok}"
        else:
            done = "—"
        table.add_row(row["name"], str(row["states"]), *[_mark(row["fragments"][f]) for f in fragments], done)
    console.print(table)
    if any(r.get("check") for r in rows):
        chk = next(r["check"] for r in rows if r.get("check"))
        console.print(f"each compiled model: every prefix of {chk['words']} words of {chk['max_length']:,} "
                      "letters (periodic, DFA-guided, random) plus all short words, compared with the DFA")
    console.print()
    console.print("[bold]certificates[/] (smallest fragment with a formula; witness for the first non-member)")
    for row in rows:
        member = next(((f, e) for f, e in row["fragments"].items() if e["member"] and e["formula"]), None)
        non = next(((f, e) for f, e in row["fragments"].items() if e["member"] is False and e["witness"]), None)
        console.print(f"[bold]{row['name']}[/] = {row['regex']}  ({row['description']})", highlight=False)
        if member:
            text = member[1]["formula"]
            if len(text) > 240:
                text = f"a verified formula of {len(text):,} characters (in the JSON report)"
            console.print(f"  {member[0]}: {text}", highlight=False, soft_wrap=False)
        if non:
            w = non[1]["witness"]
            depth = "every depth" if w["depth"] is None else f"depth <= {w['depth']}"
            console.print(f"  not {non[0]}: {show_word(w['accepted'])} in, {show_word(w['rejected'])} out, "
                          f"equal for {depth}", highlight=False)


def _plot_membership(report: dict, path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    rows = report["languages"]
    fragments = list(rows[0]["fragments"])
    value = {True: 1.0, False: 0.0, None: 0.5}
    grid = np.array([[value[r["fragments"][f]["member"]] for f in fragments] for r in rows])
    fig, ax = plt.subplots(figsize=(1.2 * len(fragments) + 2.5, 0.38 * len(rows) + 1.5))
    from matplotlib.colors import ListedColormap

    ax.imshow(grid, cmap=ListedColormap(["#f2b8b5", "#fbe7a1", "#b7e1b0"]), vmin=0, vmax=1, aspect="auto")
    ax.set_xticks(range(len(fragments)), fragments, rotation=30, ha="right")
    ax.set_yticks(range(len(rows)), [r["name"] for r in rows])
    for i in range(len(rows)):
        for j in range(len(fragments)):
            ax.text(j, i, {1.0: "✔", 0.0: "✘", 0.5: "?"}[grid[i, j]], ha="center", va="center", fontsize=9)
    ax.set_title("Fragment membership (classified, certificates verified)")
    fig.tight_layout()
    save_figure_atomic(fig, path, dpi=120, close=True)


def _plot_checks(report: dict, path: Path) -> bool:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [r for r in report["languages"] if r.get("check")]
    if not rows:
        return False
    fig, ax = plt.subplots(figsize=(7, 0.35 * len(rows) + 1.5))
    rates = [r["check"]["tokens_per_second"] for r in rows]
    colors = ["tab:green" if r["check"]["disagreements"] == 0 else "tab:red" for r in rows]
    ax.barh([r["name"] for r in rows], rates, color=colors)
    ax.set_xlabel("tokens per second (compiled model, every prefix compared with the DFA)")
    ax.set_title("Compiled transformers checked on long words (green: exact)")
    fig.tight_layout()
    save_figure_atomic(fig, path, dpi=120, close=True)
    return True


def write_outputs(report: dict, out_dir) -> dict:
    """Write report.json, membership.png and (when models were checked) checks.png."""
    out = Path(out_dir)
    write_text_atomic(out / "report.json", json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    pngs = [out / "membership.png"]
    _plot_membership(report, pngs[0])
    if _plot_checks(report, out / "checks.png"):
        pngs.append(out / "checks.png")
    return {"json": str(out / "report.json"), "png": [str(p) for p in pngs]}
