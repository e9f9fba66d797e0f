"""The subregular classes at a fixed order: SL[k], SP[k], RD[k], GD[k], LT[k], PT[k] and
LTT[k,t] — "is L in C_k?" for the k asked, with the certificate of that order or a witness
that this order does not suffice.

Asked by name (``classify --class 'LT[2]'``); :func:`fixed_order_class` builds the
declaration on demand (one per name, kept), so the registry needs no line per k.  Decided
by:

* SL[k]: the pair graph of useful states (:mod:`.strictly_local`): yes iff no word x of
  length k − 1 keeps two distinct useful states distinct and useful; the forbidden set of
  order k; else the cover u1·x·r, u2·x·v2 ∈ L, u2·x·r ∉ L with |x| = k − 1;
* SP[k]: closed under deletion and every minimal forbidden word of length ≤ k
  (:mod:`.strictly_piecewise`); else the deletion witness, or a minimal forbidden word m
  longer than k with its one-letter deletions (cover);
* LT[k], LTT[k,t]: the path category of the de Bruijn graph of order k on the syntactic
  semigroup (:mod:`.local_order`; polynomial for a fixed k), else its pair u·x·αβγ·r /
  u·x·γβα·r or u·x·y^(s−1)·r / u·x·y^s·r (s > t); the certificate by the exact profile test
  at (k, t) when it fits in the limits, else the path-category certificate (the verifier
  recomputes the path category with its own code);
* RD, GD, PT: the exact profile test of :mod:`.profiles` at (k, t): the accepted
  profiles, or two words with one profile, one in L and one not.

Every answer is re-checked by :mod:`.verify_subregular` before it is returned, as for the
classes themselves.
"""

from __future__ import annotations

import re

import numpy as np

from ...kernel.errors import InputError, LimitExceeded
from ...kernel.limits import Limits
from ..contract.classes import LanguageClass
from ..algebra.profiles import Tracker, profile_test
from ..values.pumped import ClassWitness
from .strictly_local import ForbiddenFactors, _cover, allowed_factors, useful, well_formed
from .strictly_piecewise import ForbiddenSubsequences, basis, decide as decide_sp
from .local_order import PathCertificate, extended_table, listed_profiles, merged_letters, order_test
from . import TABLE_ENTRIES, ClassAnswer, ClassProcedure, letters, multiplication_table, semigroup
from ..checks.verify_subregular import AnswerCheck
from .multi_tier_strictly_local import multi_tier_class

__all__ = ["fixed_order_class", "decide_at", "NAME"]

#: a fixed-order name: SL[2], LTT[2,3]
NAME = re.compile(r"^(SL|SP|RD|GD|LT|PT|LTT)\[(\d+)(?:,(\d+))?\]$")
#: MTSL at a fixed order: MTSL[2]
MULTI_TIER = re.compile(r"^MTSL\[(\d+)\]$")
#: the largest order asked
MAX_ORDER = 64
_MADE: dict[str, LanguageClass] = {}
_KIND = {"RD": "prefix", "GD": "prefix-suffix", "LT": "factors", "PT": "subsequences", "LTT": "factors"}


def _sl(dfa, k: int, limits: Limits, certificates: bool) -> ClassAnswer:
    T = np.asarray(dfa.transitions)
    use = useful(dfa)
    m = T.shape[1]
    # pairs (p, q), p ≠ q useful, reachable from distinct useful pairs by words of length j
    layer = {(p, q): [] for p in np.flatnonzero(use) for q in np.flatnonzero(use) if p < q}
    origin = {pq: pq for pq in layer}
    for _ in range(k - 1):
        nxt, org = {}, {}
        for (p, q), w in layer.items():
            for a in range(m):
                s, t = int(T[p, a]), int(T[q, a])
                if s != t and use[s] and use[t]:
                    key = (min(s, t), max(s, t))
                    if key not in nxt:
                        nxt[key] = w + [a]
                        org[key] = origin[(p, q)]
        layer, origin = nxt, org
    if layer:
        (pq, x), = [next(iter(layer.items()))]
        p, q = origin[pq]
        method = (f"not SL_{k}: the useful states {p} ≠ {q} stay distinct and useful after "
                  f"{''.join(letters(dfa, x)) or 'ε'} (length {k - 1})")
        if not certificates:
            return ClassAnswer(False, method)
        return ClassAnswer(False, method, witness=_cover(
            dfa, int(p), int(q), x, k, f"every {k}-factor of the out-word is one of an in-word "
            f"(suffix substitution at x = {''.join(letters(dfa, x)) or 'ε'})", False))
    method = f"SL_{k}: every word of length {k - 1} sends the useful states it keeps useful to one state"
    if not certificates:
        return ClassAnswer(True, method, k)
    allowed = allowed_factors(dfa, k, limits.synthesis_states)
    if allowed is None or 4 * len(dfa.alphabet) ** k > limits.synthesis_states:
        return ClassAnswer(True, method + "; certificate not built (beyond limit)", k, least=False)
    universe = sorted(set(well_formed(len(dfa.alphabet), k)), key=lambda f: (len(f), f))
    return ClassAnswer(True, method, k, ForbiddenFactors(k, tuple(dfa.alphabet),
                                                           tuple(f for f in universe if f not in allowed)),
                       least=False)


def _sp(dfa, k: int, limits: Limits, certificates: bool) -> ClassAnswer:
    whole = decide_sp(dfa, limits, certificates)
    if whole.member is False:
        return whole
    B = basis(dfa, limits.synthesis_states)
    long = [b for b in B if len(b) > k]
    if long:
        m = long[0]
        method = f"not SP_{k}: the minimal forbidden subsequence {''.join(letters(dfa, m))} is longer than {k}"
        if not certificates:
            return ClassAnswer(False, method)
        dels = tuple(dict.fromkeys(letters(dfa, m[:i] + m[i + 1:]) for i in range(len(m))))
        return ClassAnswer(False, method, witness=ClassWitness(
            "cover", dels, (letters(dfa, m),), k, f"every subsequence of length ≤ {k} of the out-word "
            "is one of an in-word (its one-letter deletions)"))
    method = f"SP_{k}: closed under deletion, every minimal forbidden subsequence of length ≤ {k}"
    return ClassAnswer(True, method, k, ForbiddenSubsequences(k, tuple(dfa.alphabet), tuple(map(tuple, B)))
                       if certificates else None, least=False)


def _local(dfa, base: str, k: int, t: int, limits: Limits, certificates: bool) -> ClassAnswer | None:
    """LT[k], LTT[k,t] by the path category of order k (:mod:`.local_order`) on the
    syntactic semigroup (LimitExceeded beyond its limits); the certificate by the exact
    profile test when it fits in ``limits.synthesis_states``.  None when a closed walk is
    not aperiodic (L is not LTT): the exact profile test then gives the pair."""
    S = semigroup(dfa, limits)
    small, S, M = merged_letters(dfa, S, multiplication_table(S), limits)
    res = order_test(small, S, extended_table(M), k, limits.synthesis_states, TABLE_ENTRIES,
                     certificates, full=base == "LTT")
    order = f"{base}_{k}" + (f",{t}" if base == "LTT" else "")
    if res.commutes and res.index is not None and res.index <= t:
        method = f"{order}: the path category of the de Bruijn graph of order {k} (closed walks y^{t} = y^{t + 1}, α·β·γ = γ·β·α)"
        if not certificates:
            return ClassAnswer(True, method, k, None, None, None, t if base == "LTT" else None, least=False)
        try:
            ok, out = listed_profiles(dfa, k, t, limits.synthesis_states)
        except LimitExceeded as exc:
            return ClassAnswer(True, method + f"; accepted profiles not listed: {exc}", k,
                               PathCertificate(k, t, base == "LTT"), None, None,
                               t if base == "LTT" else None, least=False)
        if not ok:
            raise AssertionError(f"the profile test refutes {order} found by the path category")
        return ClassAnswer(True, method, k, out, None, None, t if base == "LTT" else None, least=False)
    if res.commutes and res.index is None:
        return None                   # a closed walk is not aperiodic: the profile test's pair
    if not res.commutes:
        why, pair = "α·β·γ ≠ γ·β·α for walks of the de Bruijn graph", res.swap
    else:
        why, pair = f"a closed walk y of the de Bruijn graph has y^{res.index - 1} ≠ y^{res.index}", res.loop
    method = f"not {order}: {why} (path category of order {k})"
    if not certificates:
        return ClassAnswer(False, method)
    what = (f"the same set of {k}-factors of ⋊w⋉" if base == "LT" else
            f"the same {k}-factors of ⋊w⋉ counted up to {t}")
    u, v = pair
    wit = ClassWitness("pair", (letters(small, u),), (letters(small, v),), k, what, None,
                       t if base == "LTT" else None)
    return ClassAnswer(False, method, witness=wit)


def decide_at(base: str, k: int, t: int | None, dfa, limits: Limits | None = None,
              certificates: bool = True) -> ClassAnswer:
    """Whether L(dfa) is in ``base`` (SL, SP, RD, GD, LT, PT, LTT) at order k (threshold t)."""
    limits = Limits() if limits is None else limits
    try:
        if base == "SL":
            return _sl(dfa, k, limits, certificates)
        if base == "SP":
            return _sp(dfa, k, limits, certificates)
        local = _local(dfa, base, k, t or 1, limits, certificates) if base in ("LT", "LTT") else None
        if local is not None:
            return local
        ok, out = profile_test(dfa, Tracker(_KIND[base], k, t or 1), limits.synthesis_states)
    except LimitExceeded as exc:
        return ClassAnswer(None, f"undecided: {exc}")
    order = f"{base}_{k}" + (f",{t}" if t else "")
    if ok:
        return ClassAnswer(True, f"{order}: L is a union of profile classes (exact profile test)", k,
                           out if certificates else None, None, None, t, least=False)
    u, v = out
    what = {"RD": f"same first {k} letters", "GD": f"same first and last {k} letters",
            "LT": f"the same set of {k}-factors of ⋊w⋉", "PT": f"the same subsequences of length ≤ {k}",
            "LTT": f"the same {k}-factors of ⋊w⋉ counted up to {t}"}[base]
    wit = ClassWitness("pair", (letters(dfa, u),), (letters(dfa, v),), k, what, None, t)
    return ClassAnswer(False, f"not {order}: two words with one profile, one in L and one not", witness=wit)


def fixed_order_class(name: str) -> LanguageClass | None:
    """The declaration of a fixed-order name (``"LT[2]"``, ``"LTT[2,3]"``), None if the name
    is not of that form; InputError for an order out of range."""
    name = str(name)
    m = NAME.match(name)
    multi = MULTI_TIER.match(name)
    if multi is not None:                            # MTSL[k]: multi_tier_strictly_local.py
        k = int(multi.group(1))
        if not 1 <= k <= MAX_ORDER:
            raise InputError(f"{name}: the order must be 1 … {MAX_ORDER}", parameters=("classes",))
        if name not in _MADE:
            _MADE[name] = multi_tier_class(k)
        return _MADE[name]
    if m is None:
        return None
    if name in _MADE:
        return _MADE[name]
    base, k, t = m.group(1), int(m.group(2)), m.group(3)
    if (t is not None) != (base == "LTT"):
        raise InputError(f"{name}: LTT takes [k,t]; the other classes [k]", parameters=("classes",))
    t = None if t is None else int(t)
    low = 0 if base in ("RD", "GD") else 1
    if not low <= k <= MAX_ORDER or (t is not None and not 1 <= t <= MAX_ORDER):
        raise InputError(f"{name}: the order must be {low} … {MAX_ORDER} (and t 1 … {MAX_ORDER})",
                         parameters=("classes",))

    def decide(dfa, limits=None, certificates=True, context=None):
        return decide_at(base, k, t, dfa, limits, certificates)

    cls = LanguageClass(name, ClassProcedure(f"{base} at a fixed order", decide), "profiles", "pair",
                        default=False, check=AnswerCheck(base, k, t))
    _MADE[name] = cls
    return cls
