"""Interoperation with ltlf2dfa (PPLTL, pure-past LTLf) and MONA.

Convention bridge (docs/file-formats.md, "MONA / ltlf2dfa DOT"):

* our strict ``P φ`` is PPLTL ``Y(O φ)``; our strict ``φ S ψ`` is ``Y(φ S ψ)`` (PPLTL's since
  is reflexive); ``Y[<=k] φ`` is ``Y φ | Y Y φ | … | Y^k φ``; O, H, Y agree;
* letters are valuations with exactly one proposition true (the DECLARE assumption); a letter
  that is not an atom of the formula is the all-false valuation;
* our readout is at position N+1, where no atom holds: one all-false "end" position is
  appended and ltlf2dfa's DFA is read after it, so the empty trace never occurs.

``to_ppltl`` needs nothing; ``ltlf2dfa_dot`` and ``ltlf2dfa_dfa`` need the ltlf2dfa package
and the ``mona`` binary (Debian package ``mona``).

ltlf2dfa writes its MONA program to one fixed file inside its own package folder and runs
``mona`` on it, so two processes that call it at once read each other's programs (a test
worker got the empty automaton of another's formula).  Every call here holds an exclusive
lock (``fcntl.flock`` on a lock file named after that folder, in the temporary directory;
a thread lock within the process), which serialises all of this package's uses of it.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import tempfile
import threading
from contextlib import contextmanager

import numpy as np

from ..ltl.formula import (And, Atom, Const, Historically, Iff, Implies, Not, Once, Or, Past, Since,
                           Xor, Yesterday)
from .dfa import DFA
from .dot_reader import read_dot
from .propositions import propositions_of, valuation_letters

try:
    import fcntl
except ImportError:     # not a POSIX system: the thread lock only
    fcntl = None

__all__ = ["to_ppltl", "ltlf2dfa_dot", "ltlf2dfa_valuations", "ltlf2dfa_dfa", "from_valuations", "END"]

END = "#end"  # an extra letter that is no proposition: the all-false valuation


def to_ppltl(f) -> str:
    """Our formula as PPLTL text (fully parenthesised, built bottom-up without recursion)."""
    text: dict = {}
    for g in f.subformulas():
        if isinstance(g, Atom):
            s = g.name
        elif isinstance(g, Const):
            s = "true" if g.value else "false"
        elif isinstance(g, Not):
            s = f"!({text[g.arg]})"
        elif isinstance(g, (And, Or, Implies, Iff)):
            op = {And: "&", Or: "|", Implies: "->", Iff: "<->"}[type(g)]
            s = f"(({text[g.left]}) {op} ({text[g.right]}))"
        elif isinstance(g, Xor):
            x, y = text[g.left], text[g.right]
            s = f"((({x}) & !({y})) | (!({x}) & ({y})))"
        elif isinstance(g, Past):
            s = f"Y(O({text[g.arg]}))"
        elif isinstance(g, Yesterday):
            items, cur = [], text[g.arg]
            for _ in range(g.k):
                cur = f"Y({cur})"
                items.append(cur)
            s = "(" + " | ".join(items) + ")"
        elif isinstance(g, Once):
            s = f"O({text[g.arg]})"
        elif isinstance(g, Historically):
            s = f"H({text[g.arg]})"
        elif isinstance(g, Since):
            s = f"Y(({text[g.left]}) S ({text[g.right]}))"
        else:
            raise TypeError(type(g))
        text[g] = s
    return text[f]


@functools.lru_cache(maxsize=1)
def _ltlf_parser():
    """ltlf2dfa's LTLf parser, built once."""
    from ltlf2dfa.parser.ltlf import LTLfParser   # an optional oracle: imported when used

    return LTLfParser()


@functools.lru_cache(maxsize=1)
def _ppltl_parser():
    """ltlf2dfa's PPLTL parser, built once (building its grammar costs about 0.2 s)."""
    from ltlf2dfa.parser.ppltl import PPLTLParser   # an optional oracle: imported when used

    return PPLTLParser()


_THREAD_LOCK = threading.Lock()


@contextmanager
def _ltlf2dfa_exclusive():
    """Held while ltlf2dfa writes and MONA reads its fixed ``automa.mona`` (module docstring)."""
    import ltlf2dfa   # an optional oracle: imported when used

    folder = os.path.dirname(os.path.abspath(ltlf2dfa.__file__))
    name = "attnlogic-ltlf2dfa-" + hashlib.sha256(folder.encode()).hexdigest()[:16] + ".lock"
    with _THREAD_LOCK:
        if fcntl is None:
            yield
            return
        with open(os.path.join(tempfile.gettempdir(), name), "a") as lock:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock.fileno(), fcntl.LOCK_UN)


def ltlf2dfa_dot(text: str, logic: str = "ppltl") -> str:
    """ltlf2dfa's DOT (MONA's minimal DFA over valuations) of a formula in its own syntax,
    PPLTL or (``logic="ltlf"``) LTLf, computed under the exclusive lock."""
    formula = (_ltlf_parser() if logic == "ltlf" else _ppltl_parser())(text)
    with _ltlf2dfa_exclusive():
        return formula.to_dfa()


def ltlf2dfa_dfa(f, alphabet) -> DFA:
    """The DFA of our formula, computed by ltlf2dfa + MONA through the bridge above."""
    dot = ltlf2dfa_dot(to_ppltl(f))
    return from_valuations(read_dot(dot, "<ltlf2dfa>") if _has_propositions(dot) else
                           read_dot(dot, "<ltlf2dfa>", (END,)), alphabet)


def ltlf2dfa_valuations(text: str, logic: str, props, letters=None) -> DFA:
    """ltlf2dfa + MONA's minimal DFA of ``text`` (its syntax, ``logic`` "ltlf" or "ppltl") over
    our valuation letters of ``props`` (:func:`~.propositions.valuation_letters`), each letter
    sent to MONA's column of the same valuation; over ``letters`` (default one letter ``z``)
    when ``props`` is empty.  Their semantics as they are: evaluated at the first (LTLf) or
    last (PPLTL) position, the empty trace included."""
    dot = ltlf2dfa_dot(text, logic)
    props = tuple(props)
    if not props:
        letters = tuple(letters or ("z",))
        theirs = read_dot(dot, "<ltlf2dfa>", (END,)) if not _has_propositions(dot) else read_dot(dot, "<ltlf2dfa>")
        T = np.asarray(theirs.transitions)
        return DFA(letters, T[:, [0] * len(letters)], theirs.initial, theirs.accepting).minimal()
    letters = valuation_letters(props)
    if not _has_propositions(dot):
        theirs = read_dot(dot, "<ltlf2dfa>", (END,))
        cols = [0] * len(letters)
    else:
        theirs = read_dot(dot, "<ltlf2dfa>")
        their_props = propositions_of(theirs.alphabet)
        cols = [sum(1 << j for j, q in enumerate(their_props) if (v >> props.index(q)) & 1)
                for v in range(len(letters))]
    T = np.asarray(theirs.transitions)
    return DFA(letters, T[:, cols], theirs.initial, theirs.accepting).minimal()


def _has_propositions(dot: str) -> bool:
    """Whether some guard of ltlf2dfa's DOT names a proposition (else only true/false)."""
    return any(set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", m)) - {"true", "false"}
               for m in re.findall(r'label\s*=\s*"([^"]*)"', dot))


def from_valuations(d: DFA, alphabet) -> DFA:
    """Our letter DFA of a DFA ``d`` over valuations (the DECLARE reading: the letter x is
    the valuation "x true, every other proposition false"), read after one more all-false
    position: w is ours iff the run of ``d`` on w·END ends in a final state."""
    props = propositions_of(d.alphabet) or ()
    T = np.asarray(d.transitions)

    def column(x):
        if not props:                       # guards over no proposition: the one letter END
            return 0
        return (1 << props.index(x)) if x in props else 0

    cols = [column(x) for x in alphabet]
    end = column(END)
    return DFA(alphabet, T[:, cols], d.initial, d.accepting[T[:, end]])
