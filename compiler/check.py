"""Check a model against an oracle on every prefix of many words, in one forward pass each.

The model reads ``w + EOS`` and its output at 0-based index n (n = 0…N) is the acceptance
of the prefix w[:n] (see :mod:`.plan`); the oracle's ``prefix_acceptance(w)`` gives the same
N+1 values.  Words:

1. **exhaustive**: every word of one length L (its prefixes are every word of length ≤ L);
2. **long words** of length ``max_length``, cycling through generators: periodic words
   (a b^{k−1})^r and u^r for short blocks u (the separating families of docs/languages.md),
   DFA-guided pumps l·z^r·s (l reaches a state q, z is a cycle through q, s separates q from
   another state: words near the DFA's distinguishing contexts), and uniform random words.

Reports words, prefixes checked, disagreements, the shortest counterexample found (a prefix
on which model and oracle differ) and tokens per second of the model's forward passes.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator

import numpy as np
import torch

__all__ = ["CheckReport", "check_model", "dfa_oracle", "exhaustive_length", "long_words", "TOKEN_BUDGET"]

#: tokens per forward batch
TOKEN_BUDGET = 1 << 17


@dataclass
class CheckReport:
    words: int = 0
    max_length: int = 0
    prefixes_checked: int = 0
    disagreements: int = 0
    counterexample: tuple[int, ...] | None = None
    counterexample_expected: bool | None = None
    tokens: int = 0
    seconds: float = 0.0
    exhaustive_length: int = 0
    exhaustive_words: int = 0
    kinds: dict = field(default_factory=dict)

    @property
    def tokens_per_second(self) -> float:
        return self.tokens / self.seconds if self.seconds > 0 else 0.0

    def _repr_html_(self) -> str:
        from attnlogic.display import html_table

        ce = "none" if self.counterexample is None else (f"{len(self.counterexample)} letters"
                                                         if self.counterexample else "ε")
        rows = [["exhaustive", f"all {self.exhaustive_words} words of length {self.exhaustive_length}"],
                ["long words", f"{self.words} of length {self.max_length}"],
                ["prefixes checked", self.prefixes_checked], ["disagreements", self.disagreements],
                ["counterexample", ce], ["tokens per second", f"{self.tokens_per_second:.0f}"]]
        return html_table(["", ""], rows, caption="model against the DFA, every prefix")

    def note(self, agree: np.ndarray, codes: np.ndarray, expected: np.ndarray) -> None:
        """Record one word's comparison (``agree``, ``expected`` of length N+1)."""
        self.prefixes_checked += agree.size
        bad = np.flatnonzero(~agree)
        self.disagreements += bad.size
        if bad.size:
            n = int(bad[0])
            if self.counterexample is None or n < len(self.counterexample):
                self.counterexample = tuple(int(c) for c in codes[:n])
                self.counterexample_expected = bool(expected[n])


def dfa_oracle(dfa, alphabet) -> Callable[[np.ndarray], np.ndarray]:
    """Prefix acceptance of a batch of words given as letter indices of ``alphabet``:
    [B, N] → [B, N+1], all words advanced in lock step through the DFA's table."""
    missing = [a for a in alphabet if a not in dfa.alphabet]
    if missing:
        from attnlogic.errors import InputError
        raise InputError(f"letters {missing} are not in the DFA's alphabet {list(dfa.alphabet)}")
    remap = np.array([dfa.letter_index(a) for a in alphabet], dtype=np.int64)
    table = np.asarray(dfa.transitions, dtype=np.int64)
    acc = np.asarray(dfa.accepting, dtype=bool)

    def run(codes: np.ndarray) -> np.ndarray:
        codes = remap[codes]
        B, N = codes.shape
        states = np.empty((B, N + 1), dtype=np.int64)
        q = np.full(B, dfa.initial, dtype=np.int64)
        states[:, 0] = q
        for j in range(N):
            q = table[q, codes[:, j]]
            states[:, j + 1] = q
        return acc[states]

    return run


def exhaustive_length(n_letters: int, budget: int = 1 << 13, cap: int = 12) -> int:
    """The largest L ≤ cap with n_letters^L ≤ budget."""
    L = 0
    while L < cap and n_letters ** (L + 1) <= budget:
        L += 1
    return L


def _periodic(block: list[int], n: int) -> np.ndarray:
    reps = -(-n // max(1, len(block)))
    return np.array((block * reps)[:n], dtype=np.int64)


def _dfa_pumps(dfa, alphabet, rng) -> list[tuple[list[int], list[int], list[int]]]:
    """(l, z, s): l reaches q, z loops on q (non-empty), s separates q from some other state."""
    if dfa is None:
        return []
    idx = [dfa.letter_index(a) for a in alphabet]
    back = {dfa.letter_index(a): i for i, a in enumerate(alphabet)}
    table = np.asarray(dfa.transitions)
    n = table.shape[0]
    # access words by BFS
    access = {dfa.initial: []}
    queue = [dfa.initial]
    for q in queue:
        for j in idx:
            r = int(table[q, j])
            if r not in access:
                access[r] = access[q] + [back[j]]
                queue.append(r)

    def shortest(src: int, pred) -> list[int] | None:
        seen = {src: []}
        frontier = [src]
        while frontier:
            nxt = []
            for q in frontier:
                for j in idx:
                    r = int(table[q, j])
                    w = seen[q] + [back[j]]
                    if pred(r, w):
                        return w
                    if r not in seen:
                        seen[r] = w
                        nxt.append(r)
            frontier = nxt
        return None

    def separating(p: int, q: int) -> list[int] | None:
        if bool(dfa.accepting[p]) != bool(dfa.accepting[q]):
            return []
        seen = {(p, q): []}
        frontier = [(p, q)]
        while frontier:
            nxt = []
            for a, b in frontier:
                for j in idx:
                    x, y = int(table[a, j]), int(table[b, j])
                    w = seen[(a, b)] + [back[j]]
                    if bool(dfa.accepting[x]) != bool(dfa.accepting[y]):
                        return w
                    if (x, y) not in seen:
                        seen[(x, y)] = w
                        nxt.append((x, y))
            frontier = nxt
        return None

    pumps = []
    for q, l in access.items():
        z = shortest(q, lambda r, w, q=q: r == q)
        if not z:
            continue
        others = [p for p in access if p != q]
        rng.shuffle(others)
        s = next((s for p in others[:4] if (s := separating(q, p)) is not None), [])
        pumps.append((l, z, s))
    return pumps


def long_words(alphabet, n: int, count: int, seed: int = 0, dfa=None) -> Iterator[tuple[str, np.ndarray]]:
    """``count`` words of length ``n`` as (kind, letter indices), cycling through the generators."""
    rng = np.random.default_rng(seed)
    k = len(alphabet)
    periodic: list[list[int]] = []
    for a in range(k):                       # (a b^{k-1})^r, k = 1..4, every ordered pair
        for b in range(k):
            if a != b:
                for m in (1, 2, 3, 4):
                    periodic.append([a] + [b] * (m - 1))
    for L in (1, 2, 3):                      # u^r for every short block
        periodic.extend(list(u) for u in itertools.product(range(k), repeat=L))
    seen, blocks = set(), []
    for u in periodic:
        if tuple(u) not in seen:
            seen.add(tuple(u))
            blocks.append(u)
    rng.shuffle(blocks)
    pumps = _dfa_pumps(dfa, alphabet, rng)
    gens = ["periodic", "pump", "random"] if pumps else ["periodic", "random"]
    bi = pi = 0
    for i in range(count):
        kind = gens[i % len(gens)]
        if kind == "periodic":
            block = blocks[bi % len(blocks)]
            bi += 1
            w = _periodic(block, n)
            if bi > len(blocks):             # second round: a random prefix, then the period
                cut = int(rng.integers(0, max(1, n // 2)))
                w[:cut] = rng.integers(0, k, cut)
        elif kind == "pump":
            l, z, s = pumps[pi % len(pumps)]
            pi += 1
            body = max(0, n - len(l) - len(s))
            w = np.array((l + (z * (body // len(z) + 1))[:body] + s)[:n], dtype=np.int64)
            if len(w) < n:
                w = np.concatenate([w, rng.integers(0, k, n - len(w))])
        else:
            w = rng.integers(0, k, n)
        yield kind, w


def _forward(model, codes: np.ndarray, eos: int, device, forward=None) -> np.ndarray:
    tokens = torch.as_tensor(np.concatenate([codes, np.full((codes.shape[0], 1), eos)], axis=1), device=device)
    with torch.no_grad():
        out = (forward or model)(tokens)[..., 0]
    return (out > 0).cpu().numpy()


def check_model(model, alphabet, oracle: Callable[[np.ndarray], np.ndarray], max_length: int,
                samples: int, seed: int = 0, exhaustive: int | None = None, dfa=None,
                progress: bool = False, stop_at_first: bool = False, kernel: str | None = None,
                forward=None) -> CheckReport:
    """Compare ``model`` (tokens = letter indices of ``alphabet``, EOS = len(alphabet)) with
    ``oracle`` on every prefix: all words of length ``exhaustive`` (default
    :func:`exhaustive_length`), then ``samples`` long words of length ``max_length``.
    ``forward(tokens)`` replaces ``model(tokens)`` (e.g. the fixed-point simulation).
    ``kernel`` is set for the check and the model's previous kernels restored after."""
    device = next(model.parameters()).device
    model.eval()
    previous = [b.attn.kernel for b in model.blocks if b.attn is not None]
    if kernel is not None:
        model.set_kernel(kernel)
    try:
        return _check(model, alphabet, oracle, max_length, samples, seed, exhaustive, dfa, progress,
                      stop_at_first, forward, device)
    finally:
        for b, kern in zip((b for b in model.blocks if b.attn is not None), previous):
            b.attn.kernel = kern


def _check(model, alphabet, oracle, max_length, samples, seed, exhaustive, dfa, progress, stop_at_first,
           forward, device) -> CheckReport:
    k = len(alphabet)
    eos = k
    rep = CheckReport(max_length=max_length)
    L = exhaustive_length(k) if exhaustive is None else exhaustive
    L = min(L, max_length) if max_length else L
    rep.exhaustive_length = L

    def run(codes: np.ndarray, kind: str):
        if device.type == "cuda":
            torch.cuda.synchronize()
        t0 = time.perf_counter()
        got = _forward(model, codes, eos, device, forward)
        if device.type == "cuda":
            torch.cuda.synchronize()
        rep.seconds += time.perf_counter() - t0
        rep.tokens += codes.size + codes.shape[0]
        want = oracle(codes)
        for b in range(codes.shape[0]):
            before = rep.disagreements
            rep.note(got[b] == want[b], codes[b], want[b])
            d = rep.kinds.setdefault(kind, {"words": 0, "disagreements": 0})
            d["words"] += 1
            d["disagreements"] += rep.disagreements - before

    # 1. exhaustive: all words of length exactly L
    if k and L >= 0:
        all_codes = np.array(list(itertools.product(range(k), repeat=L)), dtype=np.int64).reshape(k ** L, L)
        step = max(1, TOKEN_BUDGET // (L + 1))
        for s in range(0, len(all_codes), step):
            run(all_codes[s:s + step], "exhaustive")
        rep.exhaustive_words = len(all_codes)
    # 2. long words
    batch = max(1, TOKEN_BUDGET // (max_length + 1))
    it = long_words(alphabet, max_length, samples, seed, dfa)
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=samples, desc=f"check N={max_length}", unit="word", leave=False)
    buf: list[np.ndarray] = []
    kinds: list[str] = []
    for kind, w in it:
        buf.append(w)
        kinds.append(kind)
        if len(buf) == batch:
            _run_group(run, buf, kinds)
            if bar:
                bar.update(len(buf))
            buf, kinds = [], []
            if stop_at_first and rep.disagreements:
                break
    if buf:
        _run_group(run, buf, kinds)
        if bar:
            bar.update(len(buf))
    if bar:
        bar.close()
    rep.words = samples
    return rep


def _run_group(run, words: list[np.ndarray], kinds: list[str]) -> None:
    if len(set(kinds)) == 1:
        run(np.stack(words), kinds[0])
    else:
        for w, kind in zip(words, kinds):
            run(w[None, :], kind)


def _fp_bound(f, letters, fmt, fp_meta: dict):
    """exact_up_to of a saved model on the machine ``fmt`` (re-planned from its formula)."""
    from .plan import plan_formula
    from .precision import fixed_point_exact_up_to
    if not fp_meta:
        return 0
    plan = plan_formula(f, letters, cleanup=True, span_fix=bool(fp_meta.get("span_fix")))
    return fixed_point_exact_up_to(plan, fmt)


def _word_text(codes, alphabet) -> str:
    letters = [alphabet[i] for i in codes]
    return ",".join(letters) if any(len(a) != 1 for a in alphabet) else "".join(letters)


#: range of the numeric arguments of :func:`run_check` (and of the demo): the long words are
#: materialised, with the model's activations, so their length bounds memory
MAX_CHECK_LENGTH = 10_000_000
MAX_SAMPLES = 1_000_000
MAX_SEED = 2**63 - 1


def check_ranges(max_length: int, samples: int, seed: int) -> None:
    """InputError naming the parameter when one of them is out of its range."""
    from attnlogic.errors import InputError

    for name, value, hi in (("max_length", max_length, MAX_CHECK_LENGTH),
                            ("samples", samples, MAX_SAMPLES), ("seed", seed, MAX_SEED)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value <= hi:
            raise InputError(f"{name} must be an integer in 0..{hi}, got {value!r}", parameters=(name,))


def run_check(formula=None, model_path=None, alphabet=None, max_length: int = 1000, samples: int = 16,
              exhaustive: int | None = None, dtype: str | None = None, device: str = "cpu",
              seed: int = 0, progress: bool = False, oracle: str = "dfa", kernel: str = "auto",
              fixed_point=None, span_fix: bool = True) -> dict:
    """The whole ``attnlogic check``: build or load the model, build the DFA, compare.

    The DFA comes from :func:`attnlogic.automata.from_formula.formula_to_dfa`, independent
    of the compiler.  ``kernel="auto"`` runs global heads whose query is constant (every
    compiled head) with the O(N) prefix kernel and the rest with SDPA; ``"sdpa"`` forces
    the quadratic kernel plain PyTorch uses.  Returns the JSON dict of README.md's command table plus
    details.
    """
    from attnlogic.errors import FileFormatError, InputError
    from attnlogic.ltl import parse

    check_ranges(max_length, samples, seed)
    from .compile import compile_formula, dtype_of
    from .precision import exact_up_to

    if model_path is not None:
        from attnlogic.transformer.io import load_model
        model, side = load_model(model_path, device=device)
        meta = side.get("metadata", {})
        text = formula if formula is not None else meta.get("formula")
        if text is None:
            raise InputError(f"{model_path}: the sidecar names no formula; give the formula to check against")
        model_alpha = meta.get("alphabet")
        if model_alpha is None:
            if alphabet is None:
                raise InputError(f"{model_path}: the sidecar names no alphabet; give the alphabet",
                                 parameters=("alphabet",))
            model_alpha = list(alphabet)
        if not isinstance(model_alpha, list) or len(model_alpha) + 1 != model.config.vocab_size:
            raise FileFormatError(str(model_path), "metadata.alphabet",
                                  "does not match the model's vocabulary size (letters + EOS)")
        f = parse(text)
        letters = tuple(model_alpha)
        if alphabet is not None and list(alphabet) != list(letters)[:len(alphabet)]:
            raise InputError(f"the alphabet {list(alphabet)} differs from the model's {list(letters)}",
                             parameters=("alphabet",))
        if dtype is not None:
            model = model.to(dtype_of(dtype))
        run_dtype = dtype or side["dtype"]
        # a model the compiler did not make claims nothing (0); null would mean "every length"
        bound = exact_up_to(model, dtype_of(run_dtype)) if meta.get("compiler") else 0
        label = str(model_path)
    else:
        f = parse(formula) if isinstance(formula, str) else formula
        compiled = compile_formula(f, alphabet, dtype=dtype or "float32", device=device,
                                   fixed_point=fixed_point, span_fix=span_fix)
        model, letters, bound, run_dtype = compiled.model, compiled.vocab.alphabet, compiled.exact_up_to, compiled.dtype
        label = f"compiled ({compiled.layers} layers, {compiled.heads} heads, width {compiled.width})"
    dfa = None
    if oracle == "dfa":
        from attnlogic.automata.from_formula import formula_to_dfa
        dfa = formula_to_dfa(f, list(letters), extend=True)
        fn = dfa_oracle(dfa, letters)
        oracle_name = f"minimal DFA of the formula ({dfa.n_states} states)"
    else:  # the reference evaluator (used by tests to cross-check the DFA path)
        from attnlogic.ltl import prefix_acceptance

        def fn(codes):
            return np.stack([prefix_acceptance(f, [letters[i] for i in w]) for w in codes])
        oracle_name = "reference evaluator"
    forward = None
    if fixed_point is not None:
        from attnlogic.transformer.fixed_point import fixed_point_forward
        run_dtype = f"fixed-point {fixed_point}"
        if model_path is not None:
            fp = meta.get("fixed_point") or {}
            bound = _fp_bound(f, letters, fixed_point, fp) if meta.get("compiler") else 0

        def forward(tokens):
            return fixed_point_forward(model, tokens, fixed_point)
        kernel = "fixed-point simulation"
    rep = check_model(model, letters, fn, max_length, samples, seed=seed, exhaustive=exhaustive,
                      dfa=dfa, progress=progress, kernel=None if forward else kernel, forward=forward)
    ce = None if rep.counterexample is None else _word_text(rep.counterexample, letters)
    return {
        "words": rep.words, "max_length": rep.max_length, "prefixes_checked": rep.prefixes_checked,
        "disagreements": rep.disagreements, "counterexample": ce,
        "tokens_per_second": round(rep.tokens_per_second, 1),
        "counterexample_expected": rep.counterexample_expected,
        "exhaustive": {"length": rep.exhaustive_length, "words": rep.exhaustive_words},
        "kinds": rep.kinds, "formula": str(f), "alphabet": list(letters), "dtype": run_dtype,
        "device": device, "exact_up_to": bound, "model": label, "oracle": oracle_name,
        "seconds": round(rep.seconds, 3), "kernel": kernel,
    }
