"""The answers of one classification made consistent with every declared inclusion.

The registry declares inclusions between the classes a classification answers (each
:class:`~.classes.LanguageClass` lists the classes it contains; the LTL fragments also by
:meth:`~attnlogic.ltl.fragments.Fragment.includes`).  If A ⊆ B (declared, or a chain of
declared inclusions):

* L ∈ A implies L ∈ B: an undecided B becomes "yes", with A's certificate carried over
  (a formula of A when it lies in B syntactically, else A's certificate as it is) and the
  chain of inclusions named;
* L ∉ B implies L ∉ A: an undecided A becomes "no", with B's witness carried over and the
  chain named;
* the settled answer keeps the answer that proves it (``FragmentResult.carried``, printed
  as ``"carried"``): ``verify --class`` re-checks that answer by its own class's check and
  the inclusion against the registry (:mod:`.verify_carried`), since a certificate or
  witness carried over is in the smaller (or larger) class's format, not the receiving
  class's;
* "yes" for A and "no" for B is a contradiction: one of the two procedures is wrong, and
  :func:`settle` raises AssertionError naming both (a bug, never printed).

Only declared inclusions are used: a class whose inclusion is true but not declared is left
as its procedure answered.  :func:`inclusions` lists the chains, :func:`contradictions` the
pairs that break one (empty on every correct classification; the tests run it over the
census).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ...ltl.fragments import Fragment
from ..contract.classes import FORMULA
from .registry import class_for, registered_now
from ..values.results import FragmentResult

__all__ = ["inclusions", "contradictions", "settle"]


def _declared(small, large, listed: dict) -> str | None:
    """Why ``small`` ⊆ ``large`` is declared (one step), or None; ``listed``: the
    inclusions declared by ``large``'s class, name → reason (the first of a name)."""
    if small == large:
        return None
    if isinstance(large, Fragment) and isinstance(small, Fragment):
        reason = large.includes(small)
        if reason is not None:
            return reason
    return listed.get(str(small))


def inclusions(keys) -> dict:
    """``{(A, B): chain}`` for every two keys A ≠ B of a classification with A ⊆ B by a chain
    of declared inclusions through the keys; ``chain`` says it in words
    (``"LT ⊆ LTT (LT_k = LTT_{k,1})"``, steps joined by ``;``).  The chains depend on the
    keys and the registered declarations alone, so they are computed once per set of keys
    and registry (a classification asks them three times, a census once per language) and
    handed out as a new dict each time."""
    return dict(_chains(tuple(keys), registered_now()))


@lru_cache(maxsize=256)
def _chains(keys: tuple, registry: tuple) -> dict:
    """:func:`inclusions` of ``keys`` under the registered classes ``registry`` (part of the
    cache's key only: a class registered or removed later gives other chains)."""
    keys = list(keys)
    listed = [{n: r for n, r in reversed(class_for(b).inclusions)} for b in keys]   # each class looked up once
    known = {}
    for a in keys:
        for b, declared in zip(keys, listed):
            if a is not b and a != b:
                reason = _declared(a, b, declared)
                if reason is not None:
                    known[(a, b)] = f"{a} ⊆ {b} ({reason})"
    changed = True
    while changed:                       # the transitive closure (a few dozen keys at most)
        changed = False
        for (a, b), ab in list(known.items()):
            for c in keys:
                if (b, c) in known and a != c and (a, c) not in known:
                    known[(a, c)] = f"{ab}; {known[(b, c)]}"
                    changed = True
    return known


def contradictions(results: dict) -> list[str]:
    """The declared inclusions A ⊆ B that the answers break (A "yes", B "no"), in words."""
    chains = inclusions(results)
    return [f"{a} yes but {b} no, though {chain}" for (a, b), chain in chains.items()
            if results[a].member is True and results[b].member is False]


def _carried(result: FragmentResult, key) -> dict:
    """The certificate of a "yes" for ``result``'s key, as the fields of an answer for ``key``."""
    if class_for(key).certificate == FORMULA:
        f = result.formula
        ok = f is not None and isinstance(key, Fragment) and key.allows(f)
        return {"formula": f if ok else None, "certificate": None}
    cert = result.certificate if result.certificate is not None else result.formula
    if getattr(cert, "below", None) is not None:
        cert = replace(cert, below=None)     # its "not order k − 1" is about the smaller class
    return {"formula": None, "certificate": cert}


def settle(results: dict) -> dict:
    """``results`` (key → answer, in output order) with every undecided answer settled by a
    declared inclusion where one applies (module docstring), in the same order.
    AssertionError on a contradiction."""
    bad = contradictions(results)
    if bad:
        raise AssertionError("answers contradict a declared inclusion: " + "; ".join(bad))
    chains = inclusions(results)
    out = dict(results)
    for key, r in results.items():
        if r.member is not None:
            continue
        up = [(a, chain) for (a, b), chain in chains.items() if b == key and results[a].member is True]
        down = [(b, chain) for (a, b), chain in chains.items() if a == key and results[b].member is False]
        if up:
            # a source whose certificate can be carried first
            a, chain = min(up, key=lambda x: not any(v is not None for v in _carried(results[x[0]], key).values()))
            src = results[a]
            fields = _carried(src, key)
            has = fields["formula"] is not None or fields["certificate"] is not None
            how = (f"in {a} ⊆ {key} ({chain}): {a}'s " + ("certificate carried over" if has else
                   "answer, whose certificate was not built or does not lie in it") + f"; {r.method}")
            out[key] = replace(r, member=True, witness=None, method=how, identity=None,
                               carried=(str(a), chain, src), **fields)
        elif down:
            # a witness of the same kind first (a pair of words for an LTL fragment)
            b, chain = min(down, key=lambda x: class_for(x[0]).witness != class_for(key).witness)
            src = results[b]
            same = class_for(b).witness == class_for(key).witness or class_for(key).certificate != FORMULA
            witness = src.witness if same else None
            how = (f"not in {b} ⊇ {key} ({chain}): {b}'s "
                   + ("witness carried over" if witness is not None else "answer (its witness above)") + f"; {r.method}")
            out[key] = replace(r, member=False, formula=None, certificate=None, witness=witness,
                               method=how, identity=src.identity, carried=(str(b), chain, src))
    return out
