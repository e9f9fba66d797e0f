"""Results of a grid as files: ``results.json``, ``results.md`` and per-length PNG plots.

* ``results.json``: ``{"grid": spec, "results": rows, "cells": records}`` where ``rows`` are
  :func:`attnlogic.experiments.grid.aggregate` rows and ``cells`` every run's full record;
* ``results.md``: one table per set kind (random, adversarial, periodic), languages × patterns
  (× positional encodings when the grid has several: columns such as ``global SiPE``), cells
  "best / mean (N*)" in percent;
* ``per_length_<kind>.png``: accuracy against length, one panel per language, one line per
  pattern (the best run), the training range shaded;
* ``longest_perfect_length.png``: N* of the best run as a heatmap, languages × patterns;
* with extraction (a cell record's ``"extraction"``, :func:`attnlogic.extraction.extract_cell`):
  a section of ``results.md``, "What the models compute", one row per best run — the target's
  minimal DFA (states, least fragments, whether the cell's pattern can express it), the
  extracted DFA's, whether they are the same language, and the shortest word on each side
  of the difference with the model's answer (each confirmed by a fresh forward pass when it
  was extracted) — and ``extracted_automata.png``, the same as a grid of languages ×
  patterns coloured by outcome (the target learned, a different language, stopped).

All files are written atomically (temporary file + ``os.replace``); plots use matplotlib's
Agg backend.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from attnlogic.kernel.fileio import save_figure_atomic, write_bytes_atomic as write_atomic
from .languages import display_name

__all__ = ["markdown_tables", "write_report", "plot_per_length", "plot_longest_perfect", "plot_extracted",
           "extraction_table", "PE_NAMES"]

KINDS = ("random", "adversarial", "periodic")
#: the names the papers give the positional encodings (sinusoidal = SiPE)
PE_NAMES = {"none": "NoPE", "learned": "learned APE", "sinusoidal": "SiPE", "rope": "RoPE"}


def _labeller(items: list[dict]):
    """The column label of a row or record: the pattern, with the PE when several occur."""
    several = len({r.get("positional", "none") for r in items}) > 1

    def label(r: dict) -> str:
        pe = r.get("positional", "none")
        return f"{r['pattern']} {PE_NAMES.get(pe, pe)}" if several else r["pattern"]
    return label


def _lang(r: dict) -> str:

    return display_name(r["language"])


def _pct(x) -> str:
    return "–" if x is None else f"{100 * x:.1f}"


def _best_records(rows: list[dict], records: list[dict]) -> dict[tuple[str, str], dict]:
    """The record of each row's best run (``row["best_run"]``, chosen by ``aggregate``)."""
    label = _labeller(rows)
    wanted = {(_lang(r), label(r), r["best_run"]["seed"], r["best_run"]["lr"]) for r in rows}
    return {(_lang(r), label(r)): r for r in records
            if (_lang(r), label(r), r["seed"], r["lr"]) in wanted}


def markdown_tables(rows: list[dict], records: list[dict], title: str = "Results") -> str:
    """Tables of accuracy (%) per language × pattern for each set kind."""
    label = _labeller(rows)
    languages = list(dict.fromkeys(_lang(r) for r in rows))
    patterns = list(dict.fromkeys(label(r) for r in rows))
    by_key = {(_lang(r), label(r)): r for r in rows}
    groups: dict[tuple[str, str], list[dict]] = {}
    for rec in records:
        groups.setdefault((_lang(rec), label(rec)), []).append(rec)
    out = [f"# {title}", ""]
    if records:
        ev = records[0]["eval_config"]
        tc = records[0]["train_config"]
        out += [f"Training lengths {tc['train_min_length']}–{tc['train_max_length']}, test lengths "
                f"{ev['test_min']}–{ev['test_max']}"
                + (f" (every {ev['test_stride']}th length)" if ev.get("test_stride", 1) > 1 else "")
                + f", {ev['samples']} words per length (half positive); "
                f"model {tc['n_layers']} layers × width {tc['d_model']}, {tc['n_heads']} heads, "
                "PE " + ", ".join(dict.fromkeys(PE_NAMES.get(r.get("positional", "none"), "?") for r in records))
                + f", {tc['steps']} steps of batch {tc['batch_size']}"
                + (f"; LSTM hidden size {tc.get('lstm_hidden', 256)}"
                   if any(r["pattern"] == "lstm" for r in records) else "") + ".", "",
                "Cell: best run / mean over runs, accuracy in % over the test lengths; "
                "N* = longest length up to which every length is 100 % correct (best run).", ""]
    for kind in KINDS:
        out += [f"## {kind} test set", "", "| language | " + " | ".join(patterns) + " |",
                "|---|" + "---|" * len(patterns)]
        for lang in languages:
            cells = []
            for p in patterns:
                runs = groups.get((lang, p), [])
                accs = [r["sets"][kind]["accuracy"] for r in runs
                        if kind in r["sets"] and r["sets"][kind]["accuracy"] is not None]
                if not accs:
                    cells.append("–")
                    continue
                cell = f"{_pct(max(accs))} / {_pct(sum(accs) / len(accs))}"
                if kind == "random" and (lang, p) in by_key:
                    cell += f" (N*={by_key[(lang, p)]['longest_perfect_length']})"
                cells.append(cell)
            out.append(f"| {lang} | " + " | ".join(cells) + " |")
        out.append("")
    out += extraction_table(rows, records)
    return "\n".join(out)


def _described(d: dict | None, complete: bool = True) -> str:
    """``"2 states, LTL[Y]"`` (``≥`` and ``not validated`` for a stopped extraction's last
    hypothesis)."""
    if d is None:
        return "–"
    frags = ", ".join(d["fragments"]) if d["fragments"] else (
        "not star-free" if d.get("star_free") is False else "no fragment decided")
    return f"{'' if complete else '≥ '}{d['states']} states, {frags}"


def _can(d: dict | None) -> str:
    return "–" if d is None or d.get("pattern_can") is None else ("yes" if d["pattern_can"] else "no")


def _word(w: str) -> str:
    return f"`{w}`" if w else "ε"


def extraction_table(rows: list[dict], records: list[dict]) -> list[str]:
    """The section "What the models compute" of ``results.md`` (module docstring); no lines
    when no record was extracted."""
    best = {k: r for k, r in _best_records(rows, records).items() if r.get("extraction") is not None}
    if not best:
        return []
    budget = next(iter(best.values()))["extraction"]["budget"]
    out = ["## What the models compute (extracted automata)", "",
           "The best run of each cell, extracted by L* with the model as membership oracle (read at EOS) "
           "and attnlogic's check as equivalence oracle, within "
           f"{budget['max_states']} states, {budget['max_queries']:,} words and {budget['time_budget']:g} s "
           f"(all words up to length {budget['exhaustive_length']}, random words up to {budget['max_length']} "
           f"letters and {budget['long_count']} words of the longest test length per round). A complete "
           "extraction agrees with the model on every word it was checked on, which is not a proof of "
           "equivalence; a stopped one shows its last hypothesis (≥), not validated. \"pattern can\": "
           "whether the cell's attention pattern can express the language (the fragment it characterises); "
           "each difference word was run through the model afresh.", "",
           "| language | pattern | target | pattern can | extracted | pattern can | same language | "
           "shortest differences |", "|---|---|---|---|---|---|---|---|"]
    for (lang, label), r in best.items():
        x = r["extraction"]
        same = "–" if x["same_as_target"] is None else ("yes" if x["same_as_target"] else "no")
        how = "" if x["complete"] else f" (stopped: {x['reason']})"
        words = "; ".join(f"{_word(d['word'])}: model {'accepts' if d['model_accepts'] else 'rejects'}, "
                          f"{lang} {'accepts' if d['target_accepts'] else 'rejects'}"
                          + ("" if d["confirmed"] else " (NOT confirmed)") for d in x["differences"]) or "–"
        out.append(f"| {lang} | {label} | {_described(x['target'])} | {_can(x['target'])} | "
                   f"{_described(x['extracted'], x['complete'])}{how} | {_can(x['extracted'])} | {same} | "
                   f"{words} |")
    out.append("")
    return out


def plot_extracted(rows: list[dict], records: list[dict], path: Path) -> bool:
    """Languages × patterns, each best run's extraction coloured by outcome (the target's
    language; a different language; stopped by a bound) and labelled with the extracted and
    the target's states and the extracted DFA's least fragment; False when nothing was
    extracted."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.colors import ListedColormap

    best = {k: r for k, r in _best_records(rows, records).items() if r.get("extraction") is not None}
    if not best:
        return False
    languages = list(dict.fromkeys(k[0] for k in best))
    patterns = list(dict.fromkeys(k[1] for k in best))
    grid = np.full((len(languages), len(patterns)), np.nan)
    fig, ax = plt.subplots(figsize=(1.9 * len(patterns) + 2, 0.6 * len(languages) + 1.6))
    for (lang, label), r in best.items():
        x = r["extraction"]
        i, j = languages.index(lang), patterns.index(label)
        grid[i, j] = 2 if not x["complete"] else (0 if x["same_as_target"] else 1)
        ext, tgt = x["extracted"], x["target"]
        size = "–" if ext is None else f"{'≥' if not x['complete'] else ''}{ext['states']}"
        frag = "" if ext is None else (ext["fragments"][0] if ext["fragments"] else
                                       ("not star-free" if ext.get("star_free") is False else "?"))
        ax.text(j, i, f"{size} / {'–' if tgt is None else tgt['states']}\n{frag}", ha="center", va="center",
                fontsize=7)
    cmap = ListedColormap(["#9bd49b", "#f2b36b", "#c9c9c9"])
    ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, vmin=0, vmax=2, aspect="auto")
    ax.set_xticks(range(len(patterns)), patterns, rotation=30, ha="right", fontsize=8)
    ax.set_yticks(range(len(languages)), languages, fontsize=8)
    ax.set_title("extracted / target states, least fragment\n(green: the target's language; orange: another "
                 "language; grey: stopped by a bound)", fontsize=8)
    fig.tight_layout()
    save_figure_atomic(fig, path, close=True)
    return True


def plot_per_length(rows: list[dict], records: list[dict], kind: str, path: Path) -> bool:
    """Accuracy against length for the best run of every (language, pattern); False when
    there is nothing to plot."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    best = _best_records(rows, records)
    languages = list(dict.fromkeys(k[0] for k in best))
    patterns = list(dict.fromkeys(k[1] for k in best))
    if not any(kind in r["sets"] and r["sets"][kind]["per_length"] for r in best.values()):
        return False
    cols = min(4, len(languages))
    rows = math.ceil(len(languages) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(4 * cols, 3 * rows), squeeze=False, sharey=True)
    for ax, lang in zip(axes.flat, languages):
        train_max = None
        for p in patterns:
            r = best.get((lang, p))
            if r is None or kind not in r["sets"]:
                continue
            train_max = r["train_config"]["train_max_length"]
            pl = r["sets"][kind]["per_length"]
            xs = sorted(int(n) for n in pl)
            ax.plot(xs, [pl[str(n)] for n in xs], ".-" if len(xs) < 60 else "-", label=p, lw=1, ms=3)
        if train_max:
            ax.axvspan(0, train_max + 0.5, color="0.9", zorder=0)
        ax.set_title(lang, fontsize=9)
        ax.set_ylim(-0.02, 1.02)
        ax.set_xlabel("length")
    for ax in list(axes.flat)[len(languages):]:
        ax.axis("off")
    axes[0][0].set_ylabel(f"accuracy ({kind})")
    axes[0][0].legend(fontsize=7)
    fig.tight_layout()
    save_figure_atomic(fig, path, close=True)
    return True


def plot_longest_perfect(rows: list[dict], path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    label = _labeller(rows)
    languages = list(dict.fromkeys(_lang(r) for r in rows))
    patterns = list(dict.fromkeys(label(r) for r in rows))
    grid = np.zeros((len(languages), len(patterns)))
    for r in rows:
        grid[languages.index(_lang(r)), patterns.index(label(r))] = r["longest_perfect_length"]
    fig, ax = plt.subplots(figsize=(1.2 * len(patterns) + 2, 0.45 * len(languages) + 1.5))
    im = ax.imshow(grid, cmap="viridis", aspect="auto")
    ax.set_xticks(range(len(patterns)), patterns, rotation=30, ha="right", fontsize=8)
    ax.set_yticks(range(len(languages)), languages, fontsize=8)
    for i in range(len(languages)):
        for j in range(len(patterns)):
            ax.text(j, i, f"{int(grid[i, j])}", ha="center", va="center", fontsize=7,
                    color="w" if grid[i, j] < grid.max() / 2 else "k")
    fig.colorbar(im, ax=ax, label="longest perfect length N*")
    fig.tight_layout()
    save_figure_atomic(fig, path, close=True)


def write_report(out_dir: Path, spec_dict: dict, rows: list[dict], records: list[dict],
                 title: str = "Results", plots: bool = True, command: str | None = None) -> list[Path]:
    """Write the JSON, Markdown and PNG files; returns their paths.  ``command``: the command
    line that produced the results, recorded in ``results.json`` (to regenerate them)."""
    out_dir = Path(out_dir)
    written = []
    path = out_dir / "results.json"
    head = {"command": command} if command is not None else {}
    write_atomic(path, json.dumps({**head, "grid": spec_dict, "results": rows, "cells": records},
                                  indent=1).encode())
    written.append(path)
    path = out_dir / "results.md"
    write_atomic(path, markdown_tables(rows, records, title).encode())
    written.append(path)
    if plots and records:
        for kind in KINDS:
            path = out_dir / f"per_length_{kind}.png"
            if plot_per_length(rows, records, kind, path):
                written.append(path)
        path = out_dir / "longest_perfect_length.png"
        plot_longest_perfect(rows, path)
        written.append(path)
        path = out_dir / "extracted_automata.png"
        if plot_extracted(rows, records, path):
            written.append(path)
    return written
