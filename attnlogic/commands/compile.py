"""``attnlogic compile F``: a formula of LTL[P,Y<=k] → exact transformer weights."""

from __future__ import annotations

HELP = "compile a formula of LTL[P,Y<=k] into transformer weights (exact, fixed precision)"
DESCRIPTION = """Compile a formula of LTL[P,Y<=k] into a transformer: one residual coordinate per
subformula, Booleans by ReLU units, P by a global head, Y[<=k] by a k-local head; O and H
are rewritten into P first; S cannot be compiled.  The readout at 0-based position n is
> 0 iff the prefix w[:n] is accepted (the EOS position gives the whole word).

--out FILE writes FILE (safetensors weights) and its JSON sidecar (FILE with .safetensors
replaced by .json, or FILE.json), which `attnlogic check --model FILE` reads back.

examples:
  attnlogic compile 'P (b & Y a)' --json
  attnlogic compile 'P a & Y[<=2] b' --alphabet abc --dtype float16 --out m.safetensors
"""


def add_arguments(p):
    p.add_argument("formula", help="a formula of LTL[P,Y<=k] (O, H allowed)")
    p.add_argument("--alphabet", help="letters: abc or a,b,c (the formula's atoms are added)")
    p.add_argument("--dtype", default="float32", choices=["float32", "bfloat16", "float16"])
    p.add_argument("--out", metavar="FILE", help="write safetensors weights + JSON sidecar")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args) -> int:
    from attnlogic.compiler import compile_formula
    from attnlogic.ltl import parse

    from ._common import print_json, split_alphabet

    f = parse(args.formula)
    compiled = compile_formula(f, split_alphabet(args.alphabet), dtype=args.dtype)
    summary = compiled.summary()
    if args.out:
        path, side = compiled.save(args.out)
        summary["out"] = str(path)
        summary["sidecar"] = str(side)
    if args.json:
        print_json(summary)
        return 0
    exact = "every length" if compiled.exact_up_to is None else f"lengths <= {compiled.exact_up_to}"
    print(f"formula   {compiled.formula}")
    print(f"alphabet  {','.join(compiled.vocab.alphabet)} (+ EOS = token {compiled.vocab.eos})")
    print(f"layers    {compiled.layers}   heads {compiled.heads}   width {compiled.width}   "
          f"ffn {compiled.plan.d_ff}")
    for l, heads in enumerate(compiled.plan.heads, 1):
        for h in heads:
            print(f"  layer {l}  {str(h.spec):10s} {h.formula}")
    print(f"dtype     {compiled.dtype}: exact at {exact}")
    if args.out:
        print(f"wrote     {summary['out']} and {summary['sidecar']}")
    return 0
