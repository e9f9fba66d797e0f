"""Stage 1 of the compiler: formula → residual-space assignment and layer schedule.

Like Tracr's staged compiler, the plan is pure data (no tensors); :mod:`.weights` turns it
into parameters.

Residual space.  One coordinate per atom of the formula (the letter embedding, one-hot; EOS
and letters that are not atoms embed to 0), and one coordinate per *computed* subformula
(each temporal subformula and each Boolean gate that needs a ReLU).  Every coordinate holds 0
or 1.  A subformula's value is an :class:`Affine` expression over coordinates: ``!φ`` is
``1 − φ`` and constants are constants, so negation costs nothing.

Stages.  Stage 0 is the embedding; stage 2ℓ−1 is after the attention of layer ℓ and stage 2ℓ
after its feed-forward network.

* ``P ψ`` / ``Y[<=k] ψ`` (argument ready at stage s): a global / k-local head in layer
  ℓ = ⌈s/2⌉ + 1, score 0 where ψ holds and −C where it does not, value ψ; output: 1 if
  some visible position has ψ, 0 if none does or the window is empty.  Stage 2ℓ−1.
* a Boolean function of atoms alone is affine (atoms are exclusive):
  f = f(none) + Σ_a (f(a) − f(none))·x_a, stage 0, no coordinate.
* a Boolean gate (children ready at stage s): computed in the FFN of layer ℓ = ⌊s/2⌋ + 1,
  stage 2ℓ.  When its Boolean block (the Boolean nodes down to the first atoms, constants
  and temporal nodes, the *leaves*) has few assignments, the gate is computed directly
  from its leaves in one ReLU layer, one unit per satisfying (or falsifying) assignment:
  ``ReLU(Σ_{x∈pos} x − Σ_{x∈neg} x − (|pos| − 1))`` is 1 on that assignment and ≤ 0 on every
  other {0,1} assignment.  Otherwise from its two children with ≤ 2 units (``x & y =
  ReLU(x+y−1)``, ``x | y = 1 − ReLU(1−x−y)``, ``x -> y = 1 − ReLU(x−y)``,
  ``x xor y = ReLU(x+y) − 2 ReLU(x+y−1)``, ``<->`` = 1 − xor).  Atoms are mutually exclusive
  (one letter per position), which keeps the assignment count at (|atoms|+1)·2^|temporal|.

Readout.  The output at position n is ``2 R − 1`` where R is the formula's Boolean skeleton
above its temporal subformulas with the top-level atoms replaced by ``false``.  Temporal
values at n depend only on positions < n, so R at position n+1 is the acceptance of the
prefix w[:n]; the EOS position gives the acceptance of w.  Accept iff the readout > 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import product

from attnlogic.kernel.errors import InputError, LimitExceeded
from attnlogic.kernel.limits import PERIODIC_TABLE_ENTRIES
from attnlogic.ltl.formula import (And, Atom, Const, Formula, Historically, Iff, Implies, Mod, Not,
                                   Once, Or, Past, Since, Xor, Yesterday)
from attnlogic.ltl.printer import node_texts, to_text
from attnlogic.ltl.semantics import PY_BOOLEAN, boolean_block
from attnlogic.ltl.rewrite import core, readout_skeleton  # noqa: F401  (readout_skeleton: part of the plan API)

from attnlogic.transformer.config import HeadSpec

__all__ = ["Affine", "HeadPlan", "Unit", "Plan", "plan_formula", "planned_width", "readout_skeleton",
           "MINTERM_BUDGET", "MAX_WIDTH", "MAX_PERIODIC_ENTRIES"]

#: most residual coordinates of a compiled model (``max_width``): the weights grow as
#: width² per layer
MAX_WIDTH = 2048

#: most entries of the periodic positional table of MOD[m,r] leaves: (lcm of the moduli) ×
#: width, float32 (256 MiB)
MAX_PERIODIC_ENTRIES = PERIODIC_TABLE_ENTRIES

#: largest number of leaf assignments for which a gate is computed directly from its leaves
MINTERM_BUDGET = 64


@dataclass(frozen=True)
class Affine:
    """Σ coef·x[coord] + const, with ``terms`` sorted by coordinate."""

    terms: tuple[tuple[int, float], ...]
    const: float = 0.0

    @staticmethod
    def coord(i: int) -> "Affine":
        return Affine(((i, 1.0),), 0.0)

    @staticmethod
    def constant(c: float) -> "Affine":
        return Affine((), float(c))

    def scale_add(self, a: float, other: "Affine | None" = None, b: float = 0.0, c: float = 0.0) -> "Affine":
        """a·self + b·other + c."""
        acc: dict[int, float] = {}
        for i, w in self.terms:
            acc[i] = acc.get(i, 0.0) + a * w
        if other is not None:
            for i, w in other.terms:
                acc[i] = acc.get(i, 0.0) + b * w
        const = a * self.const + (b * other.const if other is not None else 0.0) + c
        return Affine(tuple(sorted((i, w) for i, w in acc.items() if w != 0.0)), const)

    def negate(self) -> "Affine":
        """1 − self."""
        return self.scale_add(-1.0, c=1.0)


@dataclass(frozen=True)
class HeadPlan:
    """One head: mask ``spec``, reads ``arg`` (an Affine in {0,1}), writes coordinate ``out``.
    A ``hard`` head (B-RASP) scores the positions by ``key`` (an Affine in {0,1}) and copies
    ``arg`` from the rightmost position of largest score."""

    spec: HeadSpec
    arg: Affine
    out: int
    formula: str
    key: Affine | None = None


@dataclass(frozen=True)
class Unit:
    """One ReLU unit: ``coef · ReLU(inp)`` added to coordinate ``out``."""

    inp: Affine
    out: int
    coef: float


@dataclass(frozen=True)
class Plan:
    """The whole schedule.  ``heads[ℓ]``, ``units[ℓ]``, ``ffn_bias[ℓ]`` for layers ℓ = 0…L−1."""

    formula: str
    alphabet: tuple[str, ...]
    atoms: tuple[str, ...]                 # atom i lives in coordinate i
    width: int
    heads: tuple[tuple[HeadPlan, ...], ...]
    units: tuple[tuple[Unit, ...], ...]
    ffn_bias: tuple[tuple[tuple[int, float], ...], ...]
    readout: Affine                        # R; the model outputs 2R − 1
    names: tuple[str, ...]                 # what each coordinate holds
    mods: tuple[tuple[int, int, int], ...] = ()   # (coordinate, m, r) of each MOD[m,r] leaf

    @property
    def n_layers(self) -> int:
        return len(self.heads)

    @property
    def n_heads(self) -> int:
        return sum(len(h) for h in self.heads)

    @property
    def d_ff(self) -> int:
        return max([len(u) for u in self.units] + [1])


def _boolean_block_leaves(node: Formula, max_atoms: int | None = None,
                          max_bits: int | None = None) -> list[Formula] | None:
    """Atoms, constants and temporal nodes below ``node`` through Boolean nodes only; None
    as soon as more than ``max_atoms`` atoms or ``max_bits`` temporal and MOD leaves are
    found (the caller then needs no list: the walk stops early, so that a long Boolean chain
    costs time linear in its length, not quadratic)."""
    leaves, stack, seen = [], [node], set()
    n_atoms = n_bits = 0
    while stack:
        x = stack.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        if isinstance(x, (Atom, Const, Mod)) or x.is_temporal:
            leaves.append(x)
            if isinstance(x, Atom):
                n_atoms += 1
                if max_atoms is not None and n_atoms > max_atoms:
                    return None
            elif not isinstance(x, Const):
                n_bits += 1
                if max_bits is not None and n_bits > max_bits:
                    return None
        else:
            stack.extend(x.children)
    return leaves


def _eval_block(node: Formula, leaf_value: dict[int, bool]) -> bool:
    """Truth of a Boolean block given its leaves' values (by ``id``; constants by their
    value), through the shared table of the connectives."""
    return boolean_block(node, lambda x: x.value if isinstance(x, Const) else leaf_value[id(x)],
                         PY_BOOLEAN)


def _unsupported(f: Formula) -> None:
    for node in f.subformulas():
        if isinstance(node, Since):
            raise InputError(
                "cannot compile S (since): no soft-attention head computes it (LTL[S] needs "
                "unique-hard attention); the compiler handles LTL[P,Y<=k] (P, Y, Y[<=k], and O, H "
                "rewritten into P)")


def _head_coordinates(node: Formula, cleanup: bool, span_fix: bool) -> int:
    """Coordinates a ``P ψ`` / ``Y[<=k] ψ`` node takes: its head's output; with cleanup also
    the raw head output; with Li & Cotterell's patch (``P`` only) raw, clean, ψ ∧ clean, the
    second head's raw output and the result."""
    if not cleanup:
        return 1
    return 5 if span_fix and isinstance(node, Past) else 2


def planned_width(f: Formula, cleanup: bool = False, span_fix: bool = False) -> int:
    """The number of residual coordinates :func:`plan_formula` gives ``f`` (its ``width``,
    before the ``max(1, ·)``), counted in one pass over the DAG, before anything is built:
    one per atom, per MOD leaf, per temporal node (more with ``cleanup``/``span_fix``) and
    per Boolean gate whose Boolean block has a temporal or MOD leaf (a gate over atoms
    alone is affine and takes none)."""
    cleanup = cleanup or span_fix
    if any(isinstance(n, (Once, Historically)) for n in f.subformulas()):
        f = core(f)
    root = readout_skeleton(f)
    pure: dict[int, bool] = {}      # no temporal or MOD leaf in the node's Boolean block
    width = len(f.atoms)
    for node in root.subformulas():
        nid = id(node)
        if isinstance(node, (Atom, Const)):
            pure[nid] = True
        elif isinstance(node, Mod):
            pure[nid] = False
            width += 1
        elif node.is_temporal:
            pure[nid] = False
            width += _head_coordinates(node, cleanup, span_fix)
        elif isinstance(node, Not):
            pure[nid] = pure[id(node.arg)]
        else:
            pure[nid] = all(pure[id(c)] for c in node.children)
            width += 0 if pure[nid] else 1
    return width


def hard_heads_form(f: Formula) -> Formula:
    """``f`` for a model of hard heads only: O and H into P, Y[<=k] ψ (k > 1) into
    Y(ψ | Y[<=k−1] ψ).  Every temporal node is then P, Y or S, each one hard head."""
    def unroll(arg: Formula, k: int) -> Formula:
        return Yesterday(arg) if k == 1 else Yesterday(Or(arg, unroll(arg, k - 1)))

    f = core(f)
    memo: dict[Formula, Formula] = {}
    for node in f.subformulas():
        children = tuple(memo[c] for c in node.children)
        memo[node] = unroll(children[0], node.k) if isinstance(node, Yesterday) else node.map_children(children)
    return memo[f]


def _key_formula(node: Formula) -> Formula:
    """The score of the hard head of a temporal node (B-RASP, Yang, Chiang and Angluin 2024):
    φ S ψ holds at n iff the rightmost m < n with ¬φ ∨ ψ exists and has ψ, so the head
    scores ¬φ ∨ ψ and copies ψ; P ψ = true S ψ scores ψ; Y ψ = false S ψ scores true."""
    if isinstance(node, Since):
        return Or(Not(node.left), node.right)
    if isinstance(node, Past):
        return node.arg
    return Const(True)


def plan_formula(f: Formula, alphabet=None, minterm_budget: int = MINTERM_BUDGET,
                 cleanup: bool = False, span_fix: bool = False, max_width: int = MAX_WIDTH,
                 hard: bool = False) -> Plan:
    """Schedule ``f`` (O and H are first rewritten into P; S is refused with InputError).

    ``cleanup`` (for fixed-point machines that round attention weights): every head's raw
    output r goes through clean(r) = ReLU(3r − 1) − ReLU(3r − 2) in the FFN of its layer
    (1 for r ≥ 2/3, 0 for r ≤ 1/3) before anything reads it.  ``span_fix`` (Li & Cotterell's
    patch, implies cleanup): ``P ψ`` = clean(r₁) ∨ clean(r₂) where r₁ is the head over ψ and
    r₂ a head in the next layer over g = ψ ∧ clean(r₁) ("ψ with an earlier ψ still seen").
    """
    cleanup = cleanup or span_fix
    if hard and cleanup:
        raise InputError("hard heads are not compiled for fixed-point machines", parameters=("fixed_point",))
    if hard:
        f = hard_heads_form(f)
    elif isinstance(f, (Once, Historically)) or any(isinstance(n, (Once, Historically)) for n in f.subformulas()):
        f = core(f)
    if not hard:
        _unsupported(f)
    needed = planned_width(f, cleanup, span_fix)
    if needed > max_width:           # decided before anything is built
        raise LimitExceeded("compiled width (residual coordinates)", max_width,
                            f"the formula needs {needed}", parameters=("max_width",))
    moduli = [n.m for n in f.subformulas() if isinstance(n, Mod)]
    period = math.lcm(*moduli) if moduli else 1
    if period * max(1, needed) > MAX_PERIODIC_ENTRIES:    # the positional table's size
        raise LimitExceeded("periodic positional table (rows × coordinates)", MAX_PERIODIC_ENTRIES,
                            f"its period is {period}, the lcm of the MOD moduli, times {needed} coordinates",
                            parameters=("formula",))
    atoms = tuple(sorted(f.atoms))
    letters = tuple(alphabet) if alphabet is not None else ()
    alpha = tuple(letters) + tuple(a for a in atoms if a not in letters)
    root = readout_skeleton(f)
    text = node_texts(root)          # every coordinate's name, in one pass
    max_bits = max(0, minterm_budget.bit_length() - 1)

    names: list[str] = list(atoms)
    expr: dict[int, Affine] = {}
    stage: dict[int, int] = {}
    heads: dict[int, list[HeadPlan]] = {}
    units: dict[int, list[Unit]] = {}
    bias: dict[int, dict[int, float]] = {}
    mods: list[tuple[int, int, int]] = []

    def fresh(name: str) -> int:
        names.append(name)
        return len(names) - 1

    atom_index = {a: i for i, a in enumerate(atoms)}
    pure: dict[int, bool] = {}       # no temporal or MOD leaf in the node's Boolean block
    order = root.subformulas()
    if hard:   # the key of each hard head is a Boolean node of its own, visited before the head
        keyed, emitted = [], set()
        for node in order:
            for x in (_key_formula(node).subformulas() if node.is_temporal else []) + [node]:
                if x not in emitted:
                    emitted.add(x)
                    keyed.append(x)
                    text.setdefault(id(x), to_text(x))
        order = keyed
    for node in order:
        nid = id(node)
        pure[nid] = isinstance(node, (Atom, Const))
        if isinstance(node, Atom):
            expr[nid], stage[nid] = Affine.coord(atom_index[node.name]), 0
        elif isinstance(node, Const):
            expr[nid], stage[nid] = Affine.constant(1.0 if node.value else 0.0), 0
        elif isinstance(node, Mod):  # fed by the periodic positional encoding (.positional)
            mods.append((fresh(text[nid]), node.m, node.r))
            expr[nid], stage[nid] = Affine.coord(mods[-1][0]), 0
        elif isinstance(node, Not):
            pure[nid] = pure[id(node.arg)]
            expr[nid], stage[nid] = expr[id(node.arg)].negate(), stage[id(node.arg)]
        elif hard and node.is_temporal:
            key = _key_formula(node)
            psi = node.right if isinstance(node, Since) else node.arg
            s = max(stage[id(key)], stage[id(psi)])
            layer = (s + 1) // 2 + 1
            out = fresh(text[nid])
            heads.setdefault(layer, []).append(HeadPlan(HeadSpec("hard"), expr[id(psi)], out, text[nid],
                                                         key=expr[id(key)]))
            expr[nid], stage[nid] = Affine.coord(out), 2 * layer - 1
        elif isinstance(node, (Past, Yesterday)):
            s = stage[id(node.arg)]
            layer = (s + 1) // 2 + 1
            spec = HeadSpec("global") if isinstance(node, Past) else HeadSpec("local", node.k)
            psi = expr[id(node.arg)]
            if not cleanup:
                out = fresh(text[nid])
                heads.setdefault(layer, []).append(HeadPlan(spec, psi, out, text[nid]))
                expr[nid], stage[nid] = Affine.coord(out), 2 * layer - 1
                continue
            raw = fresh(f"raw {text[nid]}")
            heads.setdefault(layer, []).append(HeadPlan(spec, psi, raw, text[nid]))
            r = Affine.coord(raw)
            if not (span_fix and isinstance(node, Past)):
                out = fresh(text[nid])
                units.setdefault(layer, []).extend(_clean_units(r, out))
                expr[nid], stage[nid] = Affine.coord(out), 2 * layer
                continue
            arg_text = text[id(node.arg)]
            c1, g = fresh(f"clean {text[nid]}"), fresh(f"{arg_text} & {text[nid]}")
            units.setdefault(layer, []).extend(_clean_units(r, c1))
            # g = ψ ∧ clean(r): the clean units shifted down by 6(1 − ψ) (r ≤ 2 keeps them ≤ 0 when ψ = 0)
            shift = psi.scale_add(6.0, c=-6.0)
            units.setdefault(layer, []).extend(_clean_units(r, g, shift))
            raw2, out = fresh(f"raw P({arg_text} & {text[nid]})"), fresh(text[nid])
            heads.setdefault(layer + 1, []).append(HeadPlan(spec, Affine.coord(g), raw2, f"P({arg_text} & {text[nid]})"))
            # out = clean(r₂) ∨ c1 = clean(r₂ + c1) since r₂ ≥ 0 and c1 ∈ {0, 1}
            units.setdefault(layer + 1, []).extend(_clean_units(Affine.coord(raw2), out, Affine.coord(c1).scale_add(3.0)))
            expr[nid], stage[nid] = Affine.coord(out), 2 * (layer + 1)
        else:  # a binary Boolean gate
            if all(pure[id(c)] for c in node.children):
                # atoms are exclusive, so a Boolean function of atoms alone is affine:
                # f = f(none) + Σ_a (f(a) − f(none)) · x_a, composed from its operands'
                pure[nid] = True
                expr[nid], stage[nid] = _combine_affine(node, expr[id(node.left)], expr[id(node.right)]), 0
                continue
            pure[nid] = False
            out = fresh(text[nid])
            # MOD leaves are not exclusive with the letters: bits like the temporal leaves
            leaves = _boolean_block_leaves(node, minterm_budget - 1, max_bits)
            atom_leaves = [x for x in leaves if isinstance(x, Atom)] if leaves is not None else []
            temporal_leaves = [x for x in leaves if x.is_temporal or isinstance(x, Mod)] if leaves is not None else []
            n_assign = (len(atom_leaves) + 1) * 2 ** len(temporal_leaves)
            if leaves is not None and n_assign <= minterm_budget:
                s = max([stage[id(x)] for x in leaves] + [0])
                new_units, const = _minterm_units(node, atom_leaves, temporal_leaves, leaves, expr, out)
            else:
                s = max(stage[id(c)] for c in node.children)
                new_units, const = _gate_units(node, expr[id(node.left)], expr[id(node.right)], out)
            layer = s // 2 + 1
            units.setdefault(layer, []).extend(new_units)
            if const:
                bias.setdefault(layer, {})[out] = bias.get(layer, {}).get(out, 0.0) + const
            expr[nid], stage[nid] = Affine.coord(out), 2 * layer
    n_layers = max(list(heads) + list(units) + [0])
    return Plan(
        formula=str(f), alphabet=alpha, atoms=atoms, width=max(1, len(names)),
        heads=tuple(tuple(heads.get(l, ())) for l in range(1, n_layers + 1)),
        units=tuple(tuple(units.get(l, ())) for l in range(1, n_layers + 1)),
        ffn_bias=tuple(tuple(sorted(bias.get(l, {}).items())) for l in range(1, n_layers + 1)),
        readout=expr[id(root)], names=tuple(names), mods=tuple(mods))


def _clean_units(r: Affine, out: int, shift: Affine | None = None) -> list[Unit]:
    """clean(r) = ReLU(3r − 1 + shift) − ReLU(3r − 2 + shift) into ``out``."""
    base = r.scale_add(3.0) if shift is None else r.scale_add(3.0, shift, 1.0)
    return [Unit(base.scale_add(1.0, c=-1.0), out, 1.0), Unit(base.scale_add(1.0, c=-2.0), out, -1.0)]


_GATES = {And: lambda x, y: x and y, Or: lambda x, y: x or y, Implies: lambda x, y: (not x) or y,
          Iff: lambda x, y: x == y, Xor: lambda x, y: x != y}


def _combine_affine(node: Formula, x: Affine, y: Affine) -> Affine:
    """The affine form of the gate ``node`` over two affine forms of atoms alone.  At most
    one atom holds, so a form c + Σ w_a x_a is the function none ↦ c, a ↦ c + w_a, and the
    gate's form is none ↦ op(c_x, c_y), a ↦ op(c_x + w_a, c_y + v_a) (every value 0 or 1)."""
    op = _GATES[type(node)]
    wx, wy = dict(x.terms), dict(y.terms)
    base = 1.0 if op(x.const > 0.5, y.const > 0.5) else 0.0
    terms = []
    for a in sorted(set(wx) | set(wy)):
        v = 1.0 if op(x.const + wx.get(a, 0.0) > 0.5, y.const + wy.get(a, 0.0) > 0.5) else 0.0
        if v != base:
            terms.append((a, v - base))
    return Affine(tuple(terms), base)


def _gate_units(node: Formula, x: Affine, y: Affine, out: int) -> tuple[list[Unit], float]:
    s = x.scale_add(1.0, y, 1.0)  # x + y
    if isinstance(node, And):
        return [Unit(s.scale_add(1.0, c=-1.0), out, 1.0)], 0.0
    if isinstance(node, Or):
        return [Unit(s.scale_add(-1.0, c=1.0), out, -1.0)], 1.0
    if isinstance(node, Implies):
        return [Unit(x.scale_add(1.0, y, -1.0), out, -1.0)], 1.0
    if isinstance(node, Xor):
        return [Unit(s, out, 1.0), Unit(s.scale_add(1.0, c=-1.0), out, -2.0)], 0.0
    if isinstance(node, Iff):
        return [Unit(s, out, -1.0), Unit(s.scale_add(1.0, c=-1.0), out, 2.0)], 1.0
    raise TypeError(f"not a Boolean gate: {type(node).__name__}")


def _minterm_units(node, atom_leaves, temporal_leaves, leaves, expr, out) -> tuple[list[Unit], float]:
    """One unit per assignment of the leaves on which ``node`` is true (or false, if fewer)."""
    consts = {id(x): x.value for x in leaves if isinstance(x, Const)}
    rows = []
    for letter in [None] + atom_leaves:            # which atom holds (None: none of them)
        for bits in product((False, True), repeat=len(temporal_leaves)):
            val = dict(consts)
            val.update({id(a): a is letter for a in atom_leaves})
            val.update({id(t): b for t, b in zip(temporal_leaves, bits)})
            pos = ([letter] if letter is not None else []) + [t for t, b in zip(temporal_leaves, bits) if b]
            neg = ([] if letter is not None else list(atom_leaves)) + \
                  [t for t, b in zip(temporal_leaves, bits) if not b]
            rows.append((_eval_block(node, val), pos, neg))
    n_true = sum(1 for v, _, _ in rows if v)
    want = n_true <= len(rows) - n_true
    result = []
    for v, pos, neg in rows:
        if v != want:
            continue
        inp = Affine.constant(1.0 - len(pos))
        for x in pos:
            inp = inp.scale_add(1.0, expr[id(x)], 1.0)
        for x in neg:
            inp = inp.scale_add(1.0, expr[id(x)], -1.0)
        result.append(Unit(inp, out, 1.0 if want else -1.0))
    return result, (0.0 if want else 1.0)
