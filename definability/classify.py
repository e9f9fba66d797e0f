"""Which fragment (attention pattern) defines a regular language — with proofs both ways.

``classify(dfa, windows=(2,)) -> Classification`` minimises the DFA and decides, at the N+1
readout of shared/spec/semantics.md:

* LTL[P], LTL[Y], LTL[P,Y] by the polynomial DFA tests of :mod:`.deciders`;
* LTL[S] by aperiodicity (free when the language is in LTL[P,Y] ⊆ LTL[S]; otherwise the
  transition semigroup is enumerated, bounded by ``limit``);
* LTL[Y<=k], LTL[P,Y<=k] for each k in ``windows``: the necessary conditions (definite,
  resp. LR) give a "no" valid at every depth; LTL[P] ⊆ LTL[P,Y<=k] and LTL[Y<=k] ⊆
  LTL[P,Y<=k] give cheap "yes"; otherwise depths 1..``max_depth`` of the exact type
  automaton (:mod:`.types`) are tried for a formula, and lasso pairs for a "no" at every
  depth; if neither settles it the answer is null with the depth reached and a witness
  pair for that depth.

Every member answer carries a formula of the fragment, checked exactly against the DFA
(:func:`.synthesis.check_formula`) before it is returned; every non-member answer carries a
witness pair whose two words differ on L.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import LimitExceeded
from ..ltl.formula import Formula
from .deciders import (Verdict, decide_aperiodic, decide_definite, decide_locally_r_trivial,
                       decide_r_trivial)
from ..automata.graphs import dfa_sccs
from .synthesis import (check_formula, shrink, synthesize_definite, synthesize_locally_r_trivial,
                        synthesize_r_trivial, tidy)
from .witnesses import Witness

__all__ = ["FragmentResult", "Classification", "classify", "BASE_FRAGMENTS", "window_names"]

BASE_FRAGMENTS = ("LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[S]")

#: S-type automata grow fast; the LTL[S] certificate search gets this many states at most
STAR_FREE_TYPE_LIMIT = 4_000
#: bound (monoid elements, sub-problems, subformula DFA states) of the local-divisor fallback
STAR_FREE_LOCAL_DIVISOR_LIMIT = 5_000
#: its work budget per splitting strategy (subformula-DFA states explored; ~10^4 per second)
STAR_FREE_LOCAL_DIVISOR_WORK = 20_000


def window_names(k: int) -> tuple[str, str]:
    return f"LTL[Y<={k}]", f"LTL[P,Y<={k}]"


@dataclass(frozen=True)
class FragmentResult:
    """The answer for one fragment."""

    fragment: str
    member: bool | None
    formula: Formula | None
    witness: Witness | None
    method: str
    identity: str | None = None
    depth_reached: int | None = None

    def to_json(self, sep: str = "") -> dict:
        out = {"member": self.member,
               "formula": None if self.formula is None else str(self.formula),
               "witness": None if self.witness is None else self.witness.to_json(sep),
               "method": self.method}
        if self.identity is not None:
            out["identity"] = self.identity
        if self.depth_reached is not None:
            out["depth_reached"] = self.depth_reached
        return out


@dataclass(frozen=True)
class Classification:
    """The minimal DFA and one :class:`FragmentResult` per fragment (in output order)."""

    dfa: object
    results: tuple[FragmentResult, ...]

    def __getitem__(self, name: str) -> FragmentResult:
        for r in self.results:
            if r.fragment == name:
                return r
        raise KeyError(name)

    @property
    def fragments(self) -> tuple[str, ...]:
        return tuple(r.fragment for r in self.results)

    def _repr_markdown_(self) -> str:
        """A table for Jupyter: membership, certificate or witness, and method per fragment."""
        sep = "" if all(len(a) == 1 for a in self.dfa.alphabet) else ","

        def cell(text: str, limit: int = 120) -> str:
            text = text if len(text) <= limit else text[:limit - 1] + "…"
            return text.replace("|", "\\|")

        rows = [f"minimal DFA: {self.dfa.n_states} states over {{{', '.join(self.dfa.alphabet)}}}", "",
                "| fragment | member | certificate | method |", "|---|---|---|---|"]
        for r in self.results:
            mark = {True: "yes", False: "no", None: "?"}[r.member]
            if r.formula is not None:
                cert = f"`{cell(str(r.formula))}`"
            elif r.witness is not None:
                w = r.witness
                depth = "every depth" if w.depth is None else f"depth ≤ {w.depth}"
                cert = (f"`{sep.join(w.accepted) or 'ε'}` in, `{sep.join(w.rejected) or 'ε'}` out "
                        f"({depth})")
            else:
                cert = "—"
            rows.append(f"| {r.fragment} | {mark} | {cert} | {cell(r.method)} |")
        return "\n".join(rows)

    def to_json(self) -> dict:
        """The ``attnlogic classify --json`` object (words of multi-character letters are
        joined with commas)."""
        sep = "" if all(len(a) == 1 for a in self.dfa.alphabet) else ","
        return {"states": int(self.dfa.n_states), "alphabet": list(self.dfa.alphabet),
                "fragments": {r.fragment: r.to_json(sep) for r in self.results}}


# -- helpers ----------------------------------------------------------------------------------
#: certificates whose printed (tree) size exceeds this are not printed (the DAG may be small
#: while its tree unfolding is exponential)
MAX_FORMULA_SIZE = 20_000

#: greedy semantic shrinking of each certificate (readability): the number of exact checks
#: is at most SHRINK_CHECKS and at most SHRINK_WORK / (DFA states × formula size), so the
#: output is deterministic (no wall clock) and the time stays bounded; only formulas above
#: SHRINK_MIN_SIZE and DFAs up to SHRINK_MAX_STATES states are shrunk
SHRINK_CHECKS = 800
SHRINK_WORK = 1_500_000
SHRINK_MIN_SIZE = 12
SHRINK_MAX_STATES = 200
#: formulas from type refinement are the least readable: they get more checks
TYPE_FORMULA_SHRINK_CHECKS = 3000

#: a member's certificate with more nodes than this (or none, when too large to print) is
#: looked for among the fragment's formulas of at most SMALLEST_MAX_SIZE nodes by bottom-up
#: enumeration (:mod:`.smallest`): at most SMALLEST_PER_SEARCH candidates per fragment and
#: ``search_budget`` (default SMALLEST_BUDGET) per classification
SMALLEST_FROM_SIZE = 20
SMALLEST_MAX_SIZE = 14
SMALLEST_PER_SEARCH = 300_000
SMALLEST_BUDGET = 900_000


def _verified(f: Formula, dfa, fragment_ok, limit: int = 50_000,
              checks: int = SHRINK_CHECKS) -> Formula:
    """Tidy, then check exactly; a failing check is a bug, never printed as a certificate.
    Raises LimitExceeded when the formula is too large to print or to check."""
    if f.size > MAX_FORMULA_SIZE:
        raise LimitExceeded("certificate formula size (tree nodes)", MAX_FORMULA_SIZE,
                            f"the synthesised formula has {f.size:.3g} nodes as a tree")
    g = f
    if g.size > SHRINK_MIN_SIZE and dfa.n_states <= SHRINK_MAX_STATES:
        budget = min(checks, SHRINK_WORK // max(1, dfa.n_states * g.size))
        g = shrink(g, dfa, fragment_ok, max_checks=budget, check_limit=limit)
    g = tidy(g, lambda h: fragment_ok(h) and check_formula(h, dfa, limit=limit) is None)
    counter = check_formula(g, dfa, limit=limit)
    if counter is not None:  # pragma: no cover - would be a bug in a synthesis
        raise AssertionError(f"synthesised formula disagrees with the DFA on {counter!r}: {g}")
    return g


def _ops(f: Formula) -> set:
    from ..ltl.formula import Historically, Once, Past, Since, Yesterday
    out = set()
    for g in f.subformulas():
        if isinstance(g, Past):
            out.add("P")
        elif isinstance(g, Yesterday):
            out.add(("Y", g.k))
        elif isinstance(g, (Once, Historically)):
            out.add("OH")
        elif isinstance(g, Since):
            out.add("S")
    return out


def in_fragment(f: Formula, name: str) -> bool:
    """Syntactic membership of a formula in a fragment (Y = Y[<=1] is only in the k = 1
    fragments; LTL[S] allows every operator)."""
    from ..ltl.fragments import parse_fragment_name

    past, window, since = parse_fragment_name(name)
    if since:
        return True
    allowed = ({"P"} if past else set()) | ({("Y", window)} if window is not None else set())
    return _ops(f) <= allowed


def _yes(name, f, dfa, method, limit: int = 50_000, checks: int = SHRINK_CHECKS) -> FragmentResult:
    """A member with its verified formula; when the formula is too large to print or to
    check, the member answer stands (it is proved by the decision procedure) without one."""
    try:
        g = _verified(f, dfa, lambda h: in_fragment(h, name), limit, checks)
    except LimitExceeded as exc:
        return FragmentResult(name, True, None, None, f"{method}; no certificate printed: {exc}")
    return FragmentResult(name, True, g, None, method)


def _synth_yes(name, build, dfa, method, limit: int) -> FragmentResult:
    """Like :func:`_yes`, with the synthesis itself bounded by ``limit``."""
    try:
        f = build()
    except LimitExceeded as exc:
        return FragmentResult(name, True, None, None, f"{method}; no certificate: {exc}")
    return _yes(name, f, dfa, method, limit)


def _no(name, verdict: Verdict, method=None) -> FragmentResult:
    return FragmentResult(name, False, None, verdict.witness, method or verdict.method,
                          verdict.identity)


def _minimal(dfa):
    from ..automata.minimize import minimize
    return minimize(dfa)


# -- the classifier ---------------------------------------------------------------------------
def classify(dfa, windows=(2,), max_depth: int = 3, limit: int = 50_000,
             minimal: bool = False, search_budget: int = SMALLEST_BUDGET,
             hints=()) -> Classification:
    """Classify L(dfa) for LTL[P], LTL[Y], LTL[P,Y], LTL[S] and, for each k in ``windows``,
    LTL[Y<=k] and LTL[P,Y<=k].  ``limit`` bounds every exponential step (semigroup
    elements, type-automaton states); ``max_depth`` bounds the type refinement;
    ``search_budget`` bounds the search for small certificates (candidate formulas over
    the whole classification, at most SMALLEST_PER_SEARCH per fragment; 0: no search).

    ``hints``: formulas believed to define the language (the command line passes the formula
    it was given).  A hint, or its rewriting without O, H and windows (``Y[<=k] ψ`` as
    ``Y ψ | … | Y^k ψ``), that passes the exact check is a proof of membership in every
    fragment it lies in syntactically: it settles fragments the procedures left undecided,
    and becomes the certificate wherever it is smaller.  A hint contradicting a proved "no"
    would be a bug and raises AssertionError."""
    d = dfa if minimal else _minimal(dfa)
    sccs = dfa_sccs(d)
    vr = decide_r_trivial(d, sccs)
    vd = decide_definite(d)
    vlr = decide_locally_r_trivial(d, sccs)

    results: dict[str, FragmentResult] = {}
    formula_p = formula_y = None
    if vr.member:
        results["LTL[P]"] = _yes("LTL[P]", synthesize_r_trivial(d, sccs), d,
                                 "R-trivial: " + vr.method, limit)
        formula_p = results["LTL[P]"].formula
    else:
        results["LTL[P]"] = _no("LTL[P]", vr)
    if vd.member:
        results["LTL[Y]"] = _synth_yes("LTL[Y]", lambda: synthesize_definite(d, vd.data["index"], limit), d,
                                 "definite: " + vd.method, limit)
        formula_y = results["LTL[Y]"].formula
    else:
        results["LTL[Y]"] = _no("LTL[Y]", vd)
    if vlr.member:
        if formula_p is not None or formula_y is not None:  # already verified
            best = min((f for f in (formula_p, formula_y) if f is not None), key=lambda f: f.size)
            results["LTL[P,Y]"] = FragmentResult("LTL[P,Y]", True, best, None,
                                                 "locally R-trivial: " + vlr.method)
        else:
            results["LTL[P,Y]"] = _synth_yes("LTL[P,Y]",
                                             lambda: synthesize_locally_r_trivial(d, vlr.data["k"], sccs, limit),
                                       d, "locally R-trivial: " + vlr.method, limit)
    else:
        results["LTL[P,Y]"] = _no("LTL[P,Y]", vlr)
    results["LTL[S]"] = _classify_star_free(d, vlr, results["LTL[P,Y]"], limit)

    for k in windows:
        yk, pyk = window_names(k)
        results[yk] = _classify_window(d, k, False, vd, None, max_depth, limit)
        results[pyk] = _classify_window(d, k, True, vlr, results, max_depth, limit)
    _smaller_certificates(results, d, windows, limit, search_budget, _hint_forms(hints, d, limit))
    return Classification(d, tuple(results.values()))


def _defines(g: Formula, d, limit: int) -> bool:
    """Whether a formula that the classifier did not build itself (a hint, a rewriting) is
    printable and defines exactly L(d): the exact check, a check too large counting as no."""
    if g.size > MAX_FORMULA_SIZE:
        return False
    try:
        return check_formula(g, d, limit=limit) is None
    except LimitExceeded:
        return False


def _hint_forms(hints, d, limit: int) -> list:
    """The hints and their rewritings (O, H into P; windows into Y-chains) that define L(d)
    exactly (checked), smallest first."""
    from ..ltl.rewrite import core, expand_windows

    forms = {tidy(g) for h in hints for g in (h, core(h), expand_windows(core(h)))}
    return [g for g in sorted(forms, key=lambda g: (g.size, str(g))) if _defines(g, d, limit)]


def _smaller_certificates(results: dict, d, windows, limit: int, budget: int, hints=()) -> None:
    """Improve certificates in place, fragments visited small to large so that what is found
    for one serves the next.  The candidates for a fragment are the verified formulas of the
    other member results and the checked hints that lie in it syntactically (an LTL[P]
    formula is an LTL[S] formula).  Each of them proves membership, so an undecided fragment
    with a candidate becomes a member (and one without is searched by enumeration); a
    member gets the smallest candidate, and if that still has more than SMALLEST_FROM_SIZE
    nodes (or there is none), a smaller formula found by enumeration."""
    from dataclasses import replace

    remaining = [budget]
    rewritten: dict = {}                 # each certificate is rewritten and checked once

    def rewritings(f):
        if f not in rewritten:
            rewritten[f] = _rewritings(f, d, limit)
        return rewritten[f]

    def search(name, f):
        if remaining[0] <= 0:
            return None
        stats: dict = {}
        g = _smallest(name, d, f, limit, min(remaining[0], SMALLEST_PER_SEARCH), stats)
        remaining[0] -= stats.get("evaluated", 0)
        return g

    order = (["LTL[P]"] + [window_names(k)[0] for k in windows] + ["LTL[Y]"]
             + [window_names(k)[1] for k in windows] + ["LTL[P,Y]", "LTL[S]"])
    for name in order:
        r = results[name]
        candidates = [(f, f"that of {other}{how}, which is also a formula of {name}")
                      for other, o in results.items() if other != name and o.member and o.formula is not None
                      for f, how in rewritings(o.formula) if in_fragment(f, name)]
        candidates += [(h, "the given formula (or its rewriting), checked exactly")
                       for h in hints if in_fragment(h, name)]
        candidates.sort(key=lambda c: (c[0].size, str(c[0])))
        if r.member is False and candidates:  # pragma: no cover - would be a bug in a decider
            raise AssertionError(f"{name}: proved 'no', but {candidates[0][0]} is in it and defines L")
        if r.member is None:
            if candidates:
                f, why = candidates[0]
                r = results[name] = replace(
                    r, member=True, formula=f, witness=None, depth_reached=None,
                    method=f"member: {f} ({why.split(',')[0]}) is a formula of {name} defining the "
                           f"language (exact check); the procedures alone: {r.method}")
                candidates = []
            else:
                small = search(name, None)
                if small is not None:
                    results[name] = replace(
                        r, member=True, formula=small, witness=None, depth_reached=None,
                        method=f"member: a formula of {name} found by bottom-up enumeration defines "
                               f"the language (exact check); the procedures alone: {r.method}")
                continue
        if not r.member:
            continue
        best, note = r.formula, ""
        if candidates and (best is None or candidates[0][0].size < best.size):
            best, note = candidates[0][0], f"; formula: {candidates[0][1]}"
        if best is None or best.size > SMALLEST_FROM_SIZE:
            small = search(name, best)
            if small is not None:
                best, note = small, ("; formula: the first found in order of size by bottom-up "
                                     "enumeration (verified exactly)")
        if best is not r.formula:
            results[name] = replace(r, formula=best, method=r.method + note)


def _rewritings(f, d, limit: int) -> list:
    """f, and f with every window Y[<=k] ψ (k ≥ 2) written as Y ψ | … | Y^k ψ (so that it can
    serve the fragments with Y), checked exactly, as (formula, how) pairs."""
    from ..ltl.rewrite import expand_windows

    out = [(f, "")]
    g = expand_windows(f)
    if g is not f:
        g = tidy(g)
        if _defines(g, d, limit):
            out.append((g, " with its windows written as Y-chains"))
    return out


def _smallest(name, d, f, limit: int, budget: int, stats: dict | None = None):
    """A verified formula of fragment ``name`` with fewer nodes than ``f`` (at most
    SMALLEST_MAX_SIZE), or None."""
    from .smallest import smallest_formula
    bound = SMALLEST_MAX_SIZE if f is None else min(SMALLEST_MAX_SIZE, f.size - 1)
    try:
        g = smallest_formula(d, name, max_size=bound, budget=budget, check_limit=limit, stats=stats)
    except LimitExceeded:
        return None
    return g if g is not None and in_fragment(g, name) else None


def _classify_star_free(d, vlr: Verdict, py: FragmentResult, limit: int) -> FragmentResult:
    if vlr.member:
        return FragmentResult("LTL[S]", True, py.formula, None,
                              "in LTL[P,Y] ⊆ LTL[S] (locally R-trivial implies aperiodic)")
    try:
        va = decide_aperiodic(d, limit=limit)
    except LimitExceeded as exc:
        return FragmentResult("LTL[S]", None, None, None, f"undecided: {exc}")
    if not va.member:
        return _no("LTL[S]", va)
    from .synthesis import synthesize_star_free
    try:
        f = synthesize_star_free(d, max_depth=3, limit=min(limit, STAR_FREE_TYPE_LIMIT))
    except LimitExceeded as exc:
        f = None
        note = f"; no formula: {exc}"
    else:
        note = ""
    if f is None:
        # fallback: the local-divisor proof of Kamp's theorem (automata/starfree.py)
        from .starfree import star_free_formula
        try:
            g = star_free_formula(d, limit=min(limit, STAR_FREE_LOCAL_DIVISOR_LIMIT),
                                  work=STAR_FREE_LOCAL_DIVISOR_WORK, max_size=MAX_FORMULA_SIZE)
        except LimitExceeded as exc:
            note += f"; local-divisor construction: {exc}"
        else:
            return _yes("LTL[S]", g, d, "aperiodic: " + va.method + "; formula by the "
                        "local-divisor construction (Kamp's theorem)", limit,
                        TYPE_FORMULA_SHRINK_CHECKS)
        return FragmentResult("LTL[S]", True, None, None,
                              "aperiodic (Schützenberger, McNaughton–Papert, Kamp): " + va.method + note)
    return _yes("LTL[S]", f, d, "aperiodic: " + va.method + "; formula by type refinement with S", limit,
                TYPE_FORMULA_SHRINK_CHECKS)


def _classify_window(d, k: int, past: bool, necessary: Verdict, results, max_depth: int,
                     limit: int) -> FragmentResult:
    from .types import lasso_search, lasso_to_witness, type_automaton

    yk, pyk = window_names(k)
    name = pyk if past else yk
    if not necessary.member:
        outer = "LTL[P,Y]" if past else "LTL[Y]"
        return FragmentResult(name, False, None, necessary.witness,
                              f"not in {outer} ⊇ {name}: " + necessary.method, necessary.identity)
    if past:
        for inner in ("LTL[P]", yk):
            r = results.get(inner)
            if r is not None and r.member and r.formula is not None:
                return FragmentResult(name, True, r.formula, None, f"in {inner} ⊆ {name}")
    last_witness = None
    reached = 0
    m = necessary.data.get("index", 0) if not past else 0
    for depth in range(1, max_depth + 1):
        try:
            res = type_automaton(d, k, past, depth, limit=limit)
        except LimitExceeded as exc:
            return FragmentResult(name, None, None, last_witness,
                                  f"undecided: {exc}; no depth ≤ {reached} suffices", None, reached)
        reached = depth
        if res.definable:
            return _yes(name, res.formula, d,
                        f"type refinement: the depth-{depth} type of N+1 determines membership "
                        f"(exact type automaton, {res.states} states)", limit,
                        TYPE_FORMULA_SHRINK_CHECKS)
        last_witness = res.witness
        if depth == 1:
            lw = lasso_search(d, k, past, max_period=k + 2, max_tail=max(2, min(m + 1, 4)))
            if lw is not None:
                w = lasso_to_witness(d, lw, k)
                per = "".join(d.alphabet[a] for a in lw.period)
                return FragmentResult(
                    name, False, None, w,
                    f"lasso witness: the N+1 positions of ^ω({per})·tail are bisimilar for both "
                    f"tails (window {k}{', P' if past else ''}); pumping the period defeats every depth")
    return FragmentResult(name, None, None, last_witness,
                          f"undecided: no formula of depth ≤ {reached} (witness at that depth) and no "
                          f"lasso witness with period ≤ {k + 2}", None, reached)
