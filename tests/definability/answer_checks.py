"""The corruptions every membership check must refuse, shared by the tests of the classes with a
"yes" certificate and a "no" witness (BPol and Pol over the group bases, UPol(MOD⁺))."""

from __future__ import annotations

import copy


def assert_answers_and_swaps(check, yes_dfa, yes: dict, no_dfa, no: dict) -> None:
    """Both answers pass ``check`` on their own language; each is refused on the other's
    (a "yes" re-decided, another language's witness); the "yes" with its verdict flipped is
    refused."""
    assert yes["member"] is True and check(yes_dfa, yes, "").valid
    assert no["member"] is False and check(no_dfa, no, "").valid
    assert not check(no_dfa, yes, "").valid
    assert not check(yes_dfa, no, "").valid
    flipped = copy.deepcopy(yes)
    flipped["member"] = False
    assert not check(yes_dfa, flipped, "").valid


def element_of(m, word) -> int:
    """The element of the monoid table ``m`` (a :class:`MonoidTable`: ``table``, ``one``,
    ``letters``) that the word ``word`` (letter indices) maps to."""
    x = int(m.one)
    for a in word:
        x = int(m.table[x, m.letters[a]])
    return x
