"""What the subregular classes share: the procedure that runs a class's decider and checks its
answer by independent code before returning it, the syntactic semigroup of a
classification, and the construction of pumped witnesses from elements that differ.

Each class is one module (:mod:`.strictly_local`, :mod:`.strictly_piecewise`,
:mod:`.reverse_definite`, :mod:`.generalized_definite`, :mod:`.locally_testable`,
:mod:`.threshold_testable`, :mod:`.piecewise_testable`) declaring a
:class:`~.classes.LanguageClass` asked only when named (``default=False``); the name
``subregular`` asks them all (each declares the group; :data:`.registry.GROUPS`, expanded by
:func:`.classify.questions`).
A class module gives ``decide(dfa, limits) -> ClassAnswer`` (verdict, least order,
certificate, witness) and ``member(dfa, limits) -> bool | None`` (the verdict alone, for a
census); :class:`ClassProcedure` adapts it to a classification.
"""

from __future__ import annotations

from ...kernel import limits as _limits

import time
from dataclasses import dataclass, replace
from math import lcm

import numpy as np

from ...automata.graphs import distinguishing_suffix, shortest_words_from
from ...kernel.errors import InputError, LimitExceeded
from ...kernel.limits import Limits
from ...kernel.work import STEP_FLAG, TIME_FLAG, CertificateTimeout, deadline
from ...kernel.words import separator
from ..contract.procedure import Context, Procedure
from ..values.pumped import ClassWitness, PumpedFamily, Template, shorter_instances
from ..values.results import FragmentResult
from ..algebra.semigroup import transition_semigroup
from ..values.witnesses import pumping_power, run
from ..algebra.profiles import least_k
from ..checks.verify_subregular import CLASS_NAMES

__all__ = ["ClassAnswer", "ClassProcedure", "SUBREGULAR", "semigroup", "context_of",
           "pumped_pair", "letters", "exponents"]

#: deprecated (kept for old imports): the built-in classes whose answers :mod:`.verify_subregular`
#: checks by profiles (:data:`~.verify_subregular.PROFILE_CLASSES`).  What ``subregular`` asks is :data:`.registry.GROUPS` ``["subregular"]``,
#: derived from the declarations (``LanguageClass.groups``), TSL and FO2[<], DD1 included.
SUBREGULAR = CLASS_NAMES


def _exact_counts(pair: ClassWitness) -> bool:
    """Whether a pair witness's threshold counts its k-factors exactly: a k-factor (k ≥ 1)
    occurs at most |w| + 1 times in ⋊w⋉, so a threshold above that for every word of the pair
    counts exactly, and then the pair has equal counts at every threshold."""
    return pair.t > max(len(w) for w in pair.ins + pair.outs) + 1


@dataclass(frozen=True)
class ClassAnswer:
    """A class's answer on one minimal DFA: ``member`` (None: undecided within the limits),
    ``method`` (how, in words), ``k`` (least order, None when not computed), ``t`` (the
    threshold, LTT), ``certificate`` (``to_json``/``text``), ``witness``
    (:class:`~.pumped.ClassWitness`) and ``below``: a witness that the order k − 1 does not
    suffice (so k is least)."""

    member: bool | None
    method: str
    k: int | None = None
    certificate: object = None
    witness: ClassWitness | None = None
    below: ClassWitness | None = None
    t: int | None = None
    #: k is the least order (False: the order asked, :mod:`.fixed_order`)
    least: bool = True
    #: what the class's answers are indexed by (``LanguageClass.parameters``): ``"none"``, a
    #: class without an order, prints no k at all (no "least k")
    parameters: str = "k"

    def to_json(self, sep: str = "") -> dict:
        if self.parameters == "none":
            return {} if self.certificate is None else dict(self.certificate.to_json(sep))
        out = {"k": self.k}
        if self.t is not None:
            out["t"] = self.t
        if self.certificate is not None:
            out.update(self.certificate.to_json(sep))
        if self.below is not None:
            out["below"] = self.below.to_json(sep)
        return out

    def text(self, sep: str = "", indent: str = "") -> str:
        """The certificate with its order and, on a second line after ``indent``, the
        witness that k − 1 does not suffice (a class without an order: the certificate
        alone)."""
        if self.parameters == "none":
            return self.certificate.text(sep) if self.certificate is not None else "(certificate not built)"
        head = (f"least k = {self.k}" if self.least else f"k = {self.k}") + (
            "" if self.t is None else f", threshold t = {self.t}")
        body = self.certificate.text(sep) if self.certificate is not None else "(certificate not built)"
        text = f"{head}: {body}" if self.k is not None else "(least k and certificate not computed)"
        if self.below is not None:
            t = "" if self.below.t is None else (
                " at any threshold" if _exact_counts(self.below) else f" with threshold {self.below.t}")
            text += f"\n{indent}not order {self.below.k}{t}: {self.below.text(sep, indent)}"
        return text


class ClassProcedure(Procedure):
    """A subregular class in a classification: ``decide(dfa, limits, certificates)`` of its
    module, then every certificate and witness re-checked by the ``check`` of the class's
    declaration (:class:`~.classes.LanguageClass`; :mod:`.verify_subregular` for the classes
    whose profiles it computes) — AssertionError if one fails: a bug, never printed."""

    def __init__(self, family: str, decide):
        self.family, self._decide = family, decide

    def handles(self, key) -> bool:
        return False                         # answered under its declaration, not a fragment

    def decide(self, cls, context: Context, results) -> FragmentResult:
        """The verdict first (``certificates=False``: deterministic, never bounded by the
        clock); then, when certificates are asked, the answer with its certificate or
        witness and their independent re-check, within the time budget of the certificates
        (issue 38): ``limits.certificate_seconds``, or ``certificate_factor`` × the time the
        verdict took when that is more (a class's certificate is not counted in steps).
        Past it the verdict stands, with its reason and the flags that raise the budget."""
        d = context.dfa
        start = time.thread_time()           # CPU time, as the deadline counts it
        fast = self._stamped(cls, self._decide(d, context.limits, False, context))
        if not context.certificates:
            return FragmentResult(cls, fast.member, None, fast.witness, fast.method,
                                  certificate=fast if fast.member else None)
        limits = context.limits
        seconds = max(limits.certificate_seconds, limits.certificate_factor * (time.thread_time() - start))
        try:
            with deadline(seconds):
                ans = self._shortest(cls, d, self._stamped(cls, self._decide(d, limits, True, context)))
                self._recheck(cls, d, ans)
        except CertificateTimeout:
            what = "the certificate" if fast.member else "the witness" if fast.member is False else "the answer"
            return FragmentResult(cls, fast.member, None, None,
                                  f"{fast.method}; {what} not built within its time budget ({seconds:.3g} s: "
                                  f"{TIME_FLAG} or {STEP_FLAG} × the decision's time; either raises it)",
                                  certificate=self._stamped(cls, ClassAnswer(fast.member, fast.method))
                                if fast.member else None)
        if ans.member is not fast.member:
            raise AssertionError(f"{cls.name}: the verdict changed with certificates "
                                 f"({fast.member} without, {ans.member} with)")
        return FragmentResult(cls, ans.member, None, ans.witness, ans.method,
                              certificate=ans if ans.member else None)

    @staticmethod
    def _stamped(cls, ans: ClassAnswer) -> ClassAnswer:
        """``ans`` told what its class's answers are indexed by (a class declaring
        ``parameters="none"`` prints no order)."""
        params = getattr(cls, "parameters", "k")
        return ans if ans.parameters == params or params != "none" else replace(ans, parameters=params)

    @staticmethod
    def _class_check(cls, d):
        """The class's own check of an answer's JSON (the ``check`` its declaration names: a
        class registered at run time is checked by its own) and the letter separator of
        ``d``'s words; InputError for a class that declares none (its answers could not be
        re-checked before they are printed)."""
        if cls.check is None:
            raise InputError(f"the class {cls.name} declares no check (LanguageClass.check): the answers of "
                             "the subregular procedure are re-checked by it before they are printed",
                             parameters=("cls",))
        return cls.check, separator(d.alphabet)

    @classmethod
    def _shortest(cls_, cls, d, ans: ClassAnswer) -> ClassAnswer:
        """``ans`` with its witness family replaced by the shortest variant
        (:func:`shorter_instances`: shorter blocks of the same transformation, a smaller K0)
        that the class's own check accepts (a variant its check cannot settle within its bounds
        is not taken); unchanged when none is."""
        if ans.witness is None:
            return ans
        recheck, sep = cls_._class_check(cls, d)

        def accepted(w) -> bool:
            try:
                return recheck(d, w.to_json(sep), sep).valid
            except LimitExceeded:
                return False

        short = next((w for w in shorter_instances(ans.witness, d) if accepted(w)), None)
        return ans if short is None else replace(ans, witness=short)

    @classmethod
    def _recheck(cls_, cls, d, ans: ClassAnswer) -> None:
        """Every certificate and witness of ``ans`` re-checked by the class's own check
        (AssertionError if one fails: a bug, never printed)."""
        recheck, sep = cls_._class_check(cls, d)
        for label, obj in (("certificate", ans if ans.member and ans.certificate else None),
                           ("witness", ans.witness),
                           ("witness below k", ans.below if ans.certificate is None else None)):
            if obj is None:
                continue
            j = obj.to_json(sep)
            check = recheck(d, j if label != "certificate" else {"certificate": j}, sep)
            if not check.valid:
                raise AssertionError(f"{cls.name}: the {label} failed its check: {check.reason}")


def _semigroup_of(ctx: Context):
    return transition_semigroup(ctx.dfa, limit=ctx.limits.semigroup_elements,
                                memory_budget=ctx.limits.memory_budget)


def semigroup(dfa, limits: Limits, context: Context | None = None):
    """The transition semigroup of the minimal DFA (= the syntactic semigroup), once per
    classification (memoised by ``context``); LimitExceeded beyond
    ``limits.semigroup_elements``."""
    if context is not None and context.dfa is dfa:
        return context.verdict(_semigroup_of)
    return transition_semigroup(dfa, limit=limits.semigroup_elements,
                                memory_budget=limits.memory_budget)


def semigroup_violation(dfa, limits: Limits, violation, context: Context | None = None):
    """``(S, M, violation(S, M))``: the syntactic semigroup of the DFA, its multiplication
    table and what ``violation`` finds in them (None: nothing), for the classes decided on
    the semigroup.  LimitExceeded when the semigroup, its table or the check is beyond the
    limits."""
    if context is None or context.dfa is not dfa:
        S = semigroup(dfa, limits, context)
        M = multiplication_table(S)
        return S, M, violation(S, M)
    # once per classification, whoever asks (a class's verdict, then its certificate), a
    # refusal included: the search is the decision's whole cost
    memo = context.verdict(_violations)
    key = (violation, limits)
    if key not in memo:
        try:
            S = semigroup(dfa, limits, context)
            M = multiplication_table(S)
            memo[key] = (S, M, violation(S, M))
        except LimitExceeded as exc:
            memo[key] = exc
    found = memo[key]
    if isinstance(found, LimitExceeded):
        raise found
    return found


def _violations(context: Context) -> dict:
    """The memo of :func:`semigroup_violation` of one classification."""
    return {}


def refuted(method: str, certificates: bool, witness, *args) -> ClassAnswer:
    """A class's "no", said by ``method`` (in words), with the witness ``witness(*args)``
    when certificates are asked (built only then: a census asks for the verdict alone)."""
    return ClassAnswer(False, method, witness=witness(*args) if certificates else None)


def decide_on_semigroup(dfa, limits: Limits | None, violation, context: Context | None,
                        refute, accept) -> ClassAnswer:
    """The answer of a class decided on the syntactic semigroup: ``refute(S, M, found)``
    for what ``violation(S, M)`` finds (its "no"), else ``accept(S, M, limits)`` (its
    "yes"); undecided when the semigroup, its table or the check is beyond the limits."""
    limits = Limits() if limits is None else limits
    try:
        S, M, bad = semigroup_violation(dfa, limits, violation, context)
    except LimitExceeded as exc:
        return ClassAnswer(None, f"undecided: {exc}")
    return accept(S, M, limits) if bad is None else refute(S, M, bad)


def member_by_semigroup(dfa, limits: Limits | None, violation) -> bool | None:
    """No ``violation(S, M)`` in the semigroup of the DFA (its multiplication table M);
    None when the semigroup or its table is beyond the limits (the fast verdict of the
    classes decided on the semigroup)."""
    try:
        return semigroup_violation(dfa, Limits() if limits is None else limits, violation)[2] is None
    except LimitExceeded:
        return None


def yes_with_least_order(dfa, method: str, limits: Limits, certificates: bool, kind: str,
                         k_from: int, what_below) -> ClassAnswer:
    """A decided "yes": its least order k, certificate and the pair of order k − 1, by the
    exact profile test of :mod:`.profiles` (``what_below(k − 1)``: what that pair shares)."""

    if not certificates:
        return ClassAnswer(True, method)
    k, cert, pairs, why = least_k(dfa, kind, limits.synthesis_states, k_from=k_from)
    if k is None:
        return ClassAnswer(True, method + f"; least k and certificate not computed: {why}")
    below = None
    if k - 1 in pairs:
        u, v = pairs[k - 1]
        below = ClassWitness("pair", (letters(dfa, u),), (letters(dfa, v),), k - 1, what_below(k - 1))
    return ClassAnswer(True, method + f"; least k = {k} (exact profile test)", k, cert, None, below)


def letters(dfa, word) -> tuple:
    return tuple(dfa.alphabet[a] for a in word)


def context_of(dfa, alpha: np.ndarray, beta: np.ndarray) -> tuple[list[int], list[int]] | None:
    """(u, r): a word u to a state q with q·α ≠ q·β and a word r separating q·α from q·β
    (the minimal DFA: every state is reachable, distinct states are separated); None if the
    two transformations are equal."""
    diff = np.flatnonzero(np.asarray(alpha) != np.asarray(beta))
    if not len(diff):
        return None
    words = shortest_words_from(dfa.transitions, dfa.initial)
    q = min((int(x) for x in diff), key=lambda x: (len(words[x]), words[x]))
    r = distinguishing_suffix(dfa.transitions, dfa.accepting, int(alpha[q]), int(beta[q]))
    return words[q], r


def exponents(dfa, blocks, at_least: int = 1) -> tuple[int, int]:
    """(K0, step): K0 ≥ at_least, and x^K is one idempotent transformation for every block x
    and every K = K0 + j·step."""
    step = 1
    for b in blocks:
        _, k, exact = pumping_power(dfa.transitions, list(b), 1)
        if not exact:
            raise LimitExceeded("the idempotent power of a witness block", 0,
                                "the automaton is too large to pump", ("limit",))
        step = lcm(step, k)
    K0 = -(-max(at_least, 1) // step) * step
    return K0, step


def pumped_pair(dfa, blocks, one: list, two: list, claim: str, at_least: int = 2,
                k: int | None = None) -> ClassWitness | None:
    """The pair witness of the family (templates ``one`` and ``two``: parts are letter-index
    lists or block indices; ``blocks``: letter-index lists), ordered by membership at K0;
    None if the two words do not differ."""
    K0, step = exponents(dfa, blocks, at_least)
    B = tuple(letters(dfa, b) for b in blocks)
    t1 = Template(tuple(p if isinstance(p, int) else letters(dfa, p) for p in one))
    t2 = Template(tuple(p if isinstance(p, int) else letters(dfa, p) for p in two))
    w1, w2 = t1.word(B, K0), t2.word(B, K0)
    a1, a2 = dfa.accepts(w1), dfa.accepts(w2)
    if a1 == a2:
        return None
    if not a1:
        t1, t2, w1, w2 = t2, t1, w2, w1
    return ClassWitness("pair", (w1,), (w2,), k, claim, PumpedFamily(B, (t1,), (t2,), K0, step))


def state_after(dfa, word) -> int:
    return run(dfa.transitions, dfa.initial, word)


def restricted_cycle(table, allowed) -> tuple[int, list[int]] | None:
    """A state p and a non-empty word z with p·z = p, every state on the way in ``allowed``
    (a boolean mask), or None when the graph of the allowed states is acyclic."""
    t = np.asarray(table)
    n, m = t.shape
    color = [0] * n                       # 0 new, 1 on the stack, 2 done
    for root in range(n):
        if not allowed[root] or color[root]:
            continue
        stack = [(root, 0)]
        path: list[tuple[int, int]] = []    # (state, letter taken)
        color[root] = 1
        while stack:
            q, a = stack.pop()
            if a == m:
                color[q] = 2
                if path:
                    path.pop()
                continue
            stack.append((q, a + 1))
            r = int(t[q, a])
            if not allowed[r]:
                continue
            if color[r] == 1:              # a back edge: the cycle r … q → r
                states = [s for s, _ in path] + [q]
                i = states.index(r)
                word = [b for _, b in path[i:]] + [a]
                return r, word
            if color[r] == 0:
                color[r] = 1
                path.append((q, a))
                stack.append((r, 0))
    return None


def longest_path_from(table, source: int, allowed) -> tuple[int, list[int]]:
    """(length, word) of a longest word from ``source`` whose run stays in ``allowed`` (an
    acyclic part; ``source`` allowed)."""
    t = np.asarray(table)
    n, m = t.shape
    best: dict[int, tuple[int, list[int]]] = {}
    order: list[int] = []
    seen = {source}
    stack = [(source, 0)]
    while stack:                             # post-order of the DAG reachable from source
        q, a = stack.pop()
        if a == m:
            order.append(q)
            continue
        stack.append((q, a + 1))
        r = int(t[q, a])
        if allowed[r] and r not in seen:
            seen.add(r)
            stack.append((r, 0))
    for q in order:                          # successors first
        top = (0, [])
        for a in range(m):
            r = int(t[q, a])
            if allowed[r]:
                h, w = best[r]
                if h + 1 > top[0]:
                    top = (h + 1, [a] + w)
        best[q] = top
    return best[source]


def accepted_suffix(dfa, q: int) -> list[int] | None:
    """A shortest word from q to an accepting state."""
    words = shortest_words_from(dfa.transitions, q)
    found = [w for p, w in enumerate(words) if w is not None and dfa.accepting[p]]
    return min(found, key=lambda w: (len(w), w)) if found else None


def separating_pair(dfa, q: int) -> tuple[list[int], list[int]] | None:
    """(r, r2) with q·r accepting and q·r2 not (None when L_q is Σ* or ∅)."""
    words = shortest_words_from(dfa.transitions, q)
    yes = [w for p, w in enumerate(words) if w is not None and dfa.accepting[p]]
    no = [w for p, w in enumerate(words) if w is not None and not dfa.accepting[p]]
    if not yes or not no:
        return None
    key = lambda w: (len(w), w)              # noqa: E731
    return min(yes, key=key), min(no, key=key)


def word_to(dfa, q: int) -> list[int]:
    return shortest_words_from(dfa.transitions, dfa.initial)[q]


#: most entries of a semigroup's multiplication table built for an identity check (kernel/limits.py)
TABLE_ENTRIES = _limits.IDENTITY_TABLE_ENTRIES


def multiplication_table(S) -> np.ndarray:
    """``M[i, j]`` = index of s_i·s_j (LimitExceeded beyond TABLE_ENTRIES entries)."""
    n = S.size
    if n * n > TABLE_ENTRIES:
        raise LimitExceeded("semigroup multiplication table (elements²)", TABLE_ENTRIES,
                            f"the semigroup has {n} elements", ("limit",))
    M = np.empty((n, n), dtype=np.int64)
    ids = np.arange(n)
    chunk = max(1, TABLE_ENTRIES // max(1, n * max(1, S.degree)) * 8)
    for lo in range(0, n, chunk):
        rows = ids[lo:lo + chunk]
        M[lo:lo + chunk] = S.multiply(np.repeat(rows, n).reshape(len(rows), n),
                                      np.tile(ids, (len(rows), 1)))
    return M


def element_word(S, i: int) -> list[int]:
    return S.word(int(i))
