"""The proof a compiled model carries (testing/model_proof.py, re-checked by
``attnlogic verify --model``): it goes through for what the compiler writes, in every dtype,
and is refused for planted miscompilations (a weight perturbed, the attention's preference
reversed or tied, a head's mask shifted, a length the precision does not reach, a sidecar
that lies about a coordinate)."""

from __future__ import annotations

import json

import pytest
import torch
from safetensors.torch import load_file, save_file

import attnlogic as al
from attnlogic.cli import main
from attnlogic.ltl import random_formula
from attnlogic.testing.model_proof import prove, verify_saved_model

FORMULAS = ["P (b & Y a)", "Y a & Y[<=3] (b & Y[<=2] !a) | Y Y c", "P (a & !P (b & P a)) | P (c & !P a)",
            "H (a -> O b)", "MOD[2,1] & P a", "true", "a"]


def _save(tmp_path, formula, dtype="float32", name="m"):
    c = al.compile_formula(formula, ["a", "b", "c"], dtype=dtype)
    path = tmp_path / f"{name}.safetensors"
    c.save(path)
    return c, path


def _verify(path) -> int:
    return main(["verify", "--model", str(path)])


@pytest.mark.slow
@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "float16"])
def test_the_compiled_models_proofs_check(tmp_path, dtype, capsys):
    for i, f in enumerate(FORMULAS):
        c, path = _save(tmp_path, f, dtype, f"m{i}")
        r = verify_saved_model(path)
        assert r.valid, (f, r.reason)
        assert r.length == c.exact_up_to and r.max_error < 0.5
        # local heads only: every length; a global head: a finite bound past 10^5 letters
        has_global = any(str(h.spec) == "global" for layer in c.plan.heads for h in layer)
        assert (c.exact_up_to is None) == (not has_global)
        if has_global:
            assert c.exact_up_to > 100_000
        assert _verify(path) == 0
    assert capsys.readouterr().out.count("valid: ") == len(FORMULAS)


def test_random_formulas_prove_and_agree_with_their_dfa():
    for seed in range(6):
        f = random_formula(seed, ["a", "b"], (6, 14), "LTL[P,Y<=2]")
        c = al.compile_formula(f, ["a", "b"])
        assert c.exact_up_to != 0, str(f)
        assert al.check_compiled(c, max_length=60, samples=2).agrees


def test_the_proved_bound_is_the_largest_the_proof_reaches():
    c = al.compile_formula("P (b & Y a)", ["a", "b"])
    meta = dict(c.metadata)
    sd, cfg = c.model.state_dict(), c.model.config.to_dict()
    assert prove(sd, cfg, "float32", meta, c.exact_up_to).valid
    assert not prove(sd, cfg, "float32", meta, c.exact_up_to + 1).valid
    assert not prove(sd, cfg, "float32", meta, None).valid          # a global head: not every length


def _mutate(path, tensors=None, sidecar=None):
    if tensors is not None:
        sd = load_file(str(path))
        tensors(sd)
        save_file(sd, str(path))
    if sidecar is not None:
        sp = path.with_suffix(".json")
        side = json.loads(sp.read_text())
        sidecar(side)
        sp.write_text(json.dumps(side))


def _set(name, index, value, add=False):
    def f(sd):
        t = sd[name]
        t[index] = (t[index] + value) if add else value
    return f


def _caught_by_check(path, length=300) -> bool:
    return not al.check_compiled(str(path), max_length=length, samples=2).agrees


def test_a_perturbed_weight_is_refused(tmp_path):
    # the unit of b & Y a (coordinates: a, b, Y a, b & Y a, P (b & Y a)) reads Y a with
    # weight 1 -> 0.4: it gives 0.4 where b & Y a holds, and the readout 2·0.4 − 1 < 0
    c, path = _save(tmp_path, "P (b & Y a)")
    assert c.plan.names[2] == "Y a"
    _mutate(path, _set("blocks.0.ffn.fc1.weight", (0, 2), 0.4))
    assert _verify(path) == 1
    assert _caught_by_check(path)
    # a small perturbation that changes nothing: the key of the P head 2^-6 off
    c, path = _save(tmp_path, "P (b & Y a)", name="small")
    _mutate(path, _set("blocks.1.attn.k.bias", 0, 2.0 ** -6, add=True))
    assert verify_saved_model(path).valid
    assert not _caught_by_check(path)
    # the key's weight on b & Y a 1 -> 2^-8: a score gap of 4, the non-ψ keys weigh in
    _mutate(path, _set("blocks.1.attn.k.weight", (0, 3), 2.0 ** -8))
    assert _verify(path) == 1


@pytest.mark.parametrize("bias", [0.0, -1024.0])
def test_a_tie_or_a_reversed_preference_is_refused(tmp_path, bias):
    c, path = _save(tmp_path, "P a & !P b")
    _mutate(path, _set("blocks.0.attn.q.bias", 0, bias))   # every score equal / the non-a positions preferred
    assert _verify(path) == 1
    assert _caught_by_check(path)


def test_a_shifted_mask_is_refused(tmp_path):
    for formula, old, new in (("P (b & Y a)", "local:1", "local:2"), ("P (b & Y a)", "global", "global_nonstrict"),
                              ("Y[<=2] a", "local:2", "local_nonstrict:2")):
        c, path = _save(tmp_path, formula, name=new.replace(":", ""))

        def shift(side):
            side["config"]["heads"] = [[new if h == old else h for h in layer] for layer in side["config"]["heads"]]
        _mutate(path, sidecar=shift)
        assert _verify(path) == 1, (formula, new)
        assert _caught_by_check(path), (formula, new)


def test_a_length_beyond_the_precision_is_refused(tmp_path):
    # the claim raised past the proved bound (testing cannot reach 10^7 letters)
    c, path = _save(tmp_path, "P (b & Y a)", "bfloat16")
    _mutate(path, sidecar=lambda side: side["metadata"].update(exact_up_to=10 ** 7))
    assert _verify(path) == 1
    _mutate(path, sidecar=lambda side: side["metadata"].update(exact_up_to=None))
    assert _verify(path) == 1
    # a score gap C = 8 instead of 1024: e^-8 per key is not negligible past a few hundred keys
    c, path = _save(tmp_path, "P a & !P b", "float32", "gap")
    _mutate(path, _set("blocks.0.attn.q.bias", slice(None), 8.0))
    assert _verify(path) == 1
    assert not _caught_by_check(path, length=300)       # short words agree
    _mutate(path, sidecar=lambda side: side["metadata"].update(exact_up_to=20))
    assert _verify(path) == 0                           # and the proof gives the short words


def test_a_sidecar_that_lies_is_refused(tmp_path):
    c, path = _save(tmp_path, "P (b & Y a)")

    def swap(side):
        coords = side["metadata"]["proof"]["coordinates"]
        coords[2] = "Y b"                       # the head computes Y a
    _mutate(path, sidecar=swap)
    assert _verify(path) == 1
    c, path = _save(tmp_path, "P (b & Y a)", name="f")
    _mutate(path, sidecar=lambda side: side["metadata"].update(formula="P (a & Y b)"))
    assert _verify(path) == 1
    c, path = _save(tmp_path, "P (b & Y a)", name="none")
    _mutate(path, sidecar=lambda side: side["metadata"].pop("proof"))
    assert _verify(path) == 1


def test_bad_files_exit_2(tmp_path, capsys):
    assert _verify(tmp_path / "missing.safetensors") == 2
    c, path = _save(tmp_path, "P a")
    _mutate(path, sidecar=lambda side: side["metadata"]["proof"].update(coordinates=["a", "(("] + ["a"] * 10))
    assert _verify(path) == 2
    c, path = _save(tmp_path, "P a", name="g")
    _mutate(path, sidecar=lambda side: side["metadata"]["proof"]["coordinates"].__setitem__(1, "P ("))
    assert _verify(path) == 2
    assert "metadata.proof.coordinates[1]" in capsys.readouterr().err
    assert main(["verify", "--model", str(path), "--regex", "a"]) == 2


def test_the_proof_imports_nothing_of_the_compiler():
    import ast
    from pathlib import Path
    src = Path(__file__).resolve().parents[2] / "testing" / "model_proof.py"
    names = {n.module or "" for n in ast.walk(ast.parse(src.read_text())) if isinstance(n, ast.ImportFrom)}
    names |= {a.name for n in ast.walk(ast.parse(src.read_text())) if isinstance(n, ast.Import) for a in n.names}
    assert not any("compiler" in n for n in names), names


def test_a_file_no_loader_takes_is_refused_before_its_proof(tmp_path, capsys):
    """verify --model said "valid" of files ``check`` cannot load: a sidecar whose d_head is
    null (the proof read it as 1, the loader derives d_model // heads) and weights with a
    tensor the config does not describe.  Both are bad input now (exit 2, the loader's whole
    reason), as for ``check``; a malformed formula in the sidecar is named as that field."""
    c, path = _save(tmp_path, "P (b & Y a)", name="dhead")
    _mutate(path, sidecar=lambda side: side["config"].update(d_head=None))
    assert _verify(path) == 2
    c, path = _save(tmp_path, "P (b & Y a)", name="extra")
    _mutate(path, tensors=lambda sd: sd.update({"blocks.7.attn.q.weight": torch.zeros(1, 5)}))
    capsys.readouterr()
    assert _verify(path) == 2
    err = capsys.readouterr().err
    assert "Unexpected key(s)" in err and "blocks.7.attn.q.weight" in err
    c, path = _save(tmp_path, "P (b & Y a)", name="formula")
    _mutate(path, sidecar=lambda side: side["metadata"].update(formula="P ( b"))
    capsys.readouterr()
    assert _verify(path) == 2
    err = capsys.readouterr().err
    assert "metadata.formula" in err and "tensors" not in err
