"""The demo behind ``attnlogic demo``: suite → DFA → classification → compile → check.

:func:`run_demo` returns a :class:`DemoReport` (one :class:`DemoRow` per language: its
classification, and for a language with a compilable certificate the model of
:func:`attnlogic.pipeline.compile_language` — the certificate of the smallest compilable
fragment, compiled once, and that model's check against the language's own DFA);
:func:`render_table` prints it with rich;
:func:`write_outputs` writes ``report.json`` (``DemoReport.to_json()``) and two PNG plots
(the membership matrix and the checking throughput) atomically.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .kernel.fileio import save_figure_atomic, write_text_atomic
from .suite import SUITE
from .kernel.progress import counted
from attnlogic.automata.sources import load_language
from attnlogic.definability.engine.classify import classify

__all__ = ["DemoRow", "DemoReport", "run_demo", "render_table", "write_outputs"]

#: the keys of a check that the demo's JSON report keeps
CHECK_KEYS = ("completed", "words", "max_length", "decisions", "disagreements", "counterexample",
              "tokens_per_second")


@dataclass(frozen=True)
class DemoRow:
    """One language of the suite: its classification and, when a certificate was compiled,
    the pipeline's result (the model, the fragment whose certificate it is, its check) and
    that check (both None otherwise)."""

    language: object                    # attnlogic.suite.NamedLanguage
    classification: object              # attnlogic.definability.results.Classification
    compiled: object = None             # attnlogic.compiler.CompileResult
    check: object = None                # attnlogic.testing.ModelReport

    def to_json(self, with_check: bool = True) -> dict:
        lang = self.language
        row = {"name": lang.name, "regex": lang.regex, "alphabet": list(lang.alphabet),
               "description": lang.description, **self.classification.to_json()}
        if with_check:
            if self.check is None:
                row["check"] = None
            else:
                row["compiled"] = {k: v for k, v in self.compiled.to_json().items() if k != "check"}
                full = self.check.to_json()
                row["check"] = {k: full[k] for k in CHECK_KEYS}
        return row


@dataclass(frozen=True)
class DemoReport:
    """The whole demo: the window sizes classified, the rows, whether models were compiled
    and (set by the command) the seconds it took."""

    windows: tuple[int, ...]
    rows: tuple[DemoRow, ...]
    compiled: bool
    seconds: float | None = None

    @property
    def checks(self) -> list:
        return [r.check for r in self.rows if r.check is not None]

    @property
    def all_checks_clean(self) -> bool:
        return all(c.agrees for c in self.checks)

    @property
    def checked_models(self) -> int:
        return len(self.checks)

    def to_json(self) -> dict:
        out = {"windows": list(self.windows), "languages": [r.to_json(self.compiled) for r in self.rows],
               "all_checks_clean": self.all_checks_clean, "checked_models": self.checked_models}
        if self.seconds is not None:
            out["seconds"] = self.seconds
        return out


def _progress(items, desc: str, enabled: bool):

    return counted(items, desc, enabled)


def run_demo(windows=(2,), max_length: int = 10_000, samples: int = 4, compile_models: bool = True,
             languages=SUITE, seed: int = 0, progress: bool = False, on_stage=None) -> DemoReport:
    """Classify every language; for each with a compilable certificate, compile it and check
    that model against the language's DFA (:func:`attnlogic.pipeline.compile_language` on the
    classification just made).  ``on_stage(text)``, when given, hears each step
    ("classifying NAME", "compiling and checking NAME")."""
    from attnlogic.compiler.check import check_ranges

    from . import pipeline

    check_ranges(max_length, samples, seed)
    stage = on_stage or (lambda text: None)
    rows, sources = [], []
    for lang in _progress(languages, "classifying", progress):
        stage(f"classifying {lang.name}")
        sources.append(load_language(regex=lang.regex, alphabet=lang.alphabet))
        rows.append(DemoRow(lang, classify(sources[-1].dfa, windows=windows)))
    if compile_models:
        done = []
        for row, language in _progress(list(zip(rows, sources)), "compiling and checking", progress):
            stage(f"compiling and checking {row.language.name}")
            try:
                # the oracle is the language's own DFA (the regex's), not the certificate's
                result = pipeline.compile_language(language, classification=row.classification,
                                                   check_length=max_length, check_samples=samples, seed=seed)
            except pipeline.NotCompilable:
                done.append(row)
                continue
            done.append(DemoRow(row.language, row.classification, result, result.check))
        rows = done
    return DemoReport(tuple(windows), tuple(rows), compile_models)


def _mark(member) -> str:
    return {True: "[green]✔[/]", False: "[red]✘[/]", None: "[yellow]?[/]"}[member]


def _short_fragment(name) -> str:
    return str(name).replace("LTL[", "").replace("]", "").replace("<=", "≤")


def render_table(report: DemoReport, console=None) -> None:
    """One table (membership per fragment, compile-and-check result) and the certificates."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    rows = report.rows
    fragments = rows[0].classification.fragments if rows else ()
    table = Table(title="which attention pattern recognises which language", header_style="bold",
                  caption="✔ member, formula verified   ✘ not a member, witness pair   ? undecided\n"
                          "compiled: the smallest certificate's fragment, the model's layers/heads, "
                          "its check against the DFA",
                  caption_justify="left")
    # 80 columns: every column but the last keeps its width, the last wraps at its spaces
    table.add_column("language", no_wrap=True)
    table.add_column("DFA", justify="right", no_wrap=True, min_width=3)
    for frag in fragments:
        table.add_column(_short_fragment(frag), justify="center", no_wrap=True,
                         min_width=len(_short_fragment(frag)))
    table.add_column("compiled: layers/heads", overflow="fold")
    for row in rows:
        chk = row.check
        if chk is not None:
            comp = row.compiled.compiled
            ok = "[green]agrees[/]" if chk.agrees else f"[red]{chk.disagreements} wrong[/]"
            done = f"{_short_fragment(row.compiled.fragment)} {comp.layers}/{comp.heads}: {ok}"
        else:
            done = "—"
        cls = row.classification
        table.add_row(row.language.name, str(cls.dfa.n_states), *[_mark(cls[f].member) for f in fragments], done)
    console.print(table)
    if report.checks:
        chk = report.checks[0]
        long = sum(v["words"] for k, v in chk.kinds.items() if k.startswith("long"))
        console.print(f"each compiled model (the smallest certificate the compiler handles): every prefix of "
                      f"{long} long words of {chk.max_length:,} letters (periodic, DFA-guided, random), all "
                      f"words of length {chk.exhaustive_length}, the DFA's distinguishing contexts, words near "
                      "the boundary and random short words, compared with the DFA")
    console.print()
    console.print("[bold]certificates[/] (smallest fragment with a formula; witness for the first non-member)")
    for row in rows:
        results = row.classification.results
        sep = row.classification.separator
        member = next((r for r in results if r.member and r.formula is not None), None)
        non = next((r for r in results if r.member is False and r.witness is not None), None)
        lang = row.language
        console.print(f"[bold]{lang.name}[/] = {lang.regex}  ({lang.description})", highlight=False)
        if member:
            text = str(member.formula)
            if len(text) > 240:
                text = f"a verified formula of {len(text):,} characters (in the JSON report)"
            console.print(f"  {member.fragment}: {text}", highlight=False, soft_wrap=False)
        if non:
            console.print(f"  not {non.fragment}: {non.witness.text(sep, '    ')}", highlight=False)


def _plot_membership(report: DemoReport, path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    rows = report.rows
    fragments = rows[0].classification.fragments
    value = {True: 1.0, False: 0.0, None: 0.5}
    grid = np.array([[value[r.classification[f].member] for f in fragments] for r in rows])
    fig, ax = plt.subplots(figsize=(1.2 * len(fragments) + 2.5, 0.38 * len(rows) + 1.5))
    from matplotlib.colors import ListedColormap

    ax.imshow(grid, cmap=ListedColormap(["#f2b8b5", "#fbe7a1", "#b7e1b0"]), vmin=0, vmax=1, aspect="auto")
    ax.set_xticks(range(len(fragments)), [str(f) for f in fragments], rotation=30, ha="right")
    ax.set_yticks(range(len(rows)), [r.language.name for r in rows])
    for i in range(len(rows)):
        for j in range(len(fragments)):
            ax.text(j, i, {1.0: "✔", 0.0: "✘", 0.5: "?"}[grid[i, j]], ha="center", va="center", fontsize=9)
    ax.set_title("Fragment membership (classified, certificates verified)")
    fig.tight_layout()
    save_figure_atomic(fig, path, dpi=120, close=True)


def _plot_checks(report: DemoReport, path: Path) -> bool:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [r for r in report.rows if r.check is not None]
    if not rows:
        return False
    fig, ax = plt.subplots(figsize=(7, 0.35 * len(rows) + 1.5))
    rates = [r.check.tokens_per_second for r in rows]
    colors = ["tab:green" if r.check.agrees else "tab:red" for r in rows]
    ax.barh([r.language.name for r in rows], rates, color=colors)
    ax.set_xlabel("tokens per second (compiled model, every prefix compared with the DFA)")
    ax.set_title("Compiled transformers checked on long words (green: agrees with the DFA)")
    fig.tight_layout()
    save_figure_atomic(fig, path, dpi=120, close=True)
    return True


def write_outputs(report: DemoReport, out_dir) -> dict:
    """Write report.json, membership.png and (when models were checked) checks.png."""
    out = Path(out_dir)
    write_text_atomic(out / "report.json", json.dumps(report.to_json(), indent=1, ensure_ascii=False) + "\n")
    pngs = [out / "membership.png"]
    _plot_membership(report, pngs[0])
    if _plot_checks(report, out / "checks.png"):
        pngs.append(out / "checks.png")
    return {"json": str(out / "report.json"), "png": [str(p) for p in pngs]}
