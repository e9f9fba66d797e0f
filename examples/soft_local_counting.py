"""A finding: one soft 3-local head recognises a language outside LTL[P,Y<=3].

The logic reads a k-local head existentially (``Y[<=k] φ``: φ somewhere in the window). A
*soft* head averages its window instead, so it can compare counts: with equal scores and
value [letter = a], its output at position n+1 is the fraction of a's among the last
min(n, 3) letters, and the readout ``fraction − 1/2`` accepts exactly

    MAJ3 = { w : more than half of the last min(|w|, 3) letters are a }
         = a | aa | Σ*(aab | aba | baa | aaa)

The classifier proves MAJ3 is NOT in LTL[P,Y<=3] (a lasso witness valid at every depth),
while the hand-set one-layer model below agrees with MAJ3's DFA on every prefix of long
words.  Li & Cotterell's local-attention paper is not available in full here; whether its
model rules this out (e.g. by hard or fixed-precision attention) is open to us: the
toolkit's compiler only ever uses heads in the existential regime, where the logic is exact.

    python examples/soft_local_counting.py [--length N] [--samples M]
"""

from __future__ import annotations

import argparse

import torch

from attnlogic.definability.engine.classify import classify
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.testing import check
from attnlogic.transformer import HeadSpec, Transformer, TransformerConfig

MAJ3 = "a|aa|(a|b)*(aab|aba|baa|aaa)"


def majority_model(threshold: float = 0.5) -> Transformer:
    """One 3-local head averaging [letter = a]; readout = average − threshold.

    Residual coordinates: 0 = [token is a], 1 = constant 1, 2 = the head's output.
    """
    cfg = TransformerConfig(vocab_size=3, d_model=3, n_layers=1, heads=(HeadSpec("local", 3),), d_head=1,
                            d_ff=0, layernorm=False, positional="none")
    model = Transformer(cfg)
    with torch.no_grad():
        for p in model.parameters():
            p.zero_()
        model.embed.weight[:] = torch.tensor([[1.0, 1.0, 0.0], [0.0, 1.0, 0.0], [0.0, 1.0, 0.0]])  # a, b, EOS
        attn = model.blocks[0].attn
        attn.v.weight[0, 0] = 1.0          # value = [a]; queries and keys are 0: equal scores
        attn.o.weight[2, 0] = 1.0          # head output → coordinate 2
        model.readout.weight[0, 2] = 1.0
        model.readout.weight[0, 1] = -threshold
    return model.eval()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--length", type=int, default=10_000)
    ap.add_argument("--samples", type=int, default=8)
    args = ap.parse_args(argv)

    dfa = regex_to_dfa(MAJ3, "ab")
    result = classify(dfa, windows=(3,))
    r = result["LTL[P,Y<=3]"]
    w = r.witness
    print(f"MAJ3 = {MAJ3}: minimal DFA with {dfa.n_states} states")
    print(f"LTL[P,Y<=3] member: {r.member}; witness {''.join(w.accepted)!r} in, {''.join(w.rejected)!r} out, "
          f"depth {'every' if w.depth is None else w.depth}")
    print(f"LTL[P,Y] member: {result['LTL[P,Y]'].member}; formula {result['LTL[P,Y]'].formula}")
    rep = check(majority_model(), dfa=dfa, long_length=args.length, long_count=args.samples)
    print(f"soft 3-local head vs DFA: {rep.words} words (all of length {rep.exhaustive_length}, the longest "
          f"{rep.max_length} letters): {rep.decisions} prefixes, {rep.disagreements} disagreements")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
