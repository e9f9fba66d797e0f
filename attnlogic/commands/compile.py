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
    p.add_argument("--fixed-point", type=int, metavar="P",
                   help="compile for a fixed-point machine with P fractional bits that rounds every "
                        "operation, attention weights included (cleanup units + Li & Cotterell's "
                        "P(psi & P psi) patch); exact_up_to is then for that machine")
    p.add_argument("--int-bits", type=int, default=16, metavar="I", help="integer bits of --fixed-point (default 16)")
    p.add_argument("--no-span-fix", action="store_true",
                   help="with --fixed-point: leave out the P(psi & P psi) patch (exact only below 2^(P+1))")
    p.add_argument("--layernorm", action="store_true",
                   help="compile for a standard post-LN block (mirror coordinates 1-x keep LN the identity)")
    p.add_argument("--out", metavar="FILE", help="write safetensors weights + JSON sidecar")
    p.add_argument("--onnx", metavar="FILE",
                   help="also export the model as ONNX (dynamo exporter; needs the onnx extra)")
    p.add_argument("--torch-export", metavar="FILE",
                   help="also write a torch.export program (torch.export.load reads it)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args) -> int:
    from attnlogic.compiler import compile_formula
    from attnlogic.ltl import parse

    from ._common import split_alphabet, warn_formula

    if args.out is not None:          # refuse a bad path before the work, not after it
        from attnlogic.fileio import check_output_path
        from attnlogic.transformer.io import sidecar_path
        check_output_path(args.out)
        check_output_path(sidecar_path(args.out))
    f = parse(args.formula)
    fmt = _fixed_point(args)
    compiled = compile_formula(f, split_alphabet(args.alphabet), dtype=args.dtype, fixed_point=fmt,
                               span_fix=not args.no_span_fix, layernorm=args.layernorm)
    warn_formula(args, f, split_alphabet(args.alphabet))   # after the errors, if any
    result = compiled.summary()
    if args.out is not None:
        from attnlogic.compiler import CompileResult
        path, side = compiled.save(args.out)
        result = CompileResult(compiled, str(path), str(side))
    return _report(args, result)


def _report(args, result) -> int:
    """Exports (--onnx, --torch-export), then the JSON or the text of the result."""
    from ._common import print_json

    extra = {}
    if args.onnx or args.torch_export:
        from attnlogic.compiler.export import export_onnx, save_exported_program
        if args.onnx:
            extra["onnx"] = str(export_onnx(result.compiled, args.onnx))
        if args.torch_export:
            extra["torch_export"] = str(save_exported_program(result.compiled, args.torch_export))
    if args.json:
        print_json({**result.to_json(), **extra})
    else:
        print("\n".join(result.lines()))
        for path in extra.values():
            print(f"wrote     {path}")
    return 0


def _fixed_point(args):
    if args.fixed_point is None:
        if getattr(args, "no_span_fix", False):
            from attnlogic.errors import InputError
            raise InputError("--no-span-fix needs --fixed-point P")
        return None
    from attnlogic.errors import InputError
    from attnlogic.transformer.fixed_point import FixedPoint
    try:
        return FixedPoint(args.fixed_point, args.int_bits)
    except ValueError as exc:
        raise InputError(f"--fixed-point/--int-bits: {exc}") from None
