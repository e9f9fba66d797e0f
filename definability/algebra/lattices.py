"""Subgroups of Z^k (integer lattices, not necessarily of full rank), exactly, with Python ints.

A subgroup Λ ⊆ Z^k is given by generators (vectors of length k).  Three computations:

* :func:`hermite` — the Hermite normal form: the unique basis h_1, …, h_s of Λ in row echelon
  form (h_i's first non-zero entry, its *pivot*, at column c_i, c_1 < c_2 < …), pivots
  positive, and every entry above a pivot reduced into [0, pivot).  Two generator sets span
  one subgroup iff their forms are equal, so the form is the subgroup's key.
* :func:`reduce` — the canonical representative of the coset v + Λ: v minus multiples of
  h_1, h_2, … in order, each bringing the coordinate c_i into [0, h_i[c_i]).  Two vectors of
  one coset reduce to the same vector (their difference Σ t_i h_i has t_1·h_1[c_1] at c_1,
  which lies in (−h_1[c_1], h_1[c_1]) only for t_1 = 0; then t_2 = 0, …), so v ∈ Λ iff
  ``reduce(v)`` is zero.
* :func:`smith` — a unimodular U (k × k, integer, determinant ±1) and d_1 | d_2 | … | d_s
  (positive) with U·A·V = diag(d_1, …, d_s, 0, …) for the matrix A whose columns are the
  generators and some unimodular V.  Then Λ = U⁻¹·(d_1 Z × … × d_s Z × 0^(k−s)), and for
  every m ≥ 1: v ∈ Λ + mZ^k iff y = U·v has gcd(d_i, m) | y_i for i ≤ s and m | y_i for
  i > s (U maps mZ^k onto itself).  So Z^k/Λ ≅ Z/d_1 ⊕ … ⊕ Z/d_s ⊕ Z^(k−s) with v ↦ y.

:func:`combination` writes a vector of Λ as an integer combination of the generators (the
Hermite form computed with its transformation), for the proofs that print one.
"""

from __future__ import annotations

from math import gcd

__all__ = ["hermite", "reduce", "smith", "quotient_image", "combination"]


def _echelon(rows: list, k: int, extra: list | None = None) -> tuple[list, list]:
    """Row operations (swaps, adding integer multiples, negation) bringing ``rows`` into
    Hermite normal form; ``extra``: rows carried along by the same operations (a transform).
    Returns the non-zero rows of the form and their ``extra`` rows."""
    rows = [list(r) for r in rows]
    extra = [list(e) for e in extra] if extra is not None else [[] for _ in rows]
    out, out_extra = [], []
    col = 0
    while rows and col < k:
        live = [i for i, r in enumerate(rows) if r[col] != 0]
        if not live:
            col += 1
            continue
        while len(live) > 1:                       # Euclid on the column among the live rows
            p = min(live, key=lambda i: abs(rows[i][col]))
            for i in live:
                if i != p:
                    q = rows[i][col] // rows[p][col]
                    rows[i] = [a - q * b for a, b in zip(rows[i], rows[p])]
                    extra[i] = [a - q * b for a, b in zip(extra[i], extra[p])]
            live = [i for i in live if rows[i][col] != 0]
        p = live[0]
        row, ext = rows.pop(p), extra.pop(p)
        if row[col] < 0:
            row, ext = [-a for a in row], [-a for a in ext]
        for j, prev in enumerate(out):            # entries above the pivot into [0, pivot)
            q = prev[col] // row[col]
            if q:
                out[j] = [a - q * b for a, b in zip(prev, row)]
                out_extra[j] = [a - q * b for a, b in zip(out_extra[j], ext)]
        out.append(row)
        out_extra.append(ext)
        col += 1
    return out, out_extra


def hermite(generators, k: int) -> tuple:
    """The Hermite normal form of the subgroup of Z^k spanned by ``generators`` (a tuple of
    tuples: the subgroup's key; () is the zero subgroup)."""
    rows = [tuple(int(x) for x in g) for g in generators]
    if any(len(r) != k for r in rows):
        raise ValueError("generators of the wrong length")
    form, _ = _echelon([r for r in rows if any(r)], k)
    return tuple(tuple(r) for r in form)


def _pivot(row) -> int:
    return next(i for i, x in enumerate(row) if x)


def reduce(v, form) -> tuple:
    """The canonical representative of the coset v + Λ, Λ given by its Hermite form."""
    v = [int(x) for x in v]
    for h in form:
        c = _pivot(h)
        q = v[c] // h[c]
        if q:
            v = [a - q * b for a, b in zip(v, h)]
    return tuple(v)


def smith(generators, k: int) -> tuple[tuple, tuple]:
    """(U, d): U unimodular (k rows of k ints) and d = (d_1, …, d_s), d_i > 0, d_i | d_(i+1),
    with U·A·V diagonal with entries d for the k × n matrix A whose columns are the generators
    and some unimodular V (module docstring).  Row operations are applied to U as well;
    column operations only to A."""
    gens = [[int(x) for x in g] for g in generators]
    n = len(gens)
    A = [[gens[j][i] for j in range(n)] for i in range(k)]
    U = [[int(i == j) for j in range(k)] for i in range(k)]
    d = []
    t = 0
    while t < min(k, n):
        cells = [(abs(A[i][j]), i, j) for i in range(t, k) for j in range(t, n) if A[i][j]]
        if not cells:
            break
        _, i, j = min(cells)
        A[t], A[i] = A[i], A[t]
        U[t], U[i] = U[i], U[t]
        for row in A:
            row[t], row[j] = row[j], row[t]
        while True:
            done = True
            for i in range(t + 1, k):              # clear the column below the pivot
                q = A[i][t] // A[t][t]
                if q:
                    A[i] = [a - q * b for a, b in zip(A[i], A[t])]
                    U[i] = [a - q * b for a, b in zip(U[i], U[t])]
                if A[i][t]:
                    done = False
            for j in range(t + 1, n):              # clear the row right of the pivot
                q = A[t][j] // A[t][t]
                if q:
                    for row in A:
                        row[j] -= q * row[t]
                if A[t][j]:
                    done = False
            if done:
                bad = next(((i, j) for i in range(t + 1, k) for j in range(t + 1, n) if A[i][j] % A[t][t]), None)
                if bad is None:
                    break
                i = bad[0]                         # divisibility: add row i to row t, go on
                A[t] = [a + b for a, b in zip(A[t], A[i])]
                U[t] = [a + b for a, b in zip(U[t], U[i])]
                done = False
            if not done:                           # the smallest remaining entry becomes the pivot
                cells = [(abs(A[i][t]), i, t) for i in range(t, k) if A[i][t]] + \
                        [(abs(A[t][j]), t, j) for j in range(t, n) if A[t][j]]
                _, i, j = min(cells)
                A[t], A[i] = A[i], A[t]
                U[t], U[i] = U[i], U[t]
                for row in A:
                    row[t], row[j] = row[j], row[t]
        if A[t][t] < 0:
            A[t] = [-a for a in A[t]]
            U[t] = [-a for a in U[t]]
        d.append(A[t][t])
        t += 1
    return tuple(tuple(r) for r in U), tuple(d)


def quotient_image(U, d, v, m: int | None = None) -> tuple:
    """The image of v in Z^k/Λ (``m`` None) or in Z^k/(Λ + mZ^k), for ``smith``'s (U, d): the
    coordinates y = U·v, the i-th modulo d_i (modulo gcd(d_i, m)) for i ≤ s, the free ones
    exact (modulo m).  Two vectors have one image iff their difference is in Λ (Λ + mZ^k)."""
    y = [sum(a * b for a, b in zip(row, v)) for row in U]
    s = len(d)
    if m is None:
        return tuple(y[i] % d[i] if i < s else y[i] for i in range(len(y)))
    return tuple(y[i] % gcd(d[i], m) if i < s else y[i] % m for i in range(len(y)))


def combination(generators, target, k: int) -> tuple | None:
    """Integer coefficients c with Σ c_j·generators[j] = target, or None when the target is
    not in the span (exact: the Hermite form with its transformation)."""
    n = len(generators)
    ident = [[int(i == j) for j in range(n)] for i in range(n)]
    form, trans = _echelon([list(map(int, g)) for g in generators], k, ident)
    v = [int(x) for x in target]
    coef = [0] * n
    for h, tr in zip(form, trans):
        c = _pivot(h)
        if v[c] % h[c]:
            return None
        q = v[c] // h[c]
        v = [a - q * b for a, b in zip(v, h)]
        coef = [a + q * b for a, b in zip(coef, tr)]
    if any(v):
        return None
    return tuple(coef)
