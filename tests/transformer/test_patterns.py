"""The one attention-pattern type: ``visible`` against brute-force windows, the masks the
float kernels, the whole float model, the fixed-point machine and rmt's pooling weights
actually use (extracted by running them), the hybrid head split, parse/str, bad input."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
import torch

from attnlogic.cli import main
from attnlogic.kernel.errors import InputError
from attnlogic.kernel.patterns import HEAD_KINDS, PATTERN_KINDS, AttentionPattern
from attnlogic.rmt import weights as W
from attnlogic.rmt.correlation import prefix
from attnlogic.transformer import HeadSpec, Transformer, TransformerConfig, parse_pattern
from attnlogic.transformer.attention import attend
from attnlogic.transformer.fixed_point import FixedPoint, fixed_point_forward

torch.set_num_threads(1)

TS = range(1, 13)
KS = range(1, 5)


def window(kind: str, k: int | None, n: int) -> set[int]:
    """The keys a query at 0-based position n sees, listed as a range (not compared)."""
    top = n if kind.endswith("_nonstrict") else n - 1        # last visible key
    first = max(0, n - k) if kind.startswith("local") else 0
    return set(range(first, top + 1))


def head_patterns():
    for kind in HEAD_KINDS:
        for k in (KS if kind.startswith("local") else [None]):
            yield AttentionPattern(kind, k)


def brute_mask(p: AttentionPattern, T: int) -> np.ndarray:
    return np.array([[m in window(p.kind, p.k, n) for m in range(T)] for n in range(T)], dtype=bool)


HEADS = list(head_patterns())
#: the softmax heads (uniform averages over their window); ``hard`` attends to one key (the
#: rightmost maximiser), checked against brute force in tests/compiler/test_star_free.py
SOFT_HEADS = [p for p in HEADS if p.kind != "hard"]


@pytest.mark.parametrize("p", HEADS, ids=str)
def test_visible_is_the_brute_force_window_on_ints_arrays_and_tensors(p):
    for T in TS:
        want = brute_mask(p, T)
        ints = np.array([[p.visible(n, m) for m in range(T)] for n in range(T)])
        assert ints.dtype == bool and np.array_equal(ints, want)
        assert p.mask(T).dtype == bool and np.array_equal(p.mask(T), want)
        tens = p.visible(torch.arange(T).view(-1, 1), torch.arange(T).view(1, -1))
        assert tens.dtype == torch.bool and np.array_equal(tens.numpy(), want)
    # padding slots (keys below 0) are never seen, and the future never is
    assert not any(p.visible(n, m) for n in range(6) for m in range(-5, 0))
    assert not any(p.visible(n, n + j) for n in range(6) for j in range(1, 4))
    assert p.mask(0).shape == (0, 0)


def _uniform_probe(T: int, n_heads: int = 1):
    """q = k = 0 (every visible key scores the same) and v = one-hot positions: the output
    of a head at query n is the uniform average of e_m over the keys it sees."""
    q = torch.zeros(1, n_heads, T, 2, dtype=torch.float64)
    v = torch.eye(T, dtype=torch.float64).expand(1, n_heads, T, T)
    return q, q.clone(), v


def _check_uniform_rows(out: np.ndarray, want: np.ndarray, atol: float = 1e-12):
    """out[n] is e_m averaged over the visible m: its support is the mask, its entries 1/|row|."""
    assert np.array_equal(np.abs(out) > atol, want)
    counts = want.sum(axis=1, keepdims=True)
    np.testing.assert_allclose(out, np.divide(want, counts, out=np.zeros(want.shape), where=counts > 0),
                               rtol=0, atol=atol)


@pytest.mark.parametrize("p", SOFT_HEADS, ids=str)
def test_float_kernels_attend_to_exactly_the_visible_keys(p):
    kernels = ["sdpa"] if p.is_local else ["sdpa", "blockwise", "prefix"]
    for T, kernel in itertools.product(TS, kernels):
        q, k, v = _uniform_probe(T)
        out = attend(q, k, v, p, kernel=kernel)[0, 0].numpy()
        _check_uniform_rows(out, brute_mask(p, T))


def layer_patterns():
    """Every head kind in a one-head layer, and hybrid:k with 2 to 4 heads."""
    for p in SOFT_HEADS:
        yield p, 1
    for k, n in itertools.product(KS, range(2, 5)):
        yield AttentionPattern("hybrid", k), n


def _probe_model(pattern: AttentionPattern, n_heads: int, T: int) -> Transformer:
    """One layer, no LayerNorm / FFN / positions, vocabulary = the T positions: token i
    embeds as e_i in each of the n_heads blocks; W_Q = W_K = 0 and W_V = W_O = readout = I,
    so block h of the readout at position n is e_n + (head h's uniform average)."""
    heads = pattern.heads(n_heads)
    d = n_heads * T
    cfg = TransformerConfig(vocab_size=T, d_model=d, n_layers=1, heads=heads, d_head=T, d_ff=0,
                            layernorm=False, readout_dim=d)
    model = Transformer(cfg).double()
    eye = torch.eye(d, dtype=torch.float64)
    with torch.no_grad():
        model.embed.weight.copy_(torch.eye(T, dtype=torch.float64).repeat(1, n_heads))
        attn = model.blocks[0].attn
        for lin, w in ((attn.q, 0 * eye), (attn.k, 0 * eye), (attn.v, eye), (attn.o, eye),
                       (model.readout, eye)):
            lin.weight.copy_(w)
            lin.bias.zero_()
    return model


@pytest.mark.parametrize("pattern,n_heads", list(layer_patterns()), ids=lambda x: str(x))
def test_model_and_fixed_point_machine_see_the_visible_keys(pattern, n_heads):
    heads = pattern.heads(n_heads)
    for T in TS:
        model = _probe_model(pattern, n_heads, T)
        tokens = torch.arange(T).view(1, -1)
        x = model.embed.weight[tokens[0]].detach().numpy()
        outs = {kernel: model.set_kernel(kernel)(tokens)[0].detach().numpy()
                for kernel in ("sdpa", "blockwise", "auto")}
        # Q8.12: the only rounding is α = R(1/|window|), within 2^-13 of 1/|window| ≥ 1/12
        outs["fixed_point"] = fixed_point_forward(model, tokens, FixedPoint(12, int_bits=8))[0].numpy()
        for name, y in outs.items():
            att = y - x
            for h, spec in enumerate(heads):
                block = att[:, h * T:(h + 1) * T]
                want = brute_mask(spec, T)
                assert np.array_equal(block > 1e-3, want), (name, str(spec), T)
                _check_uniform_rows(block, want, atol=2.0 ** -13 if name == "fixed_point" else 1e-12)


@pytest.mark.parametrize("name", ["global", "causal", "global_nonstrict"] + [f"local:{k}" for k in KS])
def test_rmt_masks_are_the_visible_keys(name):
    p = AttentionPattern.parse(name)
    for T in TS:
        assert np.array_equal(W.attention_mask(name, T), brute_mask(p, T))


def _brute_pooling(heads, T):
    """τ = 0 limit: each head is uniform over its window; sum over heads, average over queries."""
    w = np.zeros(T)
    for spec, n in itertools.product(heads, range(T)):
        seen = window(spec.kind, spec.k, n)
        for m in seen:
            w[m] += 1.0 / len(seen) / T
    return w


@pytest.mark.parametrize("name", ["global", "causal"] + [f"{kind}:{k}" for kind in ("local", "hybrid")
                                                         for k in KS])
def test_rmt_pattern_weights_are_the_query_averaged_windows(name):
    p = AttentionPattern.parse(name)
    heads = [AttentionPattern("global"), AttentionPattern("local", p.k)] if p.kind == "hybrid" else [p]
    for T in range(2, 13):
        np.testing.assert_allclose(W.pattern_weights(name, T), _brute_pooling(heads, T), atol=1e-14)
    R = prefix(6, 3).R
    assert np.array_equal(W.named_weights(name, R), W.pattern_weights(name, 6))


def test_rmt_cli_reports_the_patterns(capsys):
    assert main(["rmt", "weights", "--model", "prefix", "--T", "6", "--L", "3", "--window", "2",
                 "--json"]) == 0
    table = json.loads(capsys.readouterr().out)["alpha_over_kappa"]
    R = prefix(6, 3).R
    for name, heads in [("global", [AttentionPattern("global")]),
                        ("local:2", [AttentionPattern("local", 2)]),
                        ("hybrid:2", [AttentionPattern("global"), AttentionPattern("local", 2)])]:
        assert table[name] == pytest.approx(W.alpha_over_kappa(_brute_pooling(heads, 6), R), rel=1e-12)


@pytest.mark.parametrize("n_heads", range(1, 9))
def test_heads_split_rule(n_heads):
    for kind in HEAD_KINDS:
        p = AttentionPattern(kind, 2 if kind.startswith("local") else None)
        assert p.heads(n_heads) == (p,) * n_heads
    if n_heads == 1:
        with pytest.raises(InputError, match="n_heads"):
            AttentionPattern("hybrid", 3).heads(n_heads)
        return
    heads = AttentionPattern("hybrid", 3).heads(n_heads)
    n_global = sum(h == AttentionPattern("global") for h in heads)
    assert len(heads) == n_heads and 2 * n_global in (n_heads, n_heads + 1)
    assert heads == (AttentionPattern("global"),) * n_global + (AttentionPattern("local", 3),) * (n_heads - n_global)
    assert 1 <= n_global < n_heads
    assert parse_pattern("hybrid:3", n_heads) == heads


def test_parse_str_round_trip():
    for kind in PATTERN_KINDS:
        for k in ([1, 2, 7, 123456789] if kind in ("local", "local_nonstrict", "hybrid") else [None]):
            p = AttentionPattern(kind, k)
            assert AttentionPattern.parse(str(p)) == p and str(AttentionPattern.parse(str(p))) == str(p)
            assert AttentionPattern.parse(p) is p
    assert AttentionPattern.parse("causal") == AttentionPattern("global_nonstrict")
    assert str(AttentionPattern.parse(" local:3 ")) == "local:3"
    assert AttentionPattern.parse("local:03") == AttentionPattern("local", 3)


@pytest.mark.parametrize("text", ["", "foo", "Global", "local", "hybrid", "local_nonstrict",
                                  "local:0", "hybrid:0", "local_nonstrict:0", "local:-1", "local:x",
                                  "global:2", "causal:1", "global_nonstrict:1", "hybrid:1:2",
                                  "local:1234567890", 3, None])
def test_bad_names_are_input_errors(text):
    with pytest.raises(InputError):
        AttentionPattern.parse(text)


@pytest.mark.parametrize("kind,k", [("bogus", None), ("local", 0), ("local", -2), ("hybrid", 0),
                                    ("local", None), ("local", True), ("local", 1.0),
                                    ("global", 2), ("global_nonstrict", 1), ("causal", None)])
def test_bad_values_are_input_errors(kind, k):
    with pytest.raises(InputError):
        AttentionPattern(kind, k)


def test_a_hybrid_pattern_has_no_single_mask():
    p = AttentionPattern("hybrid", 2)
    for call in (lambda: p.visible(3, 1), lambda: p.mask(4), lambda: W.attention_mask("hybrid:2", 4)):
        with pytest.raises(InputError, match="heads"):
            call()
    with pytest.raises(InputError, match="T"):
        AttentionPattern("global").mask(-1)
    with pytest.raises(InputError, match="n_heads"):
        AttentionPattern("global").heads(0)
    with pytest.raises(ValueError):   # a layer pattern is not a head of a config
        TransformerConfig(vocab_size=2, heads=(p,))


def test_head_specs_are_the_single_head_patterns_and_sidecars_keep_their_form():
    assert HeadSpec is AttentionPattern
    names = ["global", "local:2", "global_nonstrict", "local_nonstrict:3"]
    cfg = TransformerConfig(vocab_size=3, d_model=8, n_layers=1, heads=tuple(names))
    d = cfg.to_dict()
    assert d["heads"] == names
    again = TransformerConfig.from_dict(json.loads(json.dumps(d)))
    assert again == cfg and again.heads == tuple(AttentionPattern.parse(n) for n in names)
    # the dict form of a head still reads
    assert TransformerConfig(vocab_size=3, heads=({"kind": "local", "k": 2},)).heads == (HeadSpec("local", 2),)
