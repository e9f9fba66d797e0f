"""Li & Cotterell (2026), Prop. 2.13 with the toolkit: with MOD_m (m ≥ k),
Y ψ = ⋁_i (MOD_m^i ∧ Y[<=k](MOD_m^{i−1} ∧ ψ)); a k-local model with a periodic positional
encoding computes the 1-local Y."""

from __future__ import annotations

import numpy as np
import pytest

from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.compiler.compile import compile_formula
from attnlogic.compiler.positional import prop_2_13
from attnlogic.kernel.errors import InputError
from attnlogic.ltl import Atom, parse
from attnlogic.ltl.evaluate import prefix_acceptance
from attnlogic.transformer.io import load_model


@pytest.mark.parametrize("m,k", [(2, 2), (3, 2), (3, 3), (4, 3)])
def test_the_formula_has_the_dfa_of_y_b(m, k):
    f = prop_2_13(Atom("b"), m, k)
    assert formula_to_dfa(f, ("a", "b")) == formula_to_dfa(parse("Y b"), ("a", "b"))


def test_the_identity_needs_m_at_least_k():
    f = prop_2_13(Atom("b"), 1, 2)       # MOD_1 is true everywhere: this is Y[<=2] b
    assert formula_to_dfa(f, ("a", "b")) != formula_to_dfa(parse("Y b"), ("a", "b"))
    assert formula_to_dfa(f, ("a", "b")) == formula_to_dfa(parse("Y[<=2] b"), ("a", "b"))


def test_compiled_model_has_2_local_heads_and_is_exact_on_long_words(tmp_path):
    f = prop_2_13(Atom("b"), 2, 2)
    cm = compile_formula(f, alphabet="ab")
    specs = {str(h.spec) for layer in cm.plan.heads for h in layer}
    assert specs == {"local:2"}                                  # no global, no 1-local head
    assert cm.model.config.positional == "periodic" and cm.model.config.period == 2
    rng = np.random.default_rng(7)
    word = "".join(rng.choice(["a", "b"], 100_000))
    want = prefix_acceptance(parse("Y b"), word)                 # the reference evaluator
    assert (cm.prefix_acceptance(word) == want).all()
    cm.save(tmp_path / "m.safetensors")
    model, _ = load_model(tmp_path / "m.safetensors")
    tokens = cm.vocab.encode(word[:5000]).unsqueeze(0)
    assert ((model(tokens)[0, :, 0] > 0).numpy() == want[:5001]).all()


@pytest.mark.parametrize("text", ["MOD[3,1] & P (a & MOD[2,0]) | Y[<=2] (b & !MOD[3,2])",
                                  "!MOD[2,1] xor a", "MOD[2,0]"])
@pytest.mark.parametrize("layernorm", [False, True])
def test_compiled_mod_formulas_match_the_evaluator(text, layernorm):
    f = parse(text)
    cm = compile_formula(f, alphabet="ab", layernorm=layernorm)
    word = "".join(np.random.default_rng(3).choice(["a", "b"], 3000))
    assert (cm.prefix_acceptance(word) == prefix_acceptance(f, word)).all()


def test_fixed_point_refuses_mod():
    from attnlogic.transformer.fixed_point import FixedPoint
    with pytest.raises(InputError):
        compile_formula("MOD[2,1] & Y a", alphabet="ab", fixed_point=FixedPoint(8, 8))
