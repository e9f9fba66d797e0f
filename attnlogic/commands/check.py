"""``attnlogic check``: a compiled transformer against the DFA of its formula."""

from __future__ import annotations

HELP = "check a compiled transformer against the DFA on every prefix of long words"
DESCRIPTION = """Compile F (or load --model FILE, whose sidecar names its formula), then compare the
model with the minimal DFA of the formula on the acceptance of EVERY prefix (one forward
pass per word): all words of one short length exhaustively, then --samples words of length
--max-length (periodic words such as (ab^{k-1})^r, DFA-guided pumps near distinguishing
contexts, random words).

JSON: {"words", "max_length", "prefixes_checked", "disagreements", "counterexample",
"tokens_per_second"} plus details ("exhaustive", "kinds", "dtype", "device", "oracle").
"words" counts the long words; "prefixes_checked" counts every prefix, exhaustive ones
included.  The exit status is 1 when a disagreement is found.

examples:
  attnlogic check 'P (b & Y a)' --max-length 10000 --samples 8 --json
  attnlogic check --model m.safetensors --dtype bfloat16 --device cuda --max-length 1000000
"""


def add_arguments(p):
    p.add_argument("formula", nargs="?", help="the formula (or the language a --model is checked against)")
    p.add_argument("--model", metavar="FILE", help="a model written by `attnlogic compile --out`")
    p.add_argument("--alphabet", help="letters: abc or a,b,c (the formula's atoms are added)")
    p.add_argument("--max-length", type=int, default=1000, metavar="N", help="length of the long words (default 1000)")
    p.add_argument("--samples", type=int, default=16, metavar="M", help="number of long words (default 16)")
    p.add_argument("--exhaustive", type=int, default=None, metavar="L",
                   help="check all words of length L (default: the largest L with |Σ|^L <= 8192, at most 12)")
    p.add_argument("--dtype", choices=["float32", "bfloat16", "float16"],
                   help="run in this dtype (default: float32, or the model's own)")
    p.add_argument("--device", default="cpu", choices=["cpu", "cuda"])
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--kernel", default="auto", choices=["auto", "sdpa", "blockwise"],
                   help="global-head kernel: auto (O(N) prefix kernel for constant-query heads, "
                        "as compiled heads are; SDPA otherwise), sdpa (quadratic, as plain PyTorch), "
                        "blockwise (online softmax)")
    p.add_argument("--fixed-point", type=int, metavar="P",
                   help="run the simulated fixed-point machine with P fractional bits (quadratic, "
                        "float64: for lengths up to a few 10^4); F is compiled for it")
    p.add_argument("--int-bits", type=int, default=16, metavar="I")
    p.add_argument("--no-span-fix", action="store_true",
                   help="with --fixed-point: compile F without the P(psi & P psi) patch")
    p.add_argument("--threads", type=int, metavar="T", help="CPU threads for torch (default: torch's choice)")
    p.add_argument("--progress", action="store_true",
                   help="show a progress bar on stderr even when it is not a terminal")
    p.add_argument("--no-progress", action="store_true",
                   help="no progress bar (default: shown when stderr is a terminal)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args) -> int:
    from attnlogic.errors import InputError

    from ._common import print_json, split_alphabet

    if args.max_length < 0 or args.samples < 0:
        raise InputError("--max-length and --samples must be >= 0")
    if args.exhaustive is not None and not 0 <= args.exhaustive <= 16:
        raise InputError("--exhaustive must be between 0 and 16")
    if args.formula is None and args.model is None:
        raise InputError("give a formula or --model FILE")
    import torch

    if args.threads is not None:
        if args.threads < 1:
            raise InputError("--threads must be >= 1")
        torch.set_num_threads(args.threads)
    if args.device == "cuda" and not torch.cuda.is_available():
        raise InputError("--device cuda: CUDA is not available on this machine")
    from attnlogic.compiler.check import check_compiled
    from attnlogic.progress import wanted

    from .compile import _fixed_point

    result = check_compiled(args.model, formula=args.formula, alphabet=split_alphabet(args.alphabet),
                            max_length=args.max_length, samples=args.samples, exhaustive=args.exhaustive,
                            dtype=args.dtype, device=args.device, seed=args.seed, progress=wanted(args),
                            kernel=args.kernel, fixed_point=_fixed_point(args), span_fix=not args.no_span_fix)
    if args.json:
        print_json(result.to_json())
    else:
        print("\n".join(result.lines()))
    return 0 if result.exact else 1
