"""The library's one type computation (indistinguishable.end_types / agreement_depth)
against the literal recursion of the tests (type_reference.types_at_end): the same
partition of the words into types at N+1, for LTL[P], LTL[Y<=k] and LTL[P,Y<=k]."""

from __future__ import annotations

import itertools

import pytest

from attnlogic.definability.checks.indistinguishable import agreement_depth, end_types
from attnlogic.kernel.errors import InputError
from type_reference import types_at_end

WORDS = [w for n in range(7) for w in itertools.product("ab", repeat=n)]


@pytest.mark.parametrize("fragment, k, past", [("LTL[P]", 0, True), ("LTL[Y]", 1, False),
                                               ("LTL[Y<=2]", 2, False), ("LTL[P,Y<=2]", 2, True)])
@pytest.mark.parametrize("depth", [1, 2])
def test_end_types_partition_the_words_as_the_defining_recursion(fragment, k, past, depth):
    ids = end_types(WORDS, fragment, depth)
    ref = [types_at_end(w, k, past, depth) for w in WORDS]
    pairs = set(zip(ids, ref))
    # a bijection between the two labellings: same type in one iff same type in the other
    assert len(pairs) == len(set(ids)) == len(set(ref)) > 1
    u, v = WORDS[5], WORDS[40]
    same = [end_types([u, v], fragment, d) for d in range(depth + 1)]
    agree = agreement_depth(u, v, fragment, depth)
    assert all((s[0] == s[1]) == (d <= agree) for d, s in enumerate(same))


def test_end_types_checks_its_arguments():
    with pytest.raises(InputError) as exc:
        end_types(["ab"], "LTL[P]", -1)
    assert exc.value.parameters == ("depth",)
    with pytest.raises(InputError) as exc:
        end_types(["a" * 30], "LTL[P]", 1, max_length=10)
    assert exc.value.parameters == ("max_length",)
