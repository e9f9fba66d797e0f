"""Deterministic finite automata over an explicit alphabet, as immutable value objects.

A :class:`DFA` is (Σ, Q = {0, …, n−1}, δ, q0, F) with δ stored as a read-only numpy
array ``transitions[q, i] = δ(q, alphabet[i])``.  It is always complete: a transition
given as ``-1`` (missing) is sent to an added rejecting sink state ``n``.

Words are sequences of letters: a ``str`` (each character a letter), a list/tuple of
letters, or an integer numpy array of letter indices (already encoded).
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
from attnlogic.kernel.errors import InputError
from attnlogic.kernel.display import html_table
from attnlogic.kernel.words import separator

__all__ = ["DFA", "letter_problem", "MAX_LETTER_LENGTH"]

#: longest letter (characters)
MAX_LETTER_LENGTH = 200


def letter_problem(letter: str, alphabet) -> str | None:
    """Why ``letter`` cannot be a letter of ``alphabet`` (None if it can): it must be
    encodable as UTF-8 (no lone surrogates), contain no control character, be at most
    MAX_LETTER_LENGTH characters, and contain no comma when some letter of the alphabet
    is longer than one character (words are then printed with commas between letters,
    and must split back)."""
    try:
        letter.encode("utf-8")
    except UnicodeEncodeError:
        return "not encodable as UTF-8 (a lone surrogate)"
    if any(ord(c) < 32 or ord(c) == 127 for c in letter):
        return "contains a control character"
    if len(letter) > MAX_LETTER_LENGTH:
        return f"longer than {MAX_LETTER_LENGTH} characters"
    if "," in letter and len(letter) > 1:
        return "contains a comma (words of multi-character letters are written with commas)"
    if letter == "," and separator(alphabet) == ",":
        return "is a comma beside multi-character letters (words are written with commas)"
    return None


#: letter → column of each alphabet seen, shared (read-only) by the DFAs over it: building
#: the dictionary cost a small DFA's constructor as much as the rest of it; bounded
_INDEXES: dict = {}
_MAX_INDEXES = 4096


def _letter_index(alphabet: tuple) -> dict:
    """``{letter: column}`` of ``alphabet`` (a tuple), shared by every DFA over it."""
    index = _INDEXES.get(alphabet)
    if index is None:
        if len(_INDEXES) >= _MAX_INDEXES:
            _INDEXES.clear()
        index = _INDEXES[alphabet] = {a: i for i, a in enumerate(alphabet)}
    return index


class DFA:
    """An immutable complete DFA.

    Attributes
    ----------
    alphabet : tuple[str, ...]
        The letters, in order; column ``i`` of ``transitions`` is ``alphabet[i]``.
    transitions : np.ndarray[int32], shape (n_states, len(alphabet)), read-only
    initial : int
    accepting : np.ndarray[bool], shape (n_states,), read-only

    ``accepting`` may be given as a boolean mask of length n or as an iterable of state
    numbers.  ``==`` is *structural* equality (same alphabet order, same numbering); two
    DFAs recognise the same language iff their :meth:`minimal` forms are ``==`` (see also
    :func:`attnlogic.automata.operations.equivalent`, which also gives a witness).
    """

    __slots__ = ("alphabet", "transitions", "initial", "accepting", "_index", "_cache",
                 "__weakref__")

    def __init__(self, alphabet: Sequence[str], transitions, initial: int, accepting):
        alphabet = tuple(alphabet)
        if len(set(alphabet)) != len(alphabet):
            raise ValueError("duplicate letters in the alphabet")
        if any(not isinstance(a, str) or a == "" for a in alphabet):
            raise ValueError("letters are non-empty strings")
        for a in alphabet:
            bad = letter_problem(a, alphabet)
            if bad:
                raise InputError(f"letter {a.encode('utf-8', 'backslashreplace').decode()!r}: {bad}",
                                 parameters=("alphabet",))
        k = len(alphabet)
        if isinstance(transitions, np.ndarray):
            raw = transitions
        else:
            raw = np.array(list(transitions), dtype=np.int64)
        if k:
            table = np.asarray(raw, dtype=np.int64).reshape(-1, k)
        else:
            table = np.zeros((len(raw), 0), dtype=np.int64)
        n = table.shape[0]
        if n == 0:
            raise ValueError("a DFA needs at least one state")
        if table.size and (table.min() < -1 or table.max() >= n):
            raise ValueError("transition target out of range")
        if table.size and table.min() == -1:  # complete it with a rejecting sink
            table = np.vstack([table, np.full((1, k), n, dtype=np.int64)])
            table[table == -1] = n
        m = table.shape[0]
        if isinstance(initial, (bool, np.bool_)) or not (0 <= int(initial) < n):
            raise ValueError("initial state out of range")
        acc = np.asarray(accepting) if not isinstance(accepting, (set, frozenset)) \
            else np.asarray(sorted(accepting), dtype=np.int64)
        acc_mask = np.zeros(m, dtype=bool)
        if acc.dtype == bool and acc.shape == (n,):
            acc_mask[:n] = acc
        else:
            idx = np.asarray(acc, dtype=np.int64).reshape(-1)
            if idx.size and (idx.min() < 0 or idx.max() >= n):
                raise ValueError("accepting state out of range")
            acc_mask[idx] = True
        table = np.ascontiguousarray(table, dtype=np.int32)
        table.setflags(write=False)
        acc_mask.setflags(write=False)
        sa = object.__setattr__
        sa(self, "alphabet", alphabet)
        sa(self, "transitions", table)
        sa(self, "initial", int(initial))
        sa(self, "accepting", acc_mask)
        sa(self, "_index", _letter_index(alphabet))
        sa(self, "_cache", {})

    @classmethod
    def _trusted(cls, alphabet: tuple, table: np.ndarray, initial: int, accepting: np.ndarray) -> "DFA":
        """Internal constructor for already-validated complete data (no copies, no checks).

        The hot path of small automata (a 10-state minimisation is a few microseconds): the
        fields are set through the slots' own setters, which skip the attribute lookup of
        ``object.__setattr__``, ``setflags`` runs only on writeable arrays, and the letter
        index is shared (``_letter_index``).  automata/_native.c's ``minimal_dfa`` builds its
        result the same way, slot by slot: a new slot must be set there too
        (tests/automata/test_native.py compares every slot)."""
        table = np.ascontiguousarray(table, dtype=np.int32)
        accepting = np.ascontiguousarray(accepting, dtype=bool)
        if table.flags.writeable:
            table.setflags(write=False)
        if accepting.flags.writeable:
            accepting.setflags(write=False)
        alphabet = tuple(alphabet)
        self = object.__new__(cls)
        _SET_ALPHABET(self, alphabet)
        _SET_TRANSITIONS(self, table)
        _SET_INITIAL(self, int(initial))
        _SET_ACCEPTING(self, accepting)
        _SET_INDEX(self, _INDEXES.get(alphabet) or _letter_index(alphabet))
        _SET_CACHE(self, {})
        return self

    @classmethod
    def from_dict(cls, alphabet: Sequence[str], transitions: dict, initial, accepting) -> "DFA":
        """A DFA from ``{state: {letter: state}}`` with arbitrary hashable state names.

        Missing transitions go to an added rejecting sink; states are numbered in the order
        they are first mentioned (initial first).
        """
        names: dict = {}

        def num(s):
            if s not in names:
                names[s] = len(names)
            return names[s]

        num(initial)
        for s, row in transitions.items():
            num(s)
            for t in row.values():
                num(t)
        for s in accepting:
            num(s)
        alphabet = tuple(alphabet)
        table = np.full((len(names), len(alphabet)), -1, dtype=np.int64)
        col = {a: i for i, a in enumerate(alphabet)}
        for s, row in transitions.items():
            for a, t in row.items():
                if a not in col:
                    raise ValueError(f"letter {a!r} is not in the alphabet {list(alphabet)}")
                table[names[s], col[a]] = names[t]
        return cls(alphabet, table, 0, [names[s] for s in accepting])

    def __setattr__(self, name, value):
        raise AttributeError("DFA is immutable")

    def __delattr__(self, name):
        raise AttributeError("DFA is immutable")

    def __reduce__(self):
        return (DFA, (self.alphabet, np.array(self.transitions), self.initial,
                      np.array(self.accepting)))

    # -- structure ---------------------------------------------------------------------
    @property
    def n_states(self) -> int:
        return self.transitions.shape[0]

    @property
    def n_letters(self) -> int:
        return len(self.alphabet)

    def __len__(self) -> int:
        return self.n_states

    def __eq__(self, other) -> bool:
        """Structural equality: same alphabet (in order), table, initial state and F."""
        if not isinstance(other, DFA):
            return NotImplemented
        return (self.alphabet == other.alphabet and self.initial == other.initial
                and self.transitions.shape == other.transitions.shape
                and bool(np.array_equal(self.transitions, other.transitions))
                and bool(np.array_equal(self.accepting, other.accepting)))

    def __hash__(self) -> int:
        h = self._cache.get("hash")
        if h is None:
            h = hash((self.alphabet, self.initial, self.transitions.tobytes(),
                      self.accepting.tobytes()))
            self._cache["hash"] = h
        return h

    def __repr__(self) -> str:
        acc = np.flatnonzero(self.accepting)
        shown = acc.tolist() if acc.size <= 12 else f"<{acc.size} states>"
        return (f"DFA(alphabet={list(self.alphabet)}, states={self.n_states}, "
                f"initial={self.initial}, accepting={shown})")

    # -- display in Jupyter ----------------------------------------------------------------
    def draw(self, ax=None, layout: str = "auto", seed: int = 0):
        """Draw the transition graph on a matplotlib Axes at a networkx layout and return the
        Axes (:func:`attnlogic.automata.drawing.draw`; no graphviz needed)."""
        from .drawing import draw
        return draw(self, ax=ax, layout=layout, seed=seed)

    def _repr_svg_(self) -> str | None:
        """An SVG drawing: graphviz's ``dot`` when installed (up to 200 states; top to bottom
        when that is narrower than a wide left-to-right drawing: :func:`~.drawing.graphviz_svg`),
        else matplotlib at a networkx layout (:func:`~.drawing.to_svg`, up to 60 states); None
        above that (the transition table is shown)."""
        from .drawing import graphviz_svg, to_svg
        from .io import to_dot

        if self.n_states > 200:
            return None
        svg = graphviz_svg(to_dot(self))
        if svg is not None:
            return svg
        if self.n_states > 60:
            return None
        return to_svg(self)

    def _repr_html_(self) -> str:
        """For notebooks and their HTML export (which prefers HTML to SVG and Markdown): the
        SVG drawing of :meth:`_repr_svg_` inline at its own size in a scrolling box
        (:func:`~.drawing.svg_html`: legible, never shrunk to the cell's width), else (above 200 states, or 60 without
        graphviz) the transition table."""
        svg = self._repr_svg_()
        if svg:
            from .drawing import svg_html
            return svg_html(svg)

        rows = [[("→" if q == self.initial else "") + ("*" if self.accepting[q] else "") + str(q)]
                + [int(t) for t in self.transitions[q]] for q in range(self.n_states)]
        return html_table(["state"] + list(self.alphabet), rows,
                          caption=f"DFA, {self.n_states} states (→ initial, * accepting)")

    def _repr_markdown_(self) -> str:
        """A transition table (for front ends that show Markdown but not SVG)."""
        head = "| state | " + " | ".join(f"`{a}`" for a in self.alphabet) + " |"
        rule = "|---|" + "---|" * len(self.alphabet)
        rows = []
        for q in range(min(self.n_states, 50)):
            mark = ("→" if q == self.initial else "") + ("*" if self.accepting[q] else "")
            rows.append(f"| {mark}{q} | " + " | ".join(str(int(t)) for t in self.transitions[q]) + " |")
        more = [f"\n… {self.n_states - 50} more states"] if self.n_states > 50 else []
        return "\n".join([head, rule, *rows, *more]) + "\n\n→ initial, * accepting"

    @property
    def reachable(self) -> np.ndarray:
        """Read-only boolean mask of the states reachable from the initial state."""
        mask = self._cache.get("reachable")
        if mask is None:
            from .minimize import bfs_order
            order = bfs_order(self.transitions, self.initial)
            mask = np.zeros(self.n_states, dtype=bool)
            mask[order] = True
            mask.setflags(write=False)
            self._cache["reachable"] = mask
        return mask

    def coreachable(self) -> np.ndarray:
        """Boolean mask of the states from which some accepting state is reachable."""
        mask = self._cache.get("coreachable")
        if mask is None:
            n, k = self.transitions.shape
            mask = self.accepting.copy()
            if k and n:
                src = np.repeat(np.arange(n), k)
                dst = self.transitions.reshape(-1).astype(np.int64)
                order = np.argsort(dst, kind="stable")
                src_sorted = src[order]
                ptr = np.zeros(n + 1, dtype=np.int64)
                np.cumsum(np.bincount(dst, minlength=n), out=ptr[1:])
                frontier = np.flatnonzero(mask)
                while frontier.size:
                    starts, ends = ptr[frontier], ptr[frontier + 1]
                    preds = src_sorted[_ranges(starts, ends - starts)]
                    preds = np.unique(preds[~mask[preds]])
                    mask[preds] = True
                    frontier = preds
            mask.setflags(write=False)
            self._cache["coreachable"] = mask
        return mask

    def sink_states(self) -> np.ndarray:
        """The states (sorted) from which no accepting state is reachable (dead states)."""
        return np.flatnonzero(~self.coreachable())

    def is_sink(self, state: int) -> bool:
        return not bool(self.coreachable()[state])

    def minimal(self) -> "DFA":
        """The minimal, canonically numbered DFA of the same language (cached)."""
        m = self._cache.get("minimal")
        if m is None:
            from .minimize import minimize
            m = minimize(self)
            self._cache["minimal"] = m
            m._cache["minimal"] = m
        return m

    # -- running words -----------------------------------------------------------------
    def letter_index(self, letter: str) -> int:
        try:
            return self._index[letter]
        except (KeyError, TypeError):
            raise InputError(f"letter {letter!r} is not in the alphabet {list(self.alphabet)}") from None

    def encode(self, word) -> np.ndarray:
        """The word as an int64 array of letter indices (an int array is checked and kept)."""
        if isinstance(word, np.ndarray) and word.dtype.kind in "iu":
            arr = word.astype(np.int64, copy=False).reshape(-1)
            if arr.size and (arr.min() < 0 or arr.max() >= len(self.alphabet)):
                raise InputError(f"letter index out of range for an alphabet of {len(self.alphabet)} letters")
            return arr
        if isinstance(word, str) and len(word) > 64:
            table = self._char_table()
            if table is not None:  # single-character letters: vectorised lookup
                points = np.frombuffer(word.encode("utf-32-le"), dtype=np.uint32).astype(np.int64)
                keys, values = table
                pos = np.minimum(np.searchsorted(keys, points), len(keys) - 1)
                bad = keys[pos] != points
                if bad.any():
                    self.letter_index(word[int(np.flatnonzero(bad)[0])])
                return values[pos]
        index = self._index
        try:
            return np.fromiter((index[a] for a in word), dtype=np.int64)
        except (KeyError, TypeError):
            for a in word:
                self.letter_index(a)
            raise

    def _char_table(self):
        """(sorted code points, letter indices) when every letter is one character, else None."""
        if "chars" not in self._cache:
            if self.alphabet and separator(self.alphabet) == "":
                points = np.array([ord(a) for a in self.alphabet], dtype=np.int64)
                order = np.argsort(points)
                self._cache["chars"] = (points[order], order.astype(np.int64))
            else:
                self._cache["chars"] = None
        return self._cache["chars"]

    def run(self, word, state: int | None = None) -> int:
        """δ*(state, word), from the initial state by default."""
        q = self.initial if state is None else int(state)
        t = self.transitions
        for i in self.encode(word).tolist():
            q = t[q, i]
        return int(q)

    def accepts(self, word) -> bool:
        return bool(self.accepting[self.run(word)])

    def __contains__(self, word) -> bool:
        return self.accepts(word)

    def state_trace(self, word) -> np.ndarray:
        """States q_0 … q_N visited on the word (length N+1, q_0 = initial)."""
        codes = self.encode(word).tolist()
        out = np.empty(len(codes) + 1, dtype=np.int64)
        q = self.initial
        out[0] = q
        rows = self.transitions.tolist()
        for j, i in enumerate(codes, 1):
            q = rows[q][i]
            out[j] = q
        return out

    def prefix_acceptance(self, word) -> np.ndarray:
        """Boolean array of length N+1: entry n says whether w[:n] is accepted (n = 0…N)."""
        return self.accepting[self.state_trace(word)]

    def accepts_many(self, words) -> np.ndarray:
        """Boolean array: acceptance of each word, all words advanced in lock step.

        ``words`` is an iterable of words, or a 2-D int array of letter indices (all of one
        length).
        """
        t = self.transitions
        if isinstance(words, np.ndarray) and words.ndim == 2:
            codes = words.astype(np.int64, copy=False)
            if codes.size and (codes.min() < 0 or codes.max() >= len(self.alphabet)):
                raise InputError("letter index out of range")
            q = np.full(codes.shape[0], self.initial, dtype=np.int64)
            for j in range(codes.shape[1]):
                q = t[q, codes[:, j]]
            return self.accepting[q]
        encoded = [self.encode(w) for w in words]
        if not encoded:
            return np.zeros(0, dtype=bool)
        lengths = np.fromiter((len(e) for e in encoded), dtype=np.int64, count=len(encoded))
        L = int(lengths.max())
        padded = np.zeros((len(encoded), L), dtype=np.int64)
        for r, e in enumerate(encoded):
            padded[r, :len(e)] = e
        q = np.full(len(encoded), self.initial, dtype=np.int64)
        for j in range(L):
            live = lengths > j
            q = np.where(live, t[q, padded[:, j]], q)
        return self.accepting[q]

    # -- conversions -------------------------------------------------------------------
    def with_alphabet_order(self, alphabet: Sequence[str]) -> "DFA":
        """The same DFA with its columns permuted to the given order of the same letters."""
        alphabet = tuple(alphabet)
        if sorted(alphabet) != sorted(self.alphabet):
            raise InputError(f"alphabet {list(alphabet)} is not a permutation of {list(self.alphabet)}")
        cols = [self._index[a] for a in alphabet]
        return DFA._trusted(alphabet, self.transitions[:, cols], self.initial, self.accepting)

    def to_json(self) -> str:
        from .io import dfa_to_json
        return dfa_to_json(self)


def _ranges(starts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Concatenation of ``arange(s, s + c)`` for each pair (vectorised ragged gather)."""
    counts = np.asarray(counts, dtype=np.int64)
    total = int(counts.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    nz = counts > 0
    starts = np.asarray(starts, dtype=np.int64)[nz]
    counts = counts[nz]
    ends = np.cumsum(counts)
    out = np.ones(total, dtype=np.int64)
    out[0] = starts[0]
    # at the first index of each range, jump from the previous range's end to the new start
    out[ends[:-1]] = starts[1:] - (starts[:-1] + counts[:-1]) + 1
    return np.cumsum(out)


#: the slots' setters (DFA.__setattr__ refuses every assignment: the object is immutable)
_SET_ALPHABET, _SET_TRANSITIONS, _SET_INITIAL, _SET_ACCEPTING, _SET_INDEX, _SET_CACHE = (
    DFA.__dict__[name].__set__ for name in ("alphabet", "transitions", "initial", "accepting",
                                             "_index", "_cache"))
