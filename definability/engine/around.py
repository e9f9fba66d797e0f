"""Undecided answers settled by asking the registered classes around them.

A procedure may stop at its budget and answer "undecided" (a saturation of pairs, the tiers of
MTSL, an identity's instantiations).  A declared inclusion A ⊆ B still settles it — L ∈ A gives
L ∈ B, L ∉ B gives L ∉ A (:mod:`.inclusions`) —, but :func:`.inclusions.settle` reads only the
answers of the classes a classification asked.  :func:`settle_around` asks more: for each
answer of a class asked by name still undecided (not the LTL fragments every classification
asks: they are asked with their neighbours already, and a default classification of a large
automaton costs what it did), the registered classes joined to it by a chain of declared inclusions
(through any registered classes) — those below it, whose "yes" is its "yes", and those above
it, whose "no" is its "no" —, nearest first (fewest steps in the chain, then the registry's
order), one at a time, until the answer is settled, no class around it is left, or
:data:`~attnlogic.kernel.limits.AROUND_CLASSES` classes were asked in the classification.

A class is asked only if its answer could settle one: never a class already answered, never a
class below an undecided one that lies inside a class answered "no" (it is then "no" too),
never a class above one that contains a class answered "yes".  Each is decided by its own
procedure under the classification's budgets (an undecided one is simply passed over).

The answers asked this way are not printed as answers of their own: an answer they settle
carries the one that proves it (``FragmentResult.carried``, with the chain of inclusions
named), and ``verify --class`` re-checks that answer by its own class's check and the chain
against the registry (:mod:`.verify_carried`).  The verdicts are those the procedures proved;
nothing here decides a class.  As in :func:`.inclusions.settle`, answers that contradict a
declared inclusion raise AssertionError (a bug in one procedure, never printed).
"""

from __future__ import annotations

from collections.abc import Callable

from ...kernel.limits import AROUND_CLASSES
from .inclusions import inclusions, settle
from .registry import CLASSES, class_for
from ..values.results import FragmentResult

__all__ = ["settle_around", "around"]


def _registered_keys() -> list:
    """The key of every registered class asked as one question (not a parametrised family)."""
    return [c.key if c.key is not None else c for c in CLASSES if c.asks is None]


def _same(a, b) -> bool:
    return a is b or a == b


def _keys(asked) -> list:
    """``asked`` (the keys a classification answers), then every other registered class's key."""
    return list(asked) + [k for k in _registered_keys() if not any(_same(k, a) for a in asked)]


def around(key, asked) -> list:
    """The registered classes joined to ``key`` by a chain of declared inclusions and not
    among ``asked`` (the keys a classification answers), nearest first: triples
    ``(class key, "below" | "above", steps)``, ``steps`` the fewest declared inclusions from
    one to the other (a breadth-first search on the one-step declarations), then the
    registry's order."""
    keys = _keys(asked)
    one_step = [(a, b) for (a, b), chain in inclusions(keys).items() if ";" not in chain]
    order = {id(k): i for i, k in enumerate(keys)}
    near = []
    for side, step in (("below", lambda x: [a for a, b in one_step if _same(b, x)]),
                       ("above", lambda x: [b for a, b in one_step if _same(a, x)])):
        seen, frontier, steps = [key], [key], 0
        while frontier:
            steps += 1
            nxt = []
            for x in frontier:
                for y in step(x):
                    if not any(_same(y, z) for z in seen):
                        seen.append(y)
                        nxt.append(y)
                        if not any(_same(y, a) for a in asked):
                            near.append((steps, order[id(y)], y, side))
            frontier = nxt
    near.sort(key=lambda x: x[:2])
    return [(k, side, steps) for steps, _, k, side in near]


def settle_around(results: dict, ask: Callable[[object, dict], FragmentResult],
                  on_stage=None, budget: int = AROUND_CLASSES) -> dict:
    """``results`` (key → answer, in output order) settled by :func:`.inclusions.settle` after
    asking the classes around each undecided answer (module docstring), same keys, same order.
    ``ask(key, answers)`` decides one more class (``answers``: every answer so far, for the
    procedures that read earlier ones); at most ``budget`` classes are asked."""
    whole = settle(results)                   # every answer so far, settled
    undecided = [k for k, r in whole.items() if r.member is None and not class_for(k).default]
    if not undecided or budget <= 0:
        return whole
    asked: dict = {}
    for key in undecided:
        for other, side, _ in around(key, list(results)):
            if whole[key].member is not None or len(asked) >= budget:
                break
            if any(_same(other, x) for x in asked):
                continue
            chains = inclusions(list(whole) + [other])
            implied = any((other, x) in chains and r.member is False if side == "below"
                          else (x, other) in chains and r.member is True
                          for x, r in whole.items())
            if implied:                       # its answer is known already: it settles nothing
                continue
            if on_stage is not None:
                on_stage(f"asking {other}, {side} the undecided {key}")
            asked[other] = ask(other, {**results, **asked})
            whole = settle({**results, **asked})
    return {k: whole[k] for k in results}
