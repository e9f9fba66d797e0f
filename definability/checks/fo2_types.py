"""The quotient A*/≡ₙ of FO2[<] rank-n equivalence as a finite monoid, computed on type sets
(docs/decision-procedures.md §11.4b, "rank-n classes").

With the types of §11.4b — t₀(p) the letter at p, t_r(p) = (letter(p), {t_{r-1}(q) : q < p},
{t_{r-1}(q) : q > p}) — and S_r(w) the set of the t_r(p), u ≡ₙ v means S_{n-1}(u) = S_{n-1}(v),
and u ≡ₙ v implies that u and v satisfy the same FO2[<] sentences of rank ≤ n (the normal form
of §11.4b).  A union of ≡ₙ-classes is therefore FO2[<]-definable: each class is the conjunction,
over the finitely many possible types τ, of "some position has type τ" or its negation, and
"some position has type τ" is a rank-n sentence (∃x of the rank-(n−1) formula of τ).

**Product** (the congruence of §11.4b, made explicit).  For a position p of x, its type in xy
is obtained from its type in x by adding, at every level k, the types in xy of y's positions
to the right sets; symmetrically for p in y (added to the left sets):

    newX_k(τ) = (a, newX_{k-1}(L(τ)), newX_{k-1}(R(τ)) ∪ newY_{k-1}(S_{k-1}(y)))
    newY_k(σ) = (a, newY_{k-1}(L(σ)) ∪ newX_{k-1}(S_{k-1}(x)), newY_{k-1}(R(σ)))

with newX_0 = newY_0 = the letter, and S_{k-1}(w) the projections of S_k(w) (t_k determines
t_{k-1}: drop one level of every type it contains).  Then S_r(xy) = newX_r(S_r(x)) ∪
newY_r(S_r(y)).  (By induction on k: the positions left of p in xy are those left of p in x,
the positions right of p are those right of p in x and all of y.)

:class:`RankTypes` interns the types of each rank (equal ids ⟺ equal types) and the elements
(the sets S_r) of the monoid; its letters and :meth:`product` make a DFA of the classes
(:meth:`explore`).  Budgets: ``limit`` elements (and 40 times as many types of a rank), and
``work_limit`` on the types rebuilt by products, each weighted by the size of the set it
receives.  Tests compare it with :func:`~attnlogic.definability.checks.fo2_family.fo2_type_sets`,
the types computed from the words themselves.
"""

from __future__ import annotations

from ...kernel.errors import LimitExceeded

__all__ = ["RankTypes", "DIRECTIONS"]

#: "both": the types of §11.4b; "future": t_r(p) = (letter, ∅, {t_{r-1}(q) : q > p}), the left
#: sets dropped at every level; "past": the right sets dropped
DIRECTIONS = ("both", "future", "past")


class RankTypes:
    """The monoid of the sets S_r(w), r = ``rank`` (the classes of ≡_{r+1}), over ``letters``
    letters; elements are small integers (0 the empty word), interned as they are met."""

    def __init__(self, letters: int, rank: int, limit: int | None = None, direction: str = "both",
                 work_limit: int | None = None):
        if direction not in DIRECTIONS:
            raise ValueError(f"direction {direction!r}")
        self.letters = letters
        self.rank = rank
        self.limit = limit
        self.direction = direction
        self.work_limit = work_limit
        self.work = 0                     # types rebuilt by products, weighted by the sets added
        self._types: list = [dict() for _ in range(rank + 1)]        # rank k: (a, L, R) → id
        self._keys: list = [list() for _ in range(rank + 1)]         # rank k: id → (a, L, R)
        for a in range(letters):
            self._intern(0, a)
        self._proj: list = [dict() for _ in range(rank + 1)]
        self._elements: dict = {}
        self.sets: list = []
        self._product: dict = {}
        self.one = self._element(frozenset())
        if rank == 0:
            self.letter = tuple(self._element(frozenset([a])) for a in range(letters))
        else:
            self.letter = tuple(self._element(frozenset([self._intern(rank, self._single(a, rank))]))
                                for a in range(letters))

    # -- types -----------------------------------------------------------------------------

    def _intern(self, k: int, key) -> int:
        table = self._types[k]
        i = table.get(key)
        if i is None:
            i = len(table)
            table[key] = i
            self._keys[k].append(key)
            if self.limit is not None and i >= 40 * self.limit:
                raise LimitExceeded(f"FO2[<] types of rank {k}", 40 * self.limit, "raise limit", ("limit",))
        return i

    def _single(self, a: int, k: int):
        """The key of the type t_k of the only position of the one-letter word a."""
        return (a, frozenset(), frozenset()) if k else a

    def _down(self, k: int, t: int) -> int:
        """t_{k-1} of a position from its t_k (k ≥ 1)."""
        memo = self._proj[k]
        r = memo.get(t)
        if r is not None:
            return r
        a, L, R = self._keys[k][t]
        if k == 1:
            r = a
        else:
            r = self._intern(k - 1, (a, frozenset(self._down(k - 1, s) for s in L),
                                     frozenset(self._down(k - 1, s) for s in R)))
        memo[t] = r
        return r

    def _levels(self, S: frozenset) -> list:
        """[S_0, …, S_r] from S_r."""
        out = [S]
        for k in range(self.rank, 0, -1):
            out.append(frozenset(self._down(k, t) for t in out[-1]))
        return out[::-1]

    # -- elements --------------------------------------------------------------------------

    def _element(self, S: frozenset) -> int:
        i = self._elements.get(S)
        if i is None:
            i = len(self.sets)
            if self.limit is not None and i >= self.limit:
                raise LimitExceeded(f"FO2[<] rank-{self.rank + 1} classes", self.limit, "raise limit", ("limit",))
            self._elements[S] = i
            self.sets.append(S)
        return i

    def product(self, x: int, y: int) -> int:
        """The element of uv from those of u and v (the module docstring)."""
        key = (x, y)
        r = self._product.get(key)
        if r is not None:
            return r
        X, Y = self.sets[x], self.sets[y]
        if not X or not Y:
            r = y if not X else x
        elif self.rank == 0:
            r = self._element(X | Y)
        else:
            LX, LY = self._levels(X), self._levels(Y)
            nx = {t: t for t in LX[0]}
            ny = {t: t for t in LY[0]}
            fut, past = self.direction != "past", self.direction != "future"
            for k in range(1, self.rank + 1):
                allx = frozenset(nx.values()) if past else frozenset()
                ally = frozenset(ny.values()) if fut else frozenset()
                self.work += len(LX[k]) * (1 + len(ally)) + len(LY[k]) * (1 + len(allx))
                if self.work_limit is not None and self.work > self.work_limit:
                    raise LimitExceeded(f"work of the FO2[<] rank-{self.rank + 1} class products", self.work_limit,
                                        "raise limit", ("limit",))
                keys = self._keys[k]
                nx2, ny2 = {}, {}
                for t in LX[k]:
                    a, L, R = keys[t]
                    nx2[t] = self._intern(k, (a, frozenset(nx[s] for s in L), frozenset(nx[s] for s in R) | ally))
                for t in LY[k]:
                    a, L, R = keys[t]
                    ny2[t] = self._intern(k, (a, frozenset(ny[s] for s in L) | allx, frozenset(ny[s] for s in R)))
                nx, ny = nx2, ny2
            r = self._element(frozenset(nx.values()) | frozenset(ny.values()))
        self._product[key] = r
        return r

    def of_word(self, word) -> int:
        """The element of a word (letter indices)."""
        e = self.one
        for a in word:
            e = self.product(e, self.letter[a])
        return e

    def explore(self):
        """Every element reached from the empty word by letters, breadth-first (``order``, the
        element ids), each one's successor per letter (``rows``, indices into ``order``) and a
        shortest word of each (``words``); LimitExceeded past ``limit`` elements."""
        index = {self.one: 0}
        order, rows, words = [self.one], [], [()]
        for i, e in enumerate(order):                   # the list grows as it is read
            row = []
            for a in range(self.letters):
                c = self.product(e, self.letter[a])
                if c not in index:
                    index[c] = len(order)
                    order.append(c)
                    words.append(words[i] + (a,))
                row.append(index[c])
            rows.append(row)
        return order, rows, words
