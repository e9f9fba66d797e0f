"""ONNX and torch.export exports of compiled models, run and compared with the minimal DFA
of the formula on every prefix (the DFA is built independently of the compiler)."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from attnlogic.automata.from_formula import formula_to_dfa  # noqa: E402
from attnlogic.compiler.compile import compile_formula  # noqa: E402
from attnlogic.compiler.export import export_onnx, export_program, save_exported_program  # noqa: E402
from attnlogic.ltl import parse  # noqa: E402

pytestmark = pytest.mark.slow

# local heads (k = 1, 2), global heads, and both
FORMULAS = ["P (b & Y a)", "Y[<=2] a & P b"]


def _words(alphabet, seed=0):
    rng = np.random.default_rng(seed)
    words = [[alphabet[int(i)] for i in rng.integers(0, len(alphabet), size=n)] for n in (3, 7, 40, 500)]
    words.append(list("ab" * 50 + "c" + "ba" * 30))
    return words


def _dfa_prefixes(dfa, word) -> np.ndarray:
    """Acceptance of every prefix w[:n], n = 0…N, by running the DFA."""
    index = {a: i for i, a in enumerate(dfa.alphabet)}
    q, out = dfa.initial, [bool(dfa.accepting[dfa.initial])]
    for a in word:
        q = int(dfa.transitions[q, index[a]])
        out.append(bool(dfa.accepting[q]))
    return np.array(out)


@pytest.mark.parametrize("formula", FORMULAS)
def test_torch_export_agrees_with_the_dfa_on_every_prefix(formula, tmp_path):
    compiled = compile_formula(formula, ["a", "b", "c"])
    dfa = formula_to_dfa(parse(formula), ["a", "b", "c"])
    path = save_exported_program(compiled, tmp_path / "m.pt2")
    module = torch.export.load(str(path)).module()
    for w in _words(["a", "b", "c"]):
        with torch.no_grad():
            readout = module(compiled.vocab.encode(w).unsqueeze(0))
        assert readout.shape == (1, len(w) + 1, 1)
        np.testing.assert_array_equal(readout[0, :, 0].numpy() > 0, _dfa_prefixes(dfa, w))


@pytest.mark.parametrize("formula", FORMULAS)
def test_onnx_export_runs_in_onnxruntime_and_agrees_with_the_dfa(formula, tmp_path):
    pytest.importorskip("onnx")
    pytest.importorskip("onnxscript")
    ort = pytest.importorskip("onnxruntime")
    compiled = compile_formula(formula, ["a", "b", "c"])
    dfa = formula_to_dfa(parse(formula), ["a", "b", "c"])
    path = export_onnx(compiled, tmp_path / "m.onnx")
    assert [p.name for p in tmp_path.iterdir()] == ["m.onnx"]     # no temporary left behind
    session = ort.InferenceSession(str(path))
    assert [i.name for i in session.get_inputs()] == ["tokens"]
    for w in _words(["a", "b", "c"], seed=1):
        (readout,) = session.run(None, {"tokens": compiled.vocab.encode(w).unsqueeze(0).numpy()})
        np.testing.assert_array_equal(readout[0, :, 0] > 0, _dfa_prefixes(dfa, w))


def test_export_program_keeps_the_length_symbolic():
    compiled = compile_formula("P (b & Y a)", ["a", "b", "c"])
    program = export_program(compiled)
    (placeholder,) = [n for n in program.graph.nodes if n.op == "placeholder" and n.name == "tokens"]
    assert not isinstance(placeholder.meta["val"].shape[1], int)
