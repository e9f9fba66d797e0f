"""The compiler: compiled models agree with the DFA of their formula on every prefix."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
import torch
from hypothesis import HealthCheck, given, settings, strategies as st

from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.compiler import compile_formula, plan_formula
from attnlogic.compiler.plan import readout_skeleton
from attnlogic.kernel.errors import InputError
from attnlogic.ltl import parse, prefix_acceptance
from attnlogic.ltl.formula import FALSE
from attnlogic.ltl.random import random_formula
from attnlogic.ltl.strategies import formulas
from attnlogic.testing import check

torch.set_num_threads(1)
DTYPES = ["float32", "bfloat16", "float16"]


def agree_everywhere(f, alphabet, dtype, exhaustive, lengths, seed=0):
    """Compile f and compare with its DFA on all words of length `exhaustive` (so on every
    word up to that length, through prefixes) and on random words of the given lengths."""
    c = compile_formula(f, alphabet, dtype=dtype)
    dfa = formula_to_dfa(f, list(c.vocab.alphabet), extend=True)
    rep = check(c.model, dfa=dfa, alphabet=c.vocab.alphabet, readout="prefix", exhaustive_length=exhaustive,
                contexts=0, boundary=0, random=0, long_count=0, shrink=False)
    rng = np.random.default_rng(seed)
    for n in lengths:
        codes = rng.integers(0, len(c.vocab.alphabet), (1, n))
        tokens = torch.as_tensor(np.concatenate([codes, [[c.vocab.eos]]], axis=1))
        want = dfa.prefix_acceptance([c.vocab.alphabet[i] for i in codes[0]])
        for kernel in ("sdpa", "auto"):   # the quadratic kernel and the O(N) prefix kernel
            c.model.set_kernel(kernel)
            with torch.no_grad():
                got = (c.model(tokens)[0, :, 0] > 0).numpy()
            bad = np.flatnonzero(got != want)
            if bad.size:
                n = int(bad[0])
                if rep.counterexample is None or n < len(rep.counterexample):
                    rep = replace(rep, counterexample=tuple(c.vocab.alphabet[int(x)] for x in codes[0, :n]))
                rep = replace(rep, disagreements=rep.disagreements + int(bad.size))
    c.model.set_kernel("sdpa")
    return c, rep


@pytest.mark.parametrize("text", [
    "P a", "Y a", "Y Y a", "P P a", "P a & Y[<=2] b", "P (b & Y a)", "P (a & !P true)",
    "!P (a & P b) | Y[<=3] (b xor Y a)", "O a -> H b", "a | !b", "true", "false", "a",
    "P (a <-> Y[<=4] b) & !(Y true)", "P (P a & P b & P c)",
])
@pytest.mark.parametrize("dtype", DTYPES)
def test_fixed_formulas_agree_with_dfa(text, dtype):
    _, rep = agree_everywhere(parse(text), "abc", dtype, exhaustive=6, lengths=[50, 700])
    assert rep.disagreements == 0, rep.counterexample


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(f=st.integers(1, 4).flatmap(lambda k: formulas(("a", "b"), max_size=14, fragment=f"LTL[P,Y<={k}]")),
       dtype=st.sampled_from(DTYPES), seed=st.integers(0, 2**16))
def test_random_formulas_agree_with_dfa(f, dtype, seed):
    """Random LTL[P,Y<=k] (k = 1..4): every word up to length 8, random words up to 2000."""
    rng = np.random.default_rng(seed)
    _, rep = agree_everywhere(f, "ab", dtype, exhaustive=8, lengths=list(rng.integers(9, 2001, 2)), seed=seed)
    assert rep.disagreements == 0, (str(f), rep.counterexample)


def test_random_formula_generator_sizes():
    """Bigger formulas from the seeded generator, three letters, float16."""
    rng = np.random.default_rng(7)
    for i in range(12):
        k = 1 + i % 4
        f = random_formula(rng, ["a", "b", "c"], 25, operators=f"LTL[P,Y<={k}]")
        _, rep = agree_everywhere(f, "abc", "float16", exhaustive=5, lengths=[300])
        assert rep.disagreements == 0, (str(f), rep.counterexample)


def test_layers_equal_temporal_depth_when_booleans_are_small():
    for text, depth in [("P a", 1), ("P (b & Y a)", 2), ("P a & Y[<=2] b", 1), ("P (a & !P true)", 2),
                        ("Y Y Y a", 3), ("P (a & P (b & P c))", 3)]:
        f = parse(text)
        assert f.depth == depth
        assert compile_formula(f).layers == depth


def test_heads_share_a_layer():
    c = compile_formula(parse("P a & P b & Y c & Y[<=3] a"))
    assert c.layers == 1 and c.heads == 4
    kinds = sorted(str(h.spec) for h in c.plan.heads[0])
    assert kinds == ["global", "global", "local:1", "local:3"]


def test_big_boolean_blocks_fall_back_to_gates():
    """More leaves than the minterm budget: gates from children, still exact."""
    f = parse("(P a & P b) | (P c & !P d) | (Y a xor Y b) | (P (a & b) -> Y[<=2] c) | !(P b <-> Y d)")
    plan = plan_formula(f, minterm_budget=4)
    assert plan.n_layers > 1
    _, rep = agree_everywhere(f, "abcd", "float32", exhaustive=4, lengths=[200])
    assert rep.disagreements == 0


def test_readout_skeleton_drops_top_level_atoms_only():
    f = parse("a | P (a & Y b)")
    r = readout_skeleton(f)
    assert r.left is FALSE and r.right is f.right


def test_since_is_refused_with_reason():
    with pytest.raises(InputError, match="S"):
        compile_formula(parse("P (a S b)"))


def test_weights_are_exact_in_every_dtype():
    c = compile_formula(parse("P (b & Y a) | Y[<=3] !a"), "ab")
    for dt in (torch.bfloat16, torch.float16):
        for p in c.model.parameters():
            assert torch.equal(p.to(dt).float(), p)


def _outputs(c, word, kernel="sdpa"):
    c.model.set_kernel(kernel)
    try:
        with torch.no_grad():
            return c.model(c.vocab.encode(word).unsqueeze(0))[0, :, 0].float()
    finally:
        c.model.set_kernel("sdpa")


@pytest.mark.parametrize("dtype", ["bfloat16", "float16"])
def test_half_precision_outputs_are_exactly_plus_minus_one(dtype):
    """precision.py item 5: in bfloat16/float16 every readout is exactly ±1."""
    c = compile_formula(parse("P (b & Y a) & !Y[<=2] b | P (a & P (b & Y b))"), "ab", dtype=dtype)
    w = "ab" * 400 + "bbba" * 300 + "a" * 300
    out = _outputs(c, w)
    assert set(out.tolist()) <= {-1.0, 1.0}
    assert (out.numpy() > 0).tolist() == prefix_acceptance(parse(c.formula), w).tolist()


def test_float32_outputs_exact_with_blockwise_and_within_ulps_with_sdpa():
    c = compile_formula(parse("P (b & Y a) & !Y[<=2] b | P (a & P (b & Y b))"), "ab")
    w = "ab" * 400 + "bbba" * 300 + "a" * 300
    want = torch.as_tensor(prefix_acceptance(parse(c.formula), w)).float() * 2 - 1
    assert torch.equal(_outputs(c, w, "blockwise"), want)
    assert (_outputs(c, w, "sdpa") - want).abs().max().item() <= 2 ** -20


#: (dtype, kernel, N): every dtype with the default kernel (``auto``: the O(N) prefix kernel of
#: compiled heads) at 70 000 positions; the quadratic SDPA kernel at 70 000 where a limit needs
#: that length (float16's largest finite value, 65 504; float32 within 2^-20), and for bfloat16
#: at 3 000 (past its last exactly counted integer, 256: its largest finite value is ~3·10^38)
BEYOND_LIMITS = [(dtype, "auto", 70_000) for dtype in DTYPES] + [
    ("float32", "sdpa", 70_000), ("float16", "sdpa", 70_000), ("bfloat16", "sdpa", 3_000)]


@pytest.mark.slow
@pytest.mark.parametrize("dtype,kernel,N", BEYOND_LIMITS)
def test_global_head_exact_beyond_integer_limits(dtype, kernel, N):
    """N ψ-positions before the last query: past float16's largest finite value (65 504),
    past its last exactly counted integer (2048) and bfloat16's (256).  Decisions must stay
    exact; in half precision the readout is exactly ±1, in float32 within 2^-20."""
    c = compile_formula(parse("P a & !P b"), "ab", dtype=dtype)
    assert c.exact_up_to > N          # proved (testing/model_proof.py) past the length run here
    tol = 0.0 if dtype != "float32" else 2 ** -20
    out = _outputs(c, "a" * N + "b", kernel)     # prefixes: ε rejected, a^1 … a^N accepted, a^N b rejected
    assert out[0].item() == -1.0 and out[-1].item() == -1.0
    assert (out[1:-1] - 1.0).abs().max().item() <= tol


# -- sizes decided before the work (reliability) ----------------------------------------------
@pytest.mark.parametrize("options", [{}, {"cleanup": True}, {"span_fix": True}])
def test_planned_width_is_the_width_of_the_plan(options):
    from attnlogic.compiler.plan import planned_width

    rng = np.random.default_rng(11)
    extra = [parse("MOD[3,1] & P a | MOD[2,0] & Y b"), parse("O (a & H !b) | Y[<=2] (a xor b)"),
             parse("(a | b) & (a -> !b) & P (a <-> Y b)")]
    fs = extra + [random_formula(rng, ["a", "b", "c"], (1, 25)) for _ in range(150)]
    for f in fs:
        if any(type(g).__name__ == "Since" for g in f.subformulas()):
            continue
        assert planned_width(f, **options) == len(plan_formula(f, **options).names), str(f)


def test_a_gate_over_atoms_alone_is_the_affine_form_of_its_truth_table():
    # atoms are exclusive: the form's value at each letter (or none) is the gate's truth
    from attnlogic.ltl import truth_values

    for text in ["a | b", "!(a & b) xor c", "(a -> b) <-> (c | !a)", "a & true | false", "!(a | b | c)"]:
        f = parse("P (" + text + ")")
        plan = plan_formula(f, ["a", "b", "c", "d"])
        arg = plan.heads[0][0].arg
        g = parse(text)
        for letter in ["a", "b", "c", "d"]:
            value = arg.const + sum(w for i, w in arg.terms if plan.atoms[i] == letter)
            assert value == float(truth_values(g, [letter])[0]), (text, letter)


def test_a_wide_formula_is_refused_before_it_is_planned():
    from attnlogic.kernel.errors import LimitExceeded

    wide = parse(" & ".join(f"P a{i}" for i in range(2000)))
    with pytest.raises(LimitExceeded, match="the formula needs 5999"):
        plan_formula(wide)


def test_a_huge_period_of_mod_atoms_is_refused_before_its_table_is_built():
    from attnlogic.kernel.errors import LimitExceeded

    primes = [53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103]
    f = parse(" & ".join(f"MOD[{p},1]" for p in primes) + " & P a")
    with pytest.raises(LimitExceeded, match="lcm of the MOD moduli"):
        plan_formula(f)


def test_an_exponential_tree_compiles_with_shared_names():
    # 40 doublings: a tree of 2^40 nodes, a DAG of ~80; names and the sidecar formula are
    # the shared form, which parses back to the formula
    f = parse(";".join(["$d1 := a | Y b"] + [f"$d{i} := $d{i - 1} & Y $d{i - 1}" for i in range(2, 41)])
              + "; $d40 | P $d40")
    c = compile_formula(f, ["a", "b"])
    assert parse(c.metadata["formula"]) is f
    assert sum(len(name) for name in c.plan.names) < 100 * len(f.subformulas()) ** 2
    dfa = formula_to_dfa(f, ["a", "b"])
    rng = np.random.default_rng(0)
    for _ in range(5):
        w = list(rng.choice(["a", "b"], 60))
        assert list(c.prefix_acceptance(w)) == [dfa.accepts(w[:n]) for n in range(len(w) + 1)]


def test_compiling_leaves_torchs_random_generator_as_it_was():
    """The model is built on the CPU and overwritten (not on the meta device, whose random
    initialisation imports torch._dynamo): its constructor draws from a forked generator."""
    import torch

    from attnlogic.compiler import compile_formula
    from attnlogic.ltl import parse

    torch.manual_seed(1234)
    expected = torch.rand(4)
    torch.manual_seed(1234)
    compile_formula(parse("P (b & Y a) | MOD[2,1]"), ("a", "b"))
    assert torch.equal(torch.rand(4), expected)


def test_a_compiled_model_runs_its_global_heads_with_the_linear_kernel_by_default():
    """``compile_formula(...).prefix_acceptance(w)`` uses the O(N) prefix kernel without
    ``set_kernel`` (every compiled global head has a constant query), and answers as the
    quadratic kernel and the formula's DFA do."""
    c = compile_formula("P (b & Y a) & !P (c & P a)", ["a", "b", "c"])
    heads = [(b.attn, spec, idx) for b in c.model.blocks if b.attn is not None for spec, idx in b.attn._groups]
    assert any(not spec.is_local for _, spec, _ in heads)
    assert all(a._kernel_for(spec, idx) == ("sdpa" if spec.is_local else "prefix") for a, spec, idx in heads)
    word = list("abcabbacbcaabbbcabacab" * 20)
    got = c.prefix_acceptance(word)
    want = formula_to_dfa(parse("P (b & Y a) & !P (c & P a)"), ["a", "b", "c"]).prefix_acceptance(word)
    assert np.array_equal(got, want)
    c.model.set_kernel("sdpa")
    assert np.array_equal(c.prefix_acceptance(word), want)
