"""The transformer architecture: masks against a naive N×N reference, causality, empty
windows, dtypes, configs."""

from __future__ import annotations

import math

import pytest
import torch
from hypothesis import given, settings, strategies as st

from attnlogic.transformer import HeadSpec, Transformer, TransformerConfig, Vocabulary, parse_pattern
from attnlogic.transformer.attention import attend, blockwise_attention, global_attention, local_attention

torch.set_num_threads(1)


def visible(spec: HeadSpec, n: int, m: int) -> bool:
    """The mask of semantics.md, 0-based positions (n attends to m)."""
    if spec.kind == "global":
        return m < n
    if spec.kind == "global_nonstrict":
        return m <= n
    if spec.kind == "local":
        return n - spec.k <= m < n
    return n - spec.k <= m <= n


def naive_attention(q, k, v, spec, scale):
    """Explicit N×N masked softmax in float64; empty rows give 0."""
    q, k, v = q.double(), k.double(), v.double()
    N = q.shape[2]
    mask = torch.tensor([[visible(spec, n, m) for m in range(N)] for n in range(N)])
    s = (q @ k.transpose(-1, -2)) * scale
    s = s.masked_fill(~mask, -math.inf)
    w = torch.softmax(s, dim=-1)
    w = torch.nan_to_num(w, nan=0.0)
    return w @ v


SPECS = [HeadSpec("global"), HeadSpec("global_nonstrict"), HeadSpec("local", 1), HeadSpec("local", 3),
         HeadSpec("local_nonstrict", 2)]


@pytest.mark.parametrize("spec", SPECS, ids=str)
@pytest.mark.parametrize("N", [1, 2, 5, 37])
def test_kernel_matches_naive_mask(spec, N):
    g = torch.Generator().manual_seed(N)
    q, k, v = (torch.randn(2, 3, N, 4, generator=g, dtype=torch.float64) for _ in range(3))
    got = attend(q, k, v, spec, scale=0.5)
    want = naive_attention(q, k, v, spec, 0.5)
    assert torch.allclose(got, want, atol=1e-10), (got - want).abs().max()
    if spec.strict:
        assert torch.all(got[:, :, 0] == 0)  # position 1 has an empty window


@pytest.mark.parametrize("N", [3, 70, 300])
def test_blockwise_equals_sdpa(N):
    g = torch.Generator().manual_seed(1)
    q, k, v = (torch.randn(1, 2, N, 8, generator=g) for _ in range(3))
    a = global_attention(q, k, v, kernel="sdpa")
    b = global_attention(q, k, v, kernel="blockwise")
    torch.testing.assert_close(a, b, atol=1e-5, rtol=1e-5)
    # blocks smaller than N exercise the online rescaling
    c = blockwise_attention(q[:, :, 1:], k[:, :, :-1], v[:, :, :-1], block=16)
    torch.testing.assert_close(a[:, :, 1:], c, atol=1e-5, rtol=1e-5)


def test_local_attention_is_linear_memory():
    """A 2-local head over 2·10^5 positions (an N×N float mask would need 160 GB)."""
    N = 200_000
    q = torch.zeros(1, 1, N, 1)
    k = torch.zeros(1, 1, N, 1)
    v = torch.arange(N, dtype=torch.float32).view(1, 1, N, 1)
    out = local_attention(q, k, v, 2)
    want = torch.cat([torch.zeros(1), torch.tensor([0.0]), (torch.arange(1, N - 1) - 0.5)])
    assert torch.equal(out[0, 0, :, 0], want)


def config(pattern="hybrid:2", **kw):
    return TransformerConfig(vocab_size=4, d_model=16, n_layers=2, heads=parse_pattern(pattern, 4), **kw)


@pytest.mark.parametrize("pattern", ["global", "local:1", "local:3", "hybrid:2"])
@pytest.mark.parametrize("positional", ["none", "learned", "sinusoidal", "rope"])
def test_model_is_causal(pattern, positional):
    torch.manual_seed(0)
    model = Transformer(config(pattern, positional=positional, layernorm=pattern != "global")).double().eval()
    x = torch.randint(0, 4, (3, 12))
    y = x.clone()
    y[:, 7:] = torch.randint(0, 4, (3, 5))
    a, b = model(x), model(y)
    assert a.shape == (3, 12, 1)
    assert torch.allclose(a[:, :7], b[:, :7], atol=1e-12)


def test_strict_first_position_sees_nothing():
    """With strict heads and no positions, the first output depends only on the first token."""
    torch.manual_seed(0)
    model = Transformer(config("hybrid:2")).double().eval()
    a = model(torch.tensor([[1, 0, 0, 2]]))
    b = model(torch.tensor([[1, 3, 2, 1]]))
    assert torch.allclose(a[:, 0], b[:, 0])


def test_per_layer_heads_and_empty_layer():
    c = TransformerConfig(vocab_size=3, d_model=8, n_layers=3,
                          heads=((HeadSpec("global"),), (), (HeadSpec("local", 2), HeadSpec("global"))))
    m = Transformer(c)
    assert m.blocks[1].attn is None
    assert m(torch.zeros(2, 5, dtype=torch.long)).shape == (2, 5, 1)
    assert TransformerConfig.from_dict(c.to_dict()) == c


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.float16])
def test_dtypes_run_end_to_end(dtype):
    torch.manual_seed(0)
    model = Transformer(config("hybrid:2", readout_dim=3)).eval()
    x = torch.randint(0, 4, (2, 30))
    ref = model(x)
    low = model.to(dtype)(x)
    assert low.dtype == dtype and low.shape == (2, 30, 3)
    assert torch.allclose(low.float(), ref, atol=0.25)


def test_training_step_reduces_loss():
    torch.manual_seed(0)
    model = Transformer(config("hybrid:1", dropout=0.1))
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    x = torch.randint(0, 4, (16, 10))
    target = (x == 1).float().unsqueeze(-1)
    losses = []
    for _ in range(30):
        loss = torch.nn.functional.binary_cross_entropy_with_logits(model(x), target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    assert all(p.grad is not None and torch.isfinite(p.grad).all() for p in model.parameters() if p.requires_grad
               and p.grad is not None)
    assert losses[-1] < losses[0] * 0.8


def test_parse_pattern():
    assert parse_pattern("global", 2) == (HeadSpec("global"),) * 2
    assert parse_pattern("local:3", 1) == (HeadSpec("local", 3),)
    assert parse_pattern("hybrid:1", 3) == (HeadSpec("global"), HeadSpec("global"), HeadSpec("local", 1))
    for bad in ["hybrid:1", "local", "foo"]:
        with pytest.raises(ValueError):
            parse_pattern(bad, 1)
    with pytest.raises(ValueError):
        HeadSpec("local")
    with pytest.raises(ValueError):
        HeadSpec("global", 2)


def test_vocabulary():
    v = Vocabulary("ab")
    assert v.eos == 2 and v.size == 3
    assert v.encode("abba").tolist() == [0, 1, 1, 0, 2]
    assert v.encode("ab", eos=False).tolist() == [0, 1]
    from attnlogic.kernel.errors import InputError
    with pytest.raises(InputError):
        v.encode("abc")


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(SPECS), st.integers(1, 20), st.integers(0, 10**6))
def test_kernel_random(spec, N, seed):
    g = torch.Generator().manual_seed(seed)
    q, k, v = (torch.randn(1, 2, N, 3, generator=g, dtype=torch.float64) * 3 for _ in range(3))
    assert torch.allclose(attend(q, k, v, spec, scale=1.0), naive_attention(q, k, v, spec, 1.0), atol=1e-9)


def test_save_load_roundtrip(tmp_path):
    from attnlogic.transformer.io import load_model, save_model, sidecar_path
    torch.manual_seed(0)
    model = Transformer(config("hybrid:2")).eval()
    p, sp = save_model(model, tmp_path / "m.safetensors", {"note": "x"})
    assert sp == sidecar_path(p) == tmp_path / "m.json"
    again, side = load_model(p)
    x = torch.randint(0, 4, (2, 9))
    assert torch.equal(model(x), again(x))
    assert side["metadata"] == {"note": "x"} and again.config == model.config
    assert not list(tmp_path.glob("*.tmp"))


def test_load_rejects_bad_files(tmp_path):
    from attnlogic.kernel.errors import FileFormatError
    from attnlogic.transformer.io import load_model
    (tmp_path / "m.safetensors").write_bytes(b"junk")
    with pytest.raises(FileFormatError):
        load_model(tmp_path / "m.safetensors")
    (tmp_path / "m.json").write_text('{"format": "attnlogic-transformer", "config": {}, "dtype": "float32"}')
    with pytest.raises(FileFormatError):
        load_model(tmp_path / "m.safetensors")


@pytest.mark.parametrize("strict", [True, False])
def test_constant_query_kernel_matches_sdpa(strict):
    from attnlogic.transformer.attention import constant_query_attention
    g = torch.Generator().manual_seed(3)
    q = torch.randn(2, 3, 1, 4, generator=g, dtype=torch.float64).expand(2, 3, 40, 4)
    k, v = (torch.randn(2, 3, 40, 4, generator=g, dtype=torch.float64) for _ in range(2))
    spec = HeadSpec("global" if strict else "global_nonstrict")
    want = naive_attention(q, k, v, spec, 0.5)
    assert torch.allclose(constant_query_attention(q, k, v, strict=strict, scale=0.5), want, atol=1e-9)


def test_auto_kernel_only_for_constant_queries():
    torch.manual_seed(0)
    model = Transformer(config("hybrid:2")).eval()
    attn = model.blocks[0].attn
    assert attn.kernel == "auto"                       # the default: quadratic only when asked
    assert attn._kernel_for(HeadSpec("global"), (0, 1)) == "sdpa"
    with torch.no_grad():
        attn.q.weight[: 2 * attn.d_head] = 0
    assert attn._kernel_for(HeadSpec("global"), (0, 1)) == "prefix"
    x = torch.randint(0, 4, (2, 25))
    a = model(x)
    model.set_kernel("sdpa")
    assert torch.allclose(a, model(x), atol=1e-5)


def test_cuda_padding_keeps_results():
    from attnlogic.transformer.attention import _sdpa_causal
    g = torch.Generator().manual_seed(0)
    q, k, v = (torch.randn(1, 2, 30, 3, generator=g) for _ in range(3))
    torch.testing.assert_close(_sdpa_causal(q, k, v, 0.7, 0.0, pad_to=8), _sdpa_causal(q, k, v, 0.7, 0.0, pad_to=1))


@pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device")
def test_cuda_matches_cpu():
    torch.manual_seed(0)
    model = Transformer(config("hybrid:2")).eval()
    x = torch.randint(0, 4, (2, 300))
    a = model(x)
    b = model.cuda()(x.cuda()).cpu()
    torch.testing.assert_close(a, b, atol=1e-4, rtol=1e-4)
