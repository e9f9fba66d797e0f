"""Compile a formula, check it against its DFA, export it, and run the export with plain
PyTorch (no attnlogic import, no custom kernel: explicit masks and torch.softmax).

    python examples/compile_export_reload.py [--formula F] [--alphabet A] [--length N] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

import torch
from safetensors.torch import load_file


# ---- the plain-PyTorch reader: everything needed to run an exported compiled model ----
def plain_forward(weights: dict, config: dict, tokens: torch.Tensor) -> torch.Tensor:
    """Readout at every position of one word (tokens [N]); compiled models have no LayerNorm,
    no positional encoding and one head list per layer."""
    x = weights["embed.weight"][tokens]
    N, d = len(tokens), config["d_head"]
    i, j = torch.arange(N)[:, None], torch.arange(N)[None, :]
    lin = lambda name, h: h @ weights[name + ".weight"].T + weights[name + ".bias"]  # noqa: E731
    for layer, heads in enumerate(config["heads"]):
        p = f"blocks.{layer}."
        if heads:
            q, k, v = (lin(p + "attn." + n, x) for n in "qkv")
            outs = []
            for h, spec in enumerate(heads):
                kind, _, window = spec.partition(":")
                visible = (j < i) if kind == "global" else (j < i) & (j >= i - int(window))
                sl = slice(h * d, (h + 1) * d)
                s = (q[:, sl] @ k[:, sl].T / d ** 0.5).masked_fill(~visible, float("-inf"))
                w = torch.softmax(s.float(), dim=-1).nan_to_num(0.0).to(x.dtype)  # empty window: 0
                outs.append(w @ v[:, sl])
            x = x + lin(p + "attn.o", torch.cat(outs, dim=-1))
        x = x + lin(p + "ffn.fc2", torch.relu(lin(p + "ffn.fc1", x)))
    return lin("readout", x)[:, 0]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--formula", default="P (b & Y a) & !Y[<=2] c")
    ap.add_argument("--alphabet", default="abc")
    ap.add_argument("--length", type=int, default=100_000, help="length of the long words checked")
    ap.add_argument("--samples", type=int, default=10)
    ap.add_argument("--out", help="directory for the export (default: a temporary one)")
    args = ap.parse_args(argv)

    from attnlogic.compiler import compile_formula
    from attnlogic.compiler.check import check_compiled
    from attnlogic.ltl import parse, prefix_acceptance

    # 1. compile
    compiled = compile_formula(parse(args.formula), list(args.alphabet))
    print(f"compiled  {compiled.formula}: {json.dumps(compiled.summary().to_json())}")
    # 2. check that model on every prefix against the formula's minimal DFA
    res = check_compiled(compiled, max_length=args.length, samples=args.samples)
    print(f"checked   {res.words} words (all {res.exhaustive_words} of length {res.exhaustive_length}, the "
          f"longest {res.max_length} letters): {res.decisions} prefixes, "
          f"{res.disagreements} disagreements, {res.tokens_per_second:.0f} tokens/s")
    # 3. export: safetensors + JSON sidecar
    out_dir = Path(args.out) if args.out else Path(tempfile.mkdtemp())
    path, side = compiled.save(out_dir / "model.safetensors")
    print(f"exported  {path} + {side.name}")
    # 4. reload with plain PyTorch and compare with the reference semantics
    weights = load_file(str(path))
    sidecar = json.loads(side.read_text())
    config, alphabet = sidecar["config"], sidecar["metadata"]["alphabet"]
    word = (args.alphabet * 40)[:97] + "ab" + "c" * 3
    tokens = torch.tensor([alphabet.index(a) for a in word] + [len(alphabet)])
    with torch.no_grad():
        plain = plain_forward(weights, config, tokens) > 0
    want = torch.from_numpy(prefix_acceptance(parse(sidecar["metadata"]["formula"]), word))
    agree = bool(torch.equal(plain, want))
    print(f"reloaded  plain PyTorch on a word of length {len(word)}: "
          f"{'all' if agree else 'NOT all'} {len(word) + 1} prefix decisions agree with the formula")
    return 0 if agree and res.agrees else 1


if __name__ == "__main__":
    raise SystemExit(main())
