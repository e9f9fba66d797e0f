"""Users' models as they come (issue 25, item 7): a tiny Hugging Face GPT-2 built from a
config (no download), checked per prefix (token classification) and at the last token
(sequence classification, (batch, classes) logits); its dropout, its ModelOutput and its
position limit.  Skips without ``transformers`` (``pip install 'attnlogic[hf]'``).

The weights are set by hand so that the model recognises (a|b)*a: attention and MLP outputs
are zero, so the residual stream at a position is its token's embedding (one-hot: a, b, BOS,
EOS, PAD = 0…4; no positional term), and the head reads "this token is a".  With BOS, the
prefix readout reads w[:n] at index n, whose token is the last letter of w[:n]."""

from __future__ import annotations

import pytest

transformers = pytest.importorskip("transformers")
import torch  # noqa: E402

from attnlogic.kernel.errors import InputError  # noqa: E402
from attnlogic.testing import check  # noqa: E402

A, B, BOS, EOS, PAD = range(5)
CONTEXT = 16
LANG = dict(regex="(a|b)*a", alphabet="ab")
SMALL = dict(boundary=32, random=32, contexts=16, long_count=3, use_hypothesis=False)


def _gpt2(kind: str, dropout: float = 0.5):
    config = transformers.GPT2Config(vocab_size=5, n_positions=CONTEXT, n_embd=5, n_layer=1, n_head=1,
                                     resid_pdrop=dropout, embd_pdrop=dropout, attn_pdrop=dropout,
                                     num_labels=2, pad_token_id=PAD)
    cls = {"token": transformers.GPT2ForTokenClassification,
           "sequence": transformers.GPT2ForSequenceClassification}[kind]
    torch.manual_seed(0)
    model = cls(config)
    head = model.classifier if kind == "token" else model.score
    with torch.no_grad():
        body = model.transformer
        body.wte.weight.copy_(torch.eye(5))
        body.wpe.weight.zero_()
        for block in body.h:
            block.attn.c_proj.weight.zero_()
            block.attn.c_proj.bias.zero_()
            block.mlp.c_proj.weight.zero_()
            block.mlp.c_proj.bias.zero_()
        head.weight.zero_()
        head.weight[1, A] = 1.0              # class 1 ("in the language") iff the token is a
        if getattr(head, "bias", None) is not None:
            head.bias.zero_()
    return model


def test_token_classification_per_prefix_with_dropout_in_training_mode():
    """Left in training mode with dropout 0.5 the model is random (two forward passes differ);
    check runs it in eval() under no_grad: the same report twice, the model agrees, and its
    training mode is restored."""
    model = _gpt2("token").train()
    tokens = torch.tensor([[BOS, A, B, A, A, B, A, EOS]] * 8)
    assert not torch.equal(model(tokens).logits, model(tokens).logits)     # dropout is live
    first = check(model, **LANG, bos=BOS, eos=EOS, readout="prefix", argmax=True, class_index=1, **SMALL)
    second = check(model, **LANG, bos=BOS, eos=EOS, readout="prefix", argmax=True, class_index=1, **SMALL)
    assert first.agrees and first == second
    assert model.training and all(m.training for m in model.modules())
    # the class scores read by threshold instead of argmax: class 1 > 0 iff the token is a
    assert check(model, **LANG, bos=BOS, eos=EOS, class_index=1, **SMALL).agrees


def test_the_position_limit_keeps_words_within_the_context():
    """n_positions = 16: the long words (200 letters by default) are shortened to 14 letters
    (BOS + 14 + EOS = 16), the report says so, and nothing reads past the position table."""
    model = _gpt2("token", dropout=0.0)
    report = check(model, **LANG, bos=BOS, eos=EOS, argmax=True, class_index=1, **SMALL)
    assert report.context == CONTEXT and report.shortened == 3 and report.max_length == CONTEXT - 2
    assert report.agrees and "shortened to fit" in "\n".join(report.lines())
    with pytest.raises(IndexError):          # what the check avoids: GPT-2 beyond its positions
        model(torch.zeros((1, CONTEXT + 1), dtype=torch.long))


def test_sequence_classification_at_the_last_token():
    """(batch, classes) logits, read at the last token (no EOS: the last letter, or BOS for ε)."""
    model = _gpt2("sequence", dropout=0.0)
    out = model(torch.tensor([[BOS, A, B]]))
    assert tuple(out.logits.shape) == (1, 2)
    report = check(model, **LANG, bos=BOS, eos=None, readout="eos", argmax=True, class_index=1, **SMALL)
    assert report.agrees and report.decisions == report.words
    # and a wrong language is caught, with the honest claim about the counterexample
    wrong = check(model, regex="(a|b)*b", alphabet="ab", bos=BOS, eos=None, readout="eos", argmax=True,
                  class_index=1, **SMALL)
    assert not wrong.agrees and wrong.counterexample == ("a",) and wrong.shortest
    # per-word scores cannot be read per prefix
    with pytest.raises(InputError) as info:
        check(model, **LANG, bos=BOS, eos=None, readout="prefix", class_index=1, **SMALL)
    assert info.value.parameters == ("readout",)


def test_a_model_output_without_scores_is_one_clear_error():
    """The 0-d ModelOutput bug: an output object is read through .logits; one without scores
    is refused with a message saying what was expected."""
    class Output:
        hidden = None

    with pytest.raises(InputError) as info:
        check(lambda t: Output(), **LANG)
    assert ".logits" in str(info.value) and info.value.parameters == ("model",)


def test_a_gpt2_as_it_comes_is_extracted():
    """``extract_dfa`` (issue 44) on both GPT-2s, the token classifier left in training mode
    with dropout: run in eval(), each learned as exactly (a|b)*a, every word within the
    16 positions (the model would raise past them)."""
    from attnlogic.automata.regex import regex_to_dfa
    from attnlogic.testing.extract import extract_dfa

    want = regex_to_dfa("(a|b)*a", "ab").minimal()
    words = dict(exhaustive_length=5, long_count=2)
    token = extract_dfa(_gpt2("token").train(), **LANG, bos=BOS, eos=EOS, readout="prefix", argmax=True,
                        class_index=1, **words)
    sequence = extract_dfa(_gpt2("sequence", dropout=0.0), **LANG, bos=BOS, eos=None, readout="eos",
                           argmax=True, class_index=1, **words)
    for x, room in ((token, CONTEXT - 2), (sequence, CONTEXT - 1)):
        assert x.complete and x.dfa == want and x.same_as_target
        assert x.validation.max_length == room
