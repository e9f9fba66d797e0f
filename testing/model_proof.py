"""A proof, without running words, that a saved model computes its formula: interval
arithmetic over the residual coordinates, layer by layer, for the weights as stored (their
dtype), at every position of every word up to a length bound L (or of every length).

Independent of the compiler: it reads the weights (a dict of tensors), the config and the
sidecar's metadata, and imports nothing from ``attnlogic.compiler``.  What the sidecar
claims (``metadata["proof"]``):

* ``coordinates``: the formula (text) each residual coordinate holds: an atom (the letter
  embedding), ``MOD[m,r]`` (the periodic positional encoding), ``P ψ`` / ``Y[<=k] ψ`` (a
  head's output) or a Boolean formula (a feed-forward gate);
* ``written``: the stage at which each coordinate gets its value (0: embedding; 2ℓ−1: the
  attention of layer ℓ; 2ℓ: its feed-forward network); before it, the coordinate is 0;
* ``heads``: per layer, per head, the coordinate the head writes;
* and ``metadata["exact_up_to"]`` the length L claimed (null: every length).

What is proved, by induction over the stages: at every position of every word of at most
L letters (plus EOS), every coordinate written so far lies in the interval I_j(t) of the
truth value t of its formula at that position (unwritten ones in an interval Z_j), and the
readout at 0-based index n is > 0 iff the prefix w[:n] satisfies the formula.

* embedding: the stored rows, token by token (atoms are exclusive: one letter a position,
  none at EOS), plus the periodic table row by row;
* a head for ``P ψ`` (mask ``global``) or ``Y[<=k] ψ`` (mask ``local:k``): ψ is a Boolean
  combination of coordinates written earlier (matched by formula); for every assignment σ
  of those leaves (atoms exclusive) the key, value and score intervals follow from the
  leaves' intervals (every other coordinate at its hull).  With a gap g between the scores
  of ψ-positions and the others, the softmax puts at most ρ = N(e^{−g}(1+δ) + τ)/(1−δ) of
  its weight off the ψ-positions (N visible keys: L for a global head, min(k, L) for a local
  one), so the output is a convex combination of the ψ-values up to ρ, and of the non-ψ
  values (or exactly 0, empty window) when no ψ-position is visible;
* a gate (a coordinate written by the FFN): its formula is a Boolean combination of earlier
  coordinates; every assignment σ of them gives the units' intervals and the coordinate's;
* the readout: the formula with its atoms outside temporal operators replaced by false
  (read at index n it is the formula at the end of w[:n]) is a Boolean combination of
  coordinates; every assignment gives the readout's sign.

Arithmetic model (the kernels of :mod:`attnlogic.transformer.attention` and PyTorch's CPU
and CUDA kernels without TF32): every stored weight is taken exactly; a linear map, a score
and a softmax sum are accumulated in (at least) float32, with the worst-case error of a
sum of n terms γ_n = n·u/(1 − n·u), u = 2^-24 (Higham, Accuracy and Stability, §3.1 and
§4.2; a softmax sum is charged γ_{2N+2} for the online rescaling), then rounded once to the
model's dtype (round to nearest: monotone, so an interval's ends are rounded); exp has
relative error δ = 2^-20 and absolute error τ = 2^-149 (float32 underflow).  The checker's
own float64 arithmetic is covered by an outward margin of 2^-50 of every magnitude.  Since
γ_n grows with n, a global head is proved up to a finite L; a model of local heads only, at
every length.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass

import numpy as np
import torch

from attnlogic.kernel.errors import FileFormatError, InputError
from attnlogic.ltl.formula import (And, Atom, Const, FALSE, Formula, Iff, Implies, Mod, Not, Or, Past,
                                   Since, Xor, Yesterday)
from attnlogic.ltl.parser import parse
from attnlogic.ltl.rewrite import core

__all__ = ["ProofResult", "prove", "proved_length", "verify_saved_model", "MAX_ASSIGNMENTS"]

#: unit roundoff of the float32 accumulators
U_ACC = 2.0 ** -24
#: relative error allowed to exp, absolute error (float32 underflow)
EXP_REL, EXP_ABS = 2.0 ** -20, 2.0 ** -149
#: outward margin for the checker's own float64 arithmetic (relative to magnitudes)
OWN = 2.0 ** -50
#: most assignments of a gate's, head's or readout's leaves enumerated
MAX_ASSIGNMENTS = 1 << 14
#: largest length searched by :func:`proved_length`
MAX_LENGTH = 2 ** 40
_DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16,
           "float64": torch.float64}
_UNIT = {"float32": 2.0 ** -24, "bfloat16": 2.0 ** -8, "float16": 2.0 ** -11, "float64": 2.0 ** -53}
_TINY = {"float32": 2.0 ** -149, "bfloat16": 2.0 ** -133, "float16": 2.0 ** -24, "float64": 2.0 ** -1074}
_BOOLEAN = {And: lambda x, y: x and y, Or: lambda x, y: x or y, Implies: lambda x, y: (not x) or y,
            Iff: lambda x, y: x == y, Xor: lambda x, y: x != y}


class ProofFailure(Exception):
    """The proof does not go through: the message says where."""


@dataclass(frozen=True)
class ProofResult:
    """``valid``: the claim is proved; ``length``: the bound L (None: every length);
    ``max_error``: the largest distance of a coordinate from its truth value; ``reason``."""

    valid: bool
    reason: str
    length: int | None
    max_error: float | None = None
    coordinates: int = 0
    layers: int = 0

    def to_json(self) -> dict:
        return {"valid": self.valid, "reason": self.reason, "exact_up_to": self.length,
                "max_error": self.max_error, "coordinates": self.coordinates, "layers": self.layers}


def _mm(x: np.ndarray, W: np.ndarray) -> np.ndarray:
    """x @ W.T by numpy's own loops (einsum, no BLAS): the same float64 sums, in the same
    order, on every machine and thread count, so the proved bound is reproducible."""
    return np.einsum("ij,kj->ik", x, W, optimize=False)


def _gamma(n: float) -> float:
    return math.inf if n * U_ACC >= 0.5 else n * U_ACC / (1 - n * U_ACC)


class _Arith:
    """Interval operations in the model's dtype."""

    def __init__(self, dtype: str):
        self.torch_dtype = _DTYPES[dtype]
        self.u = _UNIT[dtype]
        self.tiny = _TINY[dtype]

    def round(self, x: np.ndarray) -> np.ndarray:
        """Round to nearest in the dtype (monotone); infinities and NaN stay."""
        a = np.asarray(x, dtype=np.float64)
        return torch.from_numpy(a.reshape(-1).copy()).to(self.torch_dtype).double().numpy().reshape(a.shape)

    def linear(self, W: np.ndarray, b: np.ndarray, lo: np.ndarray, hi: np.ndarray):
        """[lo, hi] of round(W x + b) for x in the box [lo, hi] (rows of lo/hi: cases).
        An output whose inputs are points and whose products and partial sums are all
        exact in the float32 accumulator (:func:`_exact`) is a point: no rounding happens."""
        mid, rad = (lo + hi) / 2, (hi - lo) / 2
        absW = np.abs(W)
        mag = _mm(np.maximum(np.abs(lo), np.abs(hi)), absW) + np.abs(b)
        err = (_gamma(W.shape[1] + 1) + OWN) * mag + self.tiny
        y = _mm(mid, W) + b
        r = _mm(rad, absW) + err
        out_lo, out_hi = self.round(y - r), self.round(y + r)
        exact = _exact(W, b, lo, hi)
        if exact.any():
            y_exact = self.round(_mm(np.where(np.isfinite(lo), lo, 0.0), W) + b)
            out_lo, out_hi = np.where(exact, y_exact, out_lo), np.where(exact, y_exact, out_hi)
        return out_lo, out_hi

    def add(self, a, b, upper: bool):
        """round(a + b) as the model computes it (one rounding of the exact sum), bounded
        below (``upper`` False) or above: the float64 sum, moved one ulp outward when it is
        inexact (TwoSum's error term), then rounded to the dtype (monotone)."""
        a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
        with np.errstate(invalid="ignore"):
            s = a + b
            bb = s - a
            err = (a - (s - bb)) + (b - bb)
            err = np.where(np.isfinite(s), err, 0.0)
        if upper:
            s = np.where(err > 0, np.nextafter(s, np.inf), s)
        else:
            s = np.where(err < 0, np.nextafter(s, -np.inf), s)
        return self.round(s)

    def widen(self, lo, hi, rel: float):
        """Outward by ``rel`` of the magnitude (plus the dtype's least subnormal)."""
        return lo - rel * np.abs(lo) - self.tiny, hi + rel * np.abs(hi) + self.tiny


def _fraction_bits(x: np.ndarray) -> np.ndarray:
    """Per entry, the least k ≥ 0 with x·2^k an integer (x finite dyadic; 0 for 0)."""
    x = np.asarray(x, np.float64)
    out = np.full(x.shape, -1, dtype=np.int64)
    for k in range(0, 1100):
        y = x * 2.0 ** k
        hit = (out < 0) & (np.floor(y) == y)
        out[hit] = k
        if np.all(out >= 0):
            break
    return out


def _exact(W, b, lo, hi) -> np.ndarray:
    """[cases, outputs]: True where output r of W x + b is computed exactly for the box row
    (every input with a non-zero weight in row r is a point, all products w·x and the bias
    are multiples of one 2^-e and the sum of their magnitudes is below 2^24·2^-e, so every
    partial sum, in any order, is a float32 and a float64 number)."""
    nzW = W != 0
    point = (lo == hi) & np.isfinite(lo)
    ok = _mm((~point).astype(np.float64), nzW.astype(np.float64)) == 0
    if not ok.any():
        return ok
    x = np.where(point, lo, 0.0)
    fw, fx, fb = _fraction_bits(W), _fraction_bits(x), _fraction_bits(b)
    # the finest granularity of the terms of row r in case i: max over used c of fw + fx
    scale = np.where(nzW[None, :, :], fw[None, :, :] + fx[:, None, :], 0).max(axis=2) if W.size else \
        np.zeros((lo.shape[0], W.shape[0]), np.int64)
    scale = np.maximum(scale, fb[None, :])
    mag = _mm(np.abs(x), np.abs(W)) + np.abs(b)
    return ok & (mag * np.exp2(scale.astype(np.float64)) < 2.0 ** 24)


def _boolean_value(f: Formula, leaf: dict) -> bool:
    if f in leaf:
        return leaf[f]
    if isinstance(f, Const):
        return f.value
    if isinstance(f, Not):
        return not _boolean_value(f.arg, leaf)
    return _BOOLEAN[type(f)](_boolean_value(f.left, leaf), _boolean_value(f.right, leaf))


def _realizable(leaves: list[Formula]):
    """The truth tuples of the formulas ``leaves`` that some position can have: each is a
    Boolean combination of atoms (exclusive), MOD leaves and temporal formulas, taken as
    free bits; None (no filter) when there are too many of those."""
    prims: list[Formula] = []
    for f in leaves:
        stack = [f]
        while stack:
            g = stack.pop()
            if isinstance(g, Const):
                continue
            if isinstance(g, (Atom, Mod)) or g.is_temporal:
                if g not in prims:
                    prims.append(g)
            else:
                stack.extend(g.children)
    alits = [g for g in prims if isinstance(g, Atom)]
    bits = [g for g in prims if not isinstance(g, Atom)]
    if (len(alits) + 1) * 2 ** len(bits) > MAX_ASSIGNMENTS:
        return None
    if not leaves:
        return {()}
    # every assignment at once, one row each: which atom holds (none, or alits[j]) × the
    # bits' values; each leaf's truth is a column, computed once per subformula
    rows = 1 << len(bits)
    which = np.repeat(np.arange(len(alits) + 1), rows)
    val = {g: which == j + 1 for j, g in enumerate(alits)}
    val.update((g, np.tile((np.arange(rows) >> (len(bits) - 1 - i)) & 1 == 1, len(alits) + 1))
               for i, g in enumerate(bits))
    columns = [_boolean_column(f, val, len(which), {}).tolist() for f in leaves]
    return set(zip(*columns))


_COLUMN = {And: np.logical_and, Or: np.logical_or, Implies: lambda x, y: ~x | y,
           Iff: np.equal, Xor: np.not_equal}


def _boolean_column(f: Formula, leaf: dict, n: int, memo: dict) -> np.ndarray:
    """:func:`_boolean_value` on n assignments at once: ``leaf`` maps formulas to bool
    arrays of length n (one entry per assignment); ``memo`` the subformulas done."""
    got = leaf.get(f)
    if got is not None:
        return got
    got = memo.get(f)
    if got is not None:
        return got
    if isinstance(f, Const):
        got = np.full(n, bool(f.value))
    elif isinstance(f, Not):
        got = ~_boolean_column(f.arg, leaf, n, memo)
    else:
        got = _COLUMN[type(f)](_boolean_column(f.left, leaf, n, memo), _boolean_column(f.right, leaf, n, memo))
    memo[f] = got
    return got


def _leaves(f: Formula, avail: dict, what: str, read: np.ndarray) -> list[Formula]:
    """The coordinates' formulas f is a Boolean combination of (top-down: a subformula that
    some available coordinate holds is a leaf when the weights ``read`` that coordinate, or
    when it is not a Boolean node; any such choice is sound, this one follows the weights)."""
    out, stack = [], [f]
    while stack:
        g = stack.pop()
        if g in avail and (read[avail[g]] or not (isinstance(g, Not) or type(g) in _BOOLEAN)):
            if g not in out:
                out.append(g)
        elif isinstance(g, Const):
            continue
        elif isinstance(g, Not):
            stack.append(g.arg)
        elif type(g) in _BOOLEAN:
            stack.extend((g.left, g.right))
        else:
            raise ProofFailure(f"{what}: the subformula {g} is held by no coordinate written before it")
    return out


def _skeletons(f: Formula) -> list[Formula]:
    """f with its atoms outside temporal operators replaced by false (its value at the end
    of a word, where no letter is read), O and H rewritten into P; and the same with every
    Y[<=k] ψ (k > 1) unrolled into Y(ψ | Y[<=k−1] ψ), an equivalent form (hard heads)."""
    f = core(f)
    memo: dict = {}
    for node in f.subformulas():
        ch = tuple(memo[c] for c in node.children)
        if isinstance(node, Yesterday) and node.k > 1:
            new = Yesterday(ch[0])
            for _ in range(node.k - 1):
                new = Yesterday(Or(ch[0], new))
            memo[node] = new
        else:
            memo[node] = node.map_children(ch)
    return [_skeleton(f), _skeleton(memo[f])]


def _skeleton(f: Formula) -> Formula:

    def walk(g):
        if isinstance(g, Atom):
            return FALSE
        if g.is_temporal or isinstance(g, (Const, Mod)):
            return g
        return g.map_children(tuple(walk(c) for c in g.children))
    return walk(f)


class _State:
    """Per coordinate j: ``lo[t, j]``, ``hi[t, j]`` the interval of its value when its formula
    has truth t (rows equal while the coordinate is unwritten; an empty row: lo > hi)."""

    def __init__(self, lo, hi, written):
        self.lo, self.hi, self.written = lo, hi, written

    def hull(self):
        return np.minimum(self.lo[0], self.lo[1]), np.maximum(self.hi[0], self.hi[1])

    def cases(self, leaves: list[int], atoms: set[int], realizable=None):
        """Boxes [S, D], one per assignment σ of ``leaves`` (at most one atom true; an
        assignment whose leaf value never occurs, or that ``realizable`` (a set of truth
        tuples of the leaves, or None) excludes, is skipped), with the assignments."""
        bits = [j for j in leaves if j not in atoms]
        alits = [j for j in leaves if j in atoms]
        n = (len(alits) + 1) * 2 ** len(bits)
        if n > MAX_ASSIGNMENTS:
            raise ProofFailure(f"{n} assignments of {len(leaves)} leaves (more than {MAX_ASSIGNMENTS})")
        hlo, hhi = self.hull()
        los, his, sigmas = [], [], []
        for which in [None] + alits:
            for values in itertools.product((False, True), repeat=len(bits)):
                sigma = {j: (j == which) for j in alits}
                sigma.update(zip(bits, values))
                if realizable is not None and tuple(sigma[j] for j in leaves) not in realizable:
                    continue
                lo, hi = hlo.copy(), hhi.copy()
                for j, t in sigma.items():
                    lo[j], hi[j] = self.lo[int(t), j], self.hi[int(t), j]
                if np.any(lo > hi):
                    continue
                los.append(lo)
                his.append(hi)
                sigmas.append(sigma)
        if not sigmas:
            return np.zeros((0, len(hlo))), np.zeros((0, len(hlo))), []
        return np.stack(los), np.stack(his), sigmas


@functools.lru_cache(maxsize=1 << 14)
def _parse(text: str) -> Formula:
    return parse(text)


def _parse_claim(meta: dict, width: int, n_layers: int, heads_per_layer: list[int]):
    proof = meta.get("proof")
    if not isinstance(proof, dict):
        raise ProofFailure("the sidecar has no proof (metadata.proof)")
    coords, written, heads = proof.get("coordinates"), proof.get("written"), proof.get("heads")
    if not (isinstance(coords, list) and len(coords) == width and all(isinstance(c, str) for c in coords)):
        raise FileFormatError("(sidecar)", "metadata.proof.coordinates", f"expected {width} formula texts")
    if not (isinstance(written, list) and len(written) == width
            and all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= 2 * n_layers for s in written)):
        raise FileFormatError("(sidecar)", "metadata.proof.written", f"expected {width} stages in 0..{2 * n_layers}")
    if not (isinstance(heads, list) and [len(h) if isinstance(h, list) else -1 for h in heads] == heads_per_layer
            and all(isinstance(j, int) and not isinstance(j, bool) and 0 <= j < width for h in heads for j in h)):
        raise FileFormatError("(sidecar)", "metadata.proof.heads",
                              f"expected per layer the coordinate of each head ({heads_per_layer} heads)")
    # a formula in the shared form ('$d1 := …; …'): coordinates name its definitions
    whole = meta.get("formula") if isinstance(meta.get("formula"), str) else ""
    defs = whole.replace("\n", ";").rsplit(";", 1)[0] + "; " if ":=" in whole else ""
    formulas = []
    for i, text in enumerate(coords):
        try:
            formulas.append(_parse(defs + text if "$" in text else text))
        except InputError as exc:
            raise FileFormatError("(sidecar)", f"metadata.proof.coordinates[{i}]", str(exc).splitlines()[0]) from None
    return formulas, written, heads


def prove(weights: dict, config: dict, dtype: str, meta: dict, length: int | None) -> ProofResult:
    """Prove (or fail to prove) the claim of the module docstring for words of at most
    ``length`` letters (None: every length).  ``weights``: name → tensor or array as
    stored; ``config``: the sidecar's config; ``meta``: its metadata (alphabet, eos,
    formula, proof)."""
    try:
        return _prove(weights, config, dtype, meta, length)
    except ProofFailure as exc:
        return ProofResult(False, str(exc), length)


def _prove(weights, config, dtype, meta, length) -> ProofResult:
    if dtype not in _DTYPES:
        raise ProofFailure(f"dtype {dtype!r}: no arithmetic model")
    if config.get("layernorm"):
        raise ProofFailure("models with LayerNorm have no interval proof here")
    if "fixed_point" in meta:
        raise ProofFailure("fixed-point models have no interval proof here (see compiler/precision.py)")
    positional = config.get("positional", "none")
    if positional not in ("none", "periodic"):
        raise ProofFailure(f"positional encoding {positional!r}: no proof")
    if config.get("readout_dim", 1) != 1:
        raise ProofFailure("the readout must have one output")
    A = _Arith(dtype)
    W = {k: (v.detach().double().cpu().numpy() if isinstance(v, torch.Tensor) else np.asarray(v, np.float64))
         for k, v in weights.items()}
    for k, v in W.items():
        if not np.all(np.isfinite(v)):
            raise ProofFailure(f"the tensor {k} has a non-finite entry")
    D = int(config["d_model"])
    layer_heads = config.get("heads") or []
    n_layers = int(config["n_layers"])
    if layer_heads and not isinstance(layer_heads[0], list):
        layer_heads = [list(layer_heads)] * n_layers
    if not layer_heads:
        layer_heads = [[] for _ in range(n_layers)]
    formulas, written, head_coords = _parse_claim(meta, D, n_layers, [len(h) for h in layer_heads])
    alphabet, eos = list(meta.get("alphabet") or []), meta.get("eos")
    if eos != len(alphabet) or W["embed.weight"].shape[0] != eos + 1:
        raise ProofFailure("the vocabulary must be the alphabet's letters then EOS")
    atoms = {j for j, f in enumerate(formulas) if isinstance(f, Atom)}

    # stage 0: the embedding (plus the periodic table), token by token, row by row
    E = W["embed.weight"]
    if positional == "periodic":
        P = W["pos.weight"]
        vals = A.add(E[:, None, :], P[None, :, :], True)
        if not np.array_equal(vals, A.add(E[:, None, :], P[None, :, :], False)):
            raise ProofFailure("the embedding plus the periodic table is not exact in the dtype")          # [tokens, rows, D]
    else:
        P, vals = None, E[:, None, :]
    lo, hi = np.empty((2, D)), np.empty((2, D))
    for j, f in enumerate(formulas):
        col = vals[:, :, j]
        if written[j] == 0:
            if isinstance(f, Atom):
                if f.name not in alphabet:
                    raise ProofFailure(f"coordinate {j}: atom {f.name!r} is not a letter of the vocabulary")
                truth = np.zeros(col.shape, bool)
                truth[alphabet.index(f.name), :] = True
            elif isinstance(f, Const):
                truth = np.full(col.shape, f.value)
            elif isinstance(f, Mod):
                if P is None or P.shape[0] % f.m:
                    raise ProofFailure(f"coordinate {j}: {f} needs a periodic encoding with a period divisible by {f.m}")
                rows = np.array([f.holds_at(c + 1) for c in range(P.shape[0])])
                truth = np.broadcast_to(rows[None, :], col.shape)
            else:
                raise ProofFailure(f"coordinate {j}: {f} is written by the embedding but is no atom, MOD or constant")
            for t in (0, 1):
                sel = col[truth == bool(t)]
                lo[t, j], hi[t, j] = (sel.min(), sel.max()) if sel.size else (np.inf, -np.inf)
        else:
            lo[:, j], hi[:, j] = col.min(), col.max()
    state = _State(lo, hi, np.array(written) == 0)
    index_of = {}
    for j, f in enumerate(formulas):
        index_of.setdefault(f, []).append(j)

    def available(stage: int, exclude: int | None = None) -> dict:
        """formula → a coordinate holding it written before ``stage``."""
        out = {}
        for j, f in enumerate(formulas):
            if written[j] < stage and j != exclude and f not in out:
                out[f] = j
        return out

    for l in range(n_layers):
        p = f"blocks.{l}."
        specs = layer_heads[l]
        targets = head_coords[l]
        if sorted(j for j in range(D) if written[j] == 2 * l + 1) != sorted(targets) or len(set(targets)) != len(targets):
            raise ProofFailure(f"layer {l + 1}: the coordinates written by its heads are not those the proof lists")
        if specs:
            state = _attention(A, W, p, specs, targets, formulas, state, available(2 * l + 1), atoms, length,
                               int(config.get("d_head") or 1), l)
        ffn_targets = [j for j in range(D) if written[j] == 2 * l + 2]
        if p + "ffn.fc1.weight" in W:
            state = _ffn(A, W, p, ffn_targets, formulas, state, available, atoms, l)
        elif ffn_targets:
            raise ProofFailure(f"layer {l + 1} has no feed-forward network but the proof writes coordinates in it")
        state.written = np.array(written) <= 2 * l + 2
    if any(s > 2 * n_layers for s in written):
        raise ProofFailure("a coordinate is written after the last layer")

    # the readout
    if not isinstance(meta.get("formula"), str):
        raise ProofFailure("the sidecar names no formula")
    try:
        targets = _skeletons(_parse(meta["formula"]))
    except InputError as exc:
        raise FileFormatError("(sidecar)", "metadata.formula", str(exc).splitlines()[0]) from None
    avail = available(2 * n_layers + 1)
    read = np.any(W["readout.weight"] != 0, axis=0)
    try:
        target = targets[0]
        leaves = _leaves(target, avail, "the readout", read)
    except ProofFailure:
        target = targets[1]
        leaves = _leaves(target, avail, "the readout", read)
    blo, bhi, sigmas = state.cases([avail[f] for f in leaves], atoms, _realizable(leaves))
    ylo, yhi = A.linear(W["readout.weight"], W["readout.bias"], blo, bhi)
    for s, sigma in enumerate(sigmas):
        truth = _boolean_value(target, {f: sigma[avail[f]] for f in leaves})
        if (truth and not ylo[s, 0] > 0) or (not truth and not yhi[s, 0] <= 0):
            raise ProofFailure(f"the readout is in [{ylo[s, 0]:.6g}, {yhi[s, 0]:.6g}] where the formula is "
                               f"{truth} (leaves {', '.join(f'{formulas[j]}={v}' for j, v in sigma.items())})")
    err = 0.0
    for j in range(D):
        for t in (0, 1):
            if state.lo[t, j] <= state.hi[t, j]:
                e = max(abs(state.lo[t, j] - t), abs(state.hi[t, j] - t))
                err = max(err, e)
                if not e < 0.5:
                    raise ProofFailure(f"coordinate {j} ({formulas[j]}) is only within {e:.6g} of its truth value {t}")
    return ProofResult(True, f"every coordinate within {err:.3g} of its formula's truth value and the readout's "
                             f"sign right at every position of every word "
                             + ("of every length" if length is None else f"of at most {length} letters"),
                       length, float(err), D, n_layers)


def _attention(A, W, p, specs, targets, formulas, state, avail, atoms, length, d, layer):
    qW, qb = W[p + "attn.q.weight"], W[p + "attn.q.bias"]
    kW, kb = W[p + "attn.k.weight"], W[p + "attn.k.bias"]
    vW, vb = W[p + "attn.v.weight"], W[p + "attn.v.bias"]
    hlo, hhi = state.hull()
    q_lo, q_hi = A.linear(qW, qb, hlo[None], hhi[None])
    scale = 1.0 / math.sqrt(d)
    outs = []        # per head: (lo[t, d], hi[t, d])
    for h, (spec, j) in enumerate(zip(specs, targets)):
        f = formulas[j]
        what = f"layer {layer + 1}, head {h + 1} ({spec}, writes {f})"
        if spec == "hard":
            outs.append(_hard_head(A, f, what, state, avail, atoms, q_lo[:, h * d:(h + 1) * d],
                                   q_hi[:, h * d:(h + 1) * d], scale,
                                   (kW[h * d:(h + 1) * d], kb[h * d:(h + 1) * d]),
                                   (vW[h * d:(h + 1) * d], vb[h * d:(h + 1) * d])))
            continue
        if isinstance(f, Past) and spec == "global":
            n_vis = length
        elif isinstance(f, Yesterday) and spec == f"local:{f.k}":
            n_vis = f.k if length is None else min(f.k, length)
        else:
            raise ProofFailure(f"{what}: a {spec} head computes no {f}")
        psi = f.arg
        r = slice(h * d, (h + 1) * d)
        leaves = _leaves(psi, avail, what, np.any(kW[r] != 0, axis=0) | np.any(vW[r] != 0, axis=0))
        blo, bhi, sigmas = state.cases([avail[g] for g in leaves], atoms, _realizable(leaves))
        k_lo, k_hi = A.linear(kW[r], kb[r], blo, bhi)
        v_lo, v_hi = A.linear(vW[r], vb[r], blo, bhi)
        ql, qh = q_lo[0, r], q_hi[0, r]
        prods = np.stack([ql * k_lo, ql * k_hi, qh * k_lo, qh * k_hi])
        s_lo, s_hi = prods.min(0).sum(1) * scale, prods.max(0).sum(1) * scale
        mag = np.abs(prods).max(0).sum(1) * scale
        s_lo, s_hi = s_lo - (_gamma(d) + A.u + OWN) * mag - A.tiny, s_hi + (_gamma(d) + A.u + OWN) * mag + A.tiny
        truth = np.array([_boolean_value(psi, {g: sg[avail[g]] for g in leaves}) for sg in sigmas], bool)
        T, F = truth, ~truth
        V = float(np.max(np.maximum(np.abs(v_lo), np.abs(v_hi)))) if len(sigmas) else 0.0
        n = math.inf if n_vis is None else n_vis
        eta = 2 * _gamma(2 * n + 2) / (1 - _gamma(2 * n + 2)) * V if _gamma(2 * n + 2) < 1 else math.inf
        if not math.isfinite(eta):
            raise ProofFailure(f"{what}: the float32 sums over {n} keys have no error bound"
                               + (" (a global head at every length)" if n == math.inf else ""))
        lo_t, hi_t = np.empty((2, d)), np.empty((2, d))
        # truth 1: some visible ψ-position
        if T.any():
            tl, th = v_lo[T].min(0), v_hi[T].max(0)
            if F.any():
                g = float(s_lo[T].min() - s_hi[F].max())
                ex = max(math.exp(-g), 5e-324) if g > 0 else 1.0
                rho = min(1.0, n * (ex * (1 + EXP_REL) + EXP_ABS) / (1 - EXP_REL)) if n != math.inf else 1.0
                if n == 1:
                    rho = 0.0        # one visible key, a ψ-position: the output is its value
                fl, fh = v_lo[F].min(0), v_hi[F].max(0)
                tl = tl - rho * np.maximum(0.0, tl - fl)
                th = th + rho * np.maximum(0.0, fh - th)
            lo_t[1], hi_t[1] = tl, th
        else:
            lo_t[1], hi_t[1] = np.inf, -np.inf
        # truth 0: no ψ-position visible (the values of non-ψ positions, or 0: empty window)
        if F.any():
            lo_t[0], hi_t[0] = np.minimum(0.0, v_lo[F].min(0)), np.maximum(0.0, v_hi[F].max(0))
        else:
            lo_t[0], hi_t[0] = 0.0, 0.0
        empty = lo_t > hi_t                  # a truth value no position has
        lo_t, hi_t = A.widen(np.where(empty, 0.0, lo_t - eta), np.where(empty, 0.0, hi_t + eta), 3 * U_ACC + OWN)
        lo_t, hi_t = A.round(lo_t), A.round(hi_t)
        outs.append((np.where(empty, np.inf, lo_t), np.where(empty, -np.inf, hi_t)))
    oW, ob = W[p + "attn.o.weight"], W[p + "attn.o.bias"]
    hull_lo = np.concatenate([np.minimum(a[0], a[1]) for a, _ in outs])
    hull_hi = np.concatenate([np.maximum(b[0], b[1]) for _, b in outs])
    a_lo, a_hi = A.linear(oW, ob, hull_lo[None], hull_hi[None])
    new_lo, new_hi = state.lo.copy(), state.hi.copy()
    for t in (0, 1):
        new_lo[t], new_hi[t] = A.add(state.lo[t], a_lo[0], False), A.add(state.hi[t], a_hi[0], True)
    for h, j in enumerate(targets):
        for t in (0, 1):
            c_lo, c_hi = hull_lo.copy(), hull_hi.copy()
            c_lo[h * d:(h + 1) * d], c_hi[h * d:(h + 1) * d] = outs[h][0][t], outs[h][1][t]
            if np.any(c_lo > c_hi):
                new_lo[t, j], new_hi[t, j] = np.inf, -np.inf
                continue
            y_lo, y_hi = A.linear(oW[j:j + 1], ob[j:j + 1], c_lo[None], c_hi[None])
            z_lo, z_hi = state.hull()
            new_lo[t, j], new_hi[t, j] = A.add(z_lo[j], y_lo[0, 0], False), A.add(z_hi[j], y_hi[0, 0], True)
    return _State(new_lo, new_hi, state.written)


def _hard_head(A, f, what, state, avail, atoms, q_lo, q_hi, scale, K, V):
    """The output intervals (truth 0, truth 1) of a hard head (rightmost maximiser) that
    writes ``f`` = φ S ψ (key ¬φ ∨ ψ), P ψ (key ψ) or Y ψ (key true), value ψ.  Needed: every
    key position scores exactly the same s* (a point, so that the rightmost of them is the
    one taken: no tie is broken by rounding) and every other position strictly less."""
    if isinstance(f, Since):
        key, psi = Or(Not(f.left), f.right), f.right
    elif isinstance(f, Past):
        key, psi = f.arg, f.arg
    elif isinstance(f, Yesterday) and f.k == 1:
        key, psi = Const(True), f.arg
    else:
        raise ProofFailure(f"{what}: a hard head computes S, P or Y, not {f}")
    d = K[0].shape[0]
    read = np.any(K[0] != 0, axis=0) | np.any(V[0] != 0, axis=0)
    leaves = list(dict.fromkeys(_leaves(key, avail, what, read) + _leaves(psi, avail, what, read)))
    blo, bhi, sigmas = state.cases([avail[g] for g in leaves], atoms, _realizable(leaves))
    k_lo, k_hi = A.linear(K[0], K[1], blo, bhi)
    v_lo, v_hi = A.linear(V[0], V[1], blo, bhi)
    ql, qh = q_lo[0, :d], q_hi[0, :d]
    if d != 1 or ql[0] != qh[0] or scale != 1.0:
        raise ProofFailure(f"{what}: a hard head needs d_head 1 and a constant query (exact scores)")
    prods = np.stack([ql[0] * k_lo[:, 0], ql[0] * k_hi[:, 0]])
    s_lo, s_hi = A.round(prods.min(0)), A.round(prods.max(0))      # one product, rounded once
    vals = [{g: sg[avail[g]] for g in leaves} for sg in sigmas]
    kt = np.array([_boolean_value(key, v) for v in vals], bool)
    pt = np.array([_boolean_value(psi, v) for v in vals], bool)
    if kt.any():
        top = s_lo[kt]
        if not (np.all(s_hi[kt] == top[0]) and np.all(top == top[0])):
            raise ProofFailure(f"{what}: the key positions' scores are not one exact value "
                               f"([{s_lo[kt].min():.6g}, {s_hi[kt].max():.6g}]): the rightmost is not sure to be taken")
        if (~kt).any() and not s_hi[~kt].max() < top[0]:
            raise ProofFailure(f"{what}: a non-key position may score {s_hi[~kt].max():.6g} ≥ {top[0]:.6g}")
    lo_t, hi_t = np.full((2, d), np.inf), np.full((2, d), -np.inf)
    one = kt & pt
    if one.any():
        lo_t[1], hi_t[1] = v_lo[one].min(0), v_hi[one].max(0)
    zero = ~one
    lo_t[0], hi_t[0] = 0.0, 0.0                                        # empty window
    if zero.any():
        lo_t[0], hi_t[0] = np.minimum(0.0, v_lo[zero].min(0)), np.maximum(0.0, v_hi[zero].max(0))
    return lo_t, hi_t


def _ffn(A, W, p, targets, formulas, state, available, atoms, layer):
    W1, b1 = W[p + "ffn.fc1.weight"], W[p + "ffn.fc1.bias"]
    W2, b2 = W[p + "ffn.fc2.weight"], W[p + "ffn.fc2.bias"]
    hlo, hhi = state.hull()
    u_lo, u_hi = A.linear(W1, b1, hlo[None], hhi[None])
    o_lo, o_hi = A.linear(W2, b2, np.maximum(u_lo, 0), np.maximum(u_hi, 0))
    new_lo, new_hi = A.add(state.lo, o_lo, False), A.add(state.hi, o_hi, True)
    for j in targets:
        f = formulas[j]
        what = f"layer {layer + 1}, feed-forward, coordinate {j} ({f})"
        if f.is_temporal or isinstance(f, (Atom, Mod, Const)):
            raise ProofFailure(f"{what}: a feed-forward network computes Boolean gates only")
        avail = available(2 * layer + 2, exclude=j)
        units = W2[j] != 0
        leaves = _leaves(f, avail, what, np.any(W1[units] != 0, axis=0))
        blo, bhi, sigmas = state.cases([avail[g] for g in leaves], atoms, _realizable(leaves))
        u_lo, u_hi = A.linear(W1, b1, blo, bhi)
        y_lo, y_hi = A.linear(W2[j:j + 1], b2[j:j + 1], np.maximum(u_lo, 0), np.maximum(u_hi, 0))
        truth = np.array([_boolean_value(f, {g: sg[avail[g]] for g in leaves}) for sg in sigmas], bool)
        for t in (0, 1):
            sel = truth == bool(t)
            if not sel.any():
                new_lo[t, j], new_hi[t, j] = np.inf, -np.inf
                continue
            new_lo[t, j] = A.add(hlo[j], y_lo[sel, 0].min(), False)
            new_hi[t, j] = A.add(hhi[j], y_hi[sel, 0].max(), True)
    return _State(new_lo, new_hi, state.written)


def proved_length(weights: dict, config: dict, dtype: str, meta: dict) -> tuple[int | None, ProofResult]:
    """The largest L the proof establishes (None: every length; 0: none), and its result:
    every length if it goes through there, else the largest L ≤ MAX_LENGTH by bisection
    (the bounds only grow with L)."""
    top = prove(weights, config, dtype, meta, None)
    if top.valid:
        return None, top
    best, res = 0, top
    step = 1 << 16
    first = prove(weights, config, dtype, meta, step)
    if not first.valid:
        step = 1
    while step <= MAX_LENGTH:
        r = prove(weights, config, dtype, meta, step)
        if not r.valid:
            break
        best, res, step = step, r, step * 2
    if best == 0:
        return 0, res
    lo, hi = best, min(step, MAX_LENGTH + 1)        # lo proved, hi not (or past the search)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        r = prove(weights, config, dtype, meta, mid)
        if r.valid:
            lo, res = mid, r
        else:
            hi = mid
    return lo, res


def verify_saved_model(path) -> ProofResult:
    """Re-check the proof of a saved model (safetensors + sidecar) for the length its
    sidecar claims (``exact_up_to``).  FileFormatError for files that cannot be read."""
    from safetensors.torch import load_file

    from attnlogic.transformer.io import load_model, read_sidecar

    side = read_sidecar(path)
    load_model(path)            # the file as `check` reads it: a proof about a file no loader takes is none
    try:
        weights = load_file(str(path))
    except FileNotFoundError:
        raise FileFormatError(str(path), "(file)", "not found") from None
    except Exception as exc:  # safetensors raises its own error types
        raise FileFormatError(str(path), "(file)", f"not a safetensors file: {exc}") from None
    meta, config = side.get("metadata", {}), side["config"]
    for name, t in weights.items():
        if str(t.dtype).removeprefix("torch.") != side["dtype"]:
            raise FileFormatError(str(path), name, f"stored as {t.dtype}, the sidecar says {side['dtype']}")
    claim = meta.get("exact_up_to")
    if claim == 0:
        return ProofResult(False, "the sidecar claims no length (exact_up_to 0)", 0)
    try:
        return prove(weights, config, side["dtype"], meta, claim)
    except FileFormatError:                 # a field of the sidecar, named by its own message
        raise
    except (KeyError, IndexError, ValueError, TypeError) as exc:
        raise FileFormatError(str(path), "tensors", f"do not match the config ({type(exc).__name__}: {exc})") from None
