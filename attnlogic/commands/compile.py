"""``attnlogic compile``: a formula of LTL[P,Y<=k], or any language with a certificate in it,
→ exact transformer weights."""

from __future__ import annotations

from ._common import add_output_arguments, add_precision_arguments

HELP = "compile a language (formula, regex or DFA) into transformer weights (exact, fixed precision)"
DESCRIPTION = """Compile a formula of LTL[P,Y<=k] into a transformer: one residual coordinate per
subformula, Booleans by ReLU units, P by a global head, Y[<=k] by a k-local head; O and H
are rewritten into P first.  The readout at 0-based position n is > 0 iff the prefix w[:n]
is accepted (the EOS position gives the whole word).

Any other language — a formula with S, --regex R, --dfa FILE — is classified first; the
certificate formula of the smallest fragment of LTL[P,Y<=k] that has one is compiled (a
star-free language in none of them: its LTL[S] certificate, into hard heads), and the model
is checked against the language's DFA (every prefix of --check-samples words of
--check-length letters, and all short words).  --pattern P asks for one target: global,
local:K, hybrid:K or masked_hard.  A language the target does not have is refused (exit 2)
with the fragment it fails and the witness pair.  Every model carries a proof in its
sidecar (`attnlogic verify --model FILE` re-checks it).

--out FILE writes FILE (safetensors weights) and its JSON sidecar (FILE with .safetensors
replaced by .json, or FILE.json), which `attnlogic check --model FILE` reads back.

examples:
  attnlogic compile 'P (b & Y a)' --json
  attnlogic compile 'P a & Y[<=2] b' --alphabet abc --dtype float16 --out m.safetensors
  attnlogic compile --regex '(a|b|c)*ab(a|b|c)*' --alphabet abc
  attnlogic compile 'b S a'
"""


def add_arguments(p):
    from ._common import add_source_arguments

    add_source_arguments(p, windows=True)
    p.add_argument("--check-length", type=int, default=1000, metavar="N",
                   help="length of the long words the compiled language is checked on (default 1000)")
    p.add_argument("--check-samples", type=int, default=4, metavar="M",
                   help="number of long words for that check (default 4)")
    add_precision_arguments(
        p, "float32",
        "compile for a fixed-point machine with P fractional bits that rounds every operation, "
        "attention weights included (cleanup units + Li & Cotterell's P(psi & P psi) patch); "
        "exact_up_to is then for that machine",
        "with --fixed-point: leave out the P(psi & P psi) patch (exact only below 2^(P+1))")
    p.add_argument("--layernorm", action="store_true",
                   help="compile for a standard post-LN block (mirror coordinates 1-x keep LN the identity)")
    p.add_argument("--pattern", metavar="P",
                   help="the attention pattern to compile for: global, local:K, hybrid:K (softmax heads) or "
                        "masked_hard (hard heads, every star-free language); default: the smallest that "
                        "has the language")
    p.add_argument("--out", metavar="FILE", help="write safetensors weights + JSON sidecar")
    p.add_argument("--onnx", metavar="FILE",
                   help="also export the model as ONNX (dynamo exporter; needs the onnx extra)")
    p.add_argument("--torch-export", metavar="FILE",
                   help="also write a torch.export program (torch.export.load reads it)")
    add_output_arguments(p)


def run(args) -> int:
    from ._common import starting

    _check_arguments(args)            # the cheap checks first: before torch is imported
    # on a terminal, a status line at once: importing torch and the library takes seconds
    with starting(args, "compile", "loading the compiler (torch)"):
        import attnlogic.compiler  # noqa: F401  (torch: the status line covers it)
    from attnlogic.request import CompileRequest

    from ._common import load_source, source_of, split_alphabet, warn_formula

    fmt = _fixed_point(args)
    options = (("fixed_point", fmt), ("span_fix", not args.no_span_fix), ("layernorm", args.layernorm))
    request = CompileRequest(source_of(args), windows=tuple(dict.fromkeys(args.window or [2])),
                             check_length=args.check_length, check_samples=args.check_samples,
                             pattern=args.pattern, dtype=args.dtype, options=options, check_as_given=False)
    f = request.formula_as_given()
    language = None if f is not None else load_source(args)        # its warnings first
    result = request.answer(language=language).result
    if f is not None:
        warn_formula(args, f, split_alphabet(args.alphabet))   # after the errors, if any
    if args.out is not None:
        from dataclasses import replace
        path, side = result.compiled.save(args.out)
        result = replace(result, out=str(path), sidecar=str(side))
    return _report(args, result)


def _check_arguments(args) -> None:
    """The checks that need no computation, in the order of the command line: the output
    paths (refused before the work, not after it), the windows, the check's sizes and
    --no-span-fix without --fixed-point."""
    from attnlogic.kernel.errors import InputError
    from attnlogic.kernel.fileio import check_output_path, sidecar_path

    if args.out is not None:
        check_output_path(args.out, new_folders=False)
        check_output_path(sidecar_path(args.out), new_folders=False)
    for flag, extra in (("--onnx", args.onnx), ("--torch-export", args.torch_export)):
        if extra is not None:
            try:
                check_output_path(extra, new_folders=False)
            except InputError as exc:
                raise InputError(f"{flag}: {exc}") from None
    if any(k < 1 for k in args.window or ()):
        raise InputError("--window K needs K >= 1")
    if args.check_length < 1 or args.check_samples < 0:
        raise InputError("--check-length must be >= 1 and --check-samples >= 0")
    if args.fixed_point is None and getattr(args, "no_span_fix", False):
        raise InputError("--no-span-fix needs --fixed-point P")


def _report(args, result) -> int:
    """Exports (--onnx, --torch-export), then the JSON or the text of the result; exit 1
    when a compiled language's check found a disagreement."""
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
    if result.check is not None and not result.check.agrees:
        return 1
    return 0


def _fixed_point(args):
    if args.fixed_point is None:      # --no-span-fix without it: refused by _check_arguments
        return None
    from attnlogic.kernel.errors import InputError
    from attnlogic.transformer.fixed_point import FixedPoint
    try:
        return FixedPoint(args.fixed_point, args.int_bits)
    except ValueError as exc:
        raise InputError(f"--fixed-point/--int-bits: {exc}") from None
