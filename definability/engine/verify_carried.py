"""Re-checking an answer that a declared inclusion settled (issue 38): the certificate or
witness it carries is the proving class's, not the receiving class's, so it is checked as
that class's answer, and the inclusion against the registry.

An answer of ``classify --json`` settled by :func:`.inclusions.settle` holds

    "carried": {"from": A, "inclusion": "...", "answer": {A's answer}}

and is valid for the class B it answers when

* the inclusion is declared: A ⊆ B for a "yes", B ⊆ A for a "no" — recomputed here from the
  registry's declarations (:func:`.inclusions.inclusions` over every registered class), the
  chain printed in the file is not trusted;
* A's answer passes A's own check, by code independent of the deciders: a registered
  class's ``check`` (the subregular classes), :func:`.verify.verify_formula` /
  :func:`.verify.verify_witness` (every depth: the pumped family) for an LTL fragment, the
  identities of an identity class re-decided from scratch
  (:func:`.verify.verify_identity_check`; a "no" is proved by their failure), a characterised
  fragment's "no" by the failure of the fragment's own identity (CHARACTERISING_IDENTITIES,
  re-decided the same way: exact, also where the witness pair holds only at a bounded depth), or, for an
  answer carried itself, this check again;
* the verdicts agree: A's answer and B's both say "yes" (L ∈ A ⊆ B), or both "no"
  (L ∉ A ⊇ B).

Nothing here decides a class: what is checked is A's proof and the declaration.
"""

from __future__ import annotations

from ...automata.propositions import over_valuations
from ...automata.sources import as_dfa
from ...kernel.errors import CheckBoundExceeded, InputError, LimitExceeded
from ...kernel.words import split_word
from ...ltl import parse
from ...ltl.fragments import Fragment
from .inclusions import inclusions
from .registry import CLASSES, class_for, language_class
from ..checks.verify import Check, verify_formula, verify_identity_check, verify_identity_violation, verify_witness
from ..checks.verify_tiers import identity_answer, violation_from_json

__all__ = ["verify_carried", "class_key"]

#: how deep a chain of carried answers is followed (an answer carried from an answer carried …)
MAX_NESTING = 4

#: the algebraic characterisation of each characterised fragment at the N+1 readout
#: (docs/decision-procedures.md §3), as an identity verify re-decides on the syntactic
#: monoid (True) or semigroup (False): a "no" whose witness pair holds only at a bounded
#: depth is proved by the identity's failure.  Taken from here, never from the answer.
CHARACTERISING_IDENTITIES = {
    "LTL[P]": ("[(x y)* x = (x y)*]", True, "R-trivial, §3.1"),
    "LTL[Y]": ("[x y* = y*]", False, "definite, §3.2"),
    "LTL[P,Y]": ("[(x* y x* z x*)* x* y x* = (x* y x* z x*)*]", False, "locally R-trivial: eSe R-trivial, §3.3"),
    "LTL[S]": ("[x* x = x*]", True, "aperiodic, §3.4"),
}


def class_key(name: str):
    """The key a classification answers ``name`` under: the :class:`Fragment` of an LTL
    fragment's name (``"LTL[P,Y<=2]"``), else the registered class (InputError otherwise)."""
    if name.startswith("LTL["):
        try:
            return Fragment.parse(name)
        except InputError:
            pass
    c = language_class(name)
    return c.key if c.key is not None else c


def _declared_chain(small, large) -> str | None:
    """The chain of declared inclusions small ⊆ large through the registered classes, or
    None."""
    keys: list = []
    for k in [small, large] + [c.key if c.key is not None else c for c in CLASSES if c.asks is None]:
        if not any(k is x or (isinstance(k, Fragment) and k == x) for x in keys):
            keys.append(k)
    for (a, b), chain in inclusions(keys).items():
        if (a is small or a == small) and (b is large or b == large):
            return chain
    return None


def _check_own(dfa, key, answer: dict, sep: str, depth: int) -> Check:
    """``answer`` checked as an answer of ``key``'s class, by that class's own check."""
    if answer.get("carried"):
        return verify_carried(dfa, str(key), answer, sep, depth + 1)
    member = answer.get("member")
    if isinstance(key, Fragment):
        if member is True:
            if not answer.get("formula"):
                return Check(False, f"{key}'s answer has no formula to check")
            return verify_formula(dfa, key, over_valuations(parse(answer["formula"]), dfa.alphabet))
        if member is False:
            w = answer.get("witness") or {}
            if "accepted" not in w or "rejected" not in w:
                return Check(False, f"{key}'s answer has no witness pair to check")
            u, v = (tuple(split_word(w[side], dfa.alphabet)) for side in ("accepted", "rejected"))
            if isinstance(answer.get("instantiation"), dict):
                # the failing instantiation of a characterised fragment's identity: of key's own,
                # or of one around it (LTL[P,Y] ⊇ LTL[P,Y<=k], LTL[Y] ⊇ LTL[Y<=k]: Y[<=k] is a
                # Boolean combination of nested Y's), so L is in no fragment that one includes
                tried = []
                for outer in CHARACTERISING_IDENTITIES:
                    why = Fragment.parse(outer).includes(key)
                    if why is None:
                        continue
                    got = _refuted_by_instantiation(dfa, outer, u, v, answer["instantiation"], sep)
                    if got.valid:
                        return got if outer == str(key) else Check(True, f"L ∉ {outer} ⊇ {key} ({why}): {got.reason}")
                    tried.append(f"{outer}: {got.reason}")
                return Check(False, f"the instantiation the answer carries refutes no fragment around {key} "
                                    "(nor its own): " + "; ".join(tried))
            if str(key) in CHARACTERISING_IDENTITIES:
                return _refuted_by_identity(dfa, str(key), u, v)
            return verify_witness(dfa, key, u, v, None, family=True)
        return Check(False, f"{key}'s answer states no verdict")
    cls = class_for(key)
    if cls.check is not None:
        return cls.check(dfa, answer, sep)
    parts = getattr(cls.procedure, "parts", None)
    if parts is not None:
        return _check_intersection(dfa, cls, parts, answer, sep, depth)
    identities = getattr(cls.procedure, "identities", None)
    if identities is not None and member in (True, False):
        return identity_answer(dfa, answer, sep, str(identities), cls.procedure.monoid, cls.name)
    return Check(False, f"{cls.name} has no independent check of its answers here")


def _check_intersection(dfa, cls, parts, answer: dict, sep: str, depth: int) -> Check:
    """An answer of an intersection of classes (:mod:`..varieties.intersections`): a "yes"
    carries every part's "yes", a "no" one part's "no"; each re-checked by that part's own
    check."""
    if depth > MAX_NESTING:
        raise CheckBoundExceeded(f"answers nested more than {MAX_NESTING} times")
    member = answer.get("member")
    names = [p.name for p in parts]
    if member is True:
        given = (answer.get("certificate") or {}).get("parts")
        if not isinstance(given, dict) or set(given) != set(names):
            return Check(False, f"{cls.name}'s \"yes\" needs the answers of {', '.join(names)} (certificate "
                                "\"parts\")")
        reasons = []
        for p in parts:
            sub = given[p.name]
            if not isinstance(sub, dict) or sub.get("member") is not True:
                return Check(False, f"{cls.name}: the answer for {p.name} is not a \"yes\"")
            c = _check_own(dfa, p.key if p.key is not None else p, sub, sep, depth + 1)
            if not c.valid:
                return Check(False, f"{cls.name}: {p.name}'s \"yes\" fails its check: {c.reason}")
            reasons.append(f"{p.name}: {c.reason}")
        return Check(True, f"in every part of {cls.name} = {' ∩ '.join(names)}: " + "; ".join(reasons))
    if member is False:
        w = answer.get("witness") or {}
        name, sub = w.get("part"), w.get("answer")
        part = next((p for p in parts if p.name == name), None)
        if part is None or not isinstance(sub, dict) or sub.get("member") is not False:
            return Check(False, f"{cls.name}'s \"no\" names a part ({', '.join(names)}) and its \"no\" "
                                "(witness \"part\", \"answer\")")
        c = _check_own(dfa, part.key if part.key is not None else part, sub, sep, depth + 1)
        if not c.valid:
            return Check(False, f"{cls.name}: {part.name}'s \"no\" fails its check: {c.reason}")
        return Check(True, f"not in {part.name}, a part of {cls.name} = {' ∩ '.join(names)}: {c.reason}")
    return Check(False, f"{cls.name}'s answer states no verdict")


def _refuted_by_instantiation(dfa, fragment: str, u, v, inst: dict, sep: str) -> Check:
    """A "no" for a characterised ``fragment`` that carries the failing instantiation of its
    identity (``instantiation``, an identity pair's JSON): valid when the pair is one word in
    and one out and the instantiation checks on the DFA's runs
    (:func:`..checks.verify.verify_identity_violation`: each ω exponent idempotent, one side in
    context in L and the other out) — one instantiation, whatever the semigroup's size."""
    if not dfa.accepts(u) or dfa.accepts(v):
        return Check(False, "the witness pair is not one word in the language and one outside it")
    ids, monoid, theorem = CHARACTERISING_IDENTITIES[fragment]
    one = verify_identity_violation(dfa, ids, violation_from_json(inst, sep), monoid=monoid)
    if not one.valid:
        return Check(False, f"{fragment}'s instantiation of its identity {ids} fails its check: {one.reason}")
    return Check(True, f"{fragment} at N+1 is {theorem}; its identity {ids} fails on the instantiation the answer "
                       f"carries, checked on the DFA's runs: {one.reason} (the pair is one word in the language "
                       "and one outside it)")


def _refuted_by_identity(dfa, fragment: str, u, v) -> Check:
    """A "no" for a characterised ``fragment`` with the witness pair (u, v): valid when u is
    in the language, v is not, and the fragment's characterising identity (the table above)
    fails on the syntactic structure, re-enumerated by :func:`.verify.verify_identity_check`
    — the exact test, whether or not the pair is a pumped family (those of engine/attest.py
    ``proved_family`` are; a pair at a bounded depth is not, and proves nothing alone)."""
    if not dfa.accepts(u) or dfa.accepts(v):
        return Check(False, "the witness pair is not one word in the language and one outside it")
    ids, monoid, theorem = CHARACTERISING_IDENTITIES[fragment]
    try:
        holds = verify_identity_check(dfa, ids, monoid=monoid)
    except LimitExceeded as exc:
        # past the budget of a re-decision: the pair itself, proved indistinguishable at every
        # depth by a lasso decomposition (verify --witness U V), is the other exact proof
        pair = verify_witness(dfa, Fragment.parse(fragment), u, v, None, family=True)
        if pair.valid:
            return Check(True, f"{fragment}'s identity {ids} is past the re-decision's budget ({exc}); the "
                               f"pair instead: {pair.reason}")
        raise                                # neither proof within its budget: nothing checked
    if holds.valid:
        return Check(False, f"{fragment} at N+1 is {theorem} and its identity {ids} holds: the language is "
                            "in the fragment")
    return Check(True, f"{fragment} at N+1 is {theorem}; its identity {ids}, re-decided from scratch on the "
                       f"syntactic {'monoid' if monoid else 'semigroup'}, fails: {holds.reason} (the pair "
                       "is one word in the language and one outside it)")


def verify_carried(dfa, name: str, answer: dict, sep: str = "", depth: int = 0) -> Check:
    """Check an answer for the class ``name`` that carries another class's answer
    (module docstring); InputError when its ``carried`` object is malformed."""
    dfa = as_dfa(dfa)
    carried = answer.get("carried")
    if not isinstance(carried, dict) or not isinstance(carried.get("answer"), dict) \
            or not isinstance(carried.get("from"), str):
        raise InputError("the answer's \"carried\" object needs \"from\" (a class name) and \"answer\" "
                         "(that class's answer)")
    if depth > MAX_NESTING:
        raise CheckBoundExceeded(f"answers carried over more than {MAX_NESTING} times")
    member = answer.get("member")
    if member not in (True, False):
        return Check(False, f"the answer for {name} states no verdict (\"member\": {member!r})")
    source, proof = carried["from"], carried["answer"]
    target_key, source_key = class_key(name), class_key(source)
    if proof.get("member") is not member:
        return Check(False, f"the answer says {name} {'yes' if member else 'no'}, but the answer it carries "
                            f"from {source} says {proof.get('member')!r}")
    chain = _declared_chain(source_key, target_key) if member else _declared_chain(target_key, source_key)
    if chain is None:
        relation = f"{source} ⊆ {name}" if member else f"{name} ⊆ {source}"
        return Check(False, f"{relation} is not a declared inclusion (the registry's), so {source}'s answer "
                            f"proves nothing about {name}")
    own = _check_own(dfa, source_key, proof, sep, depth)
    if not own.valid:
        return Check(False, f"the answer carried from {source} does not check: {own.reason}")
    verdict = (f"L ∈ {source} ⊆ {name}" if member else f"L ∉ {source} ⊇ {name}")
    return Check(True, f"carried over a declared inclusion ({chain}): {source}'s answer re-checked by its own "
                       f"check ({own.reason}); {verdict}, the verdict ({'member' if member else 'not a member'}) "
                       "is the one they prove")
