"""``attnlogic check``: a model (compiled, trained, or your own) against the DFA of a language."""

from __future__ import annotations

from ._common import add_model_budget_arguments, add_output_arguments, add_precision_arguments

HELP = "check a model against a language (formula, regex or DFA) on every prefix or at EOS"
DESCRIPTION = """Compare a model with the minimal DFA of a language.

Without --model, the formula F is compiled and the compiled model checked against the DFA
of F.  With --model, the model is
  FILE.safetensors  a model of `attnlogic compile --out` (its sidecar names its formula,
                    the default oracle, and its alphabet);
  DIR               a checkpoint directory of `attnlogic experiment --checkpoints`
                    (readout eos, alphabet of its language);
  FILE.py:FACTORY or package.module:FACTORY
                    FACTORY() returns your model: an nn.Module or any callable from token
                    ids (batch x length) to scores (batch x length [x classes]);
and the oracle is F (or --formula F), --regex R or --dfa FILE over --alphabet.

Compiled models are compared on the acceptance of EVERY prefix (one forward pass per word):
all words of one short length, then --samples words of length --max-length (periodic
words such as (ab^{k-1})^r, DFA-guided pumps near distinguishing contexts, random words).
Other models go through attnlogic.testing (docs/testing.md): --readout prefix (a decision
at every position) or eos (one per word, at the last token); token ids are the letter
indices, EOS = the number of letters (--eos, --bos to change); accept iff the score of
class --class-index (default 0) is > --threshold (default 0).  Words: all words up to a
length, the DFA's distinguishing contexts, words one edit from the boundary, random words,
and --samples long words of length --max-length; the shortest counterexample is shrunk.

A model given as FILE.py:FACTORY or package.module:FACTORY is your code: it runs in a child
process under --time-budget (default 600 s) and --memory-budget (default 4G; the child's
address space), its standard output kept apart (passed on to standard error). A torch module
is put in eval() under no_grad for the check (its training flags restored after); a Hugging
Face model's .logits are read (per position, or one per word at --readout eos for a
*ForSequenceClassification model), and its position limit (n_positions,
max_position_embeddings) bounds the words: the long words are shortened to fit, and the
report says so. --argmax accepts iff class --class-index has the largest score.

JSON: {"completed", "agrees", "model", "language", "oracle", "readout", "words",
"decisions", "disagreements", "counterexample", "counterexample_shortest", "model_answer",
"language_answer", "exhaustive", "max_length", "context", "shortened", "kinds",
"tokens_per_second", ...} (compiled models add "formula", "dtype", "device", "kernel",
"exact_up_to"). The text's last line says whether the check completed and agreed. The
counterexample is the shortest found; it is a shortest one when no longer than the
exhaustive length (every shorter word was checked), else "none shorter up to length L".

exit status: 0 every word was checked and the model agrees with the language;
1 a disagreement was found; 2 bad input or a refusal (one line); 3 the model failed (its
exception, exit, a signal, the time or memory budget: one line naming the model);
130 interrupted (Ctrl-C).

examples:
  attnlogic check 'P (b & Y a)' --max-length 10000 --samples 8 --json
  attnlogic check --model m.safetensors --dtype bfloat16 --device cuda --max-length 1000000
  attnlogic check --model m.safetensors --regex '(a|b|c)*ab(a|b|c)*' --alphabet abc
  attnlogic check --model mine.py:make_model --regex '(a|b)*a' --alphabet ab --readout eos
  attnlogic check --model hf.py:load --regex '(a|b)*a' --alphabet ab --readout eos --time-budget 60
"""

#: the exit status of a model that failed (its exception, exit, signal, time or memory budget)
MODEL_FAILED = 3


#: the most CPU threads --threads accepts
MAX_THREADS = 1024


def add_arguments(p):
    from ._common import add_progress_arguments, add_source_arguments

    add_source_arguments(p)
    add_model_arguments(p)
    add_word_arguments(p)
    p.add_argument("--kernel", default="auto", choices=["auto", "sdpa", "blockwise"],
                   help="global-head kernel: auto (O(N) prefix kernel for constant-query heads, "
                        "as compiled heads are; SDPA otherwise), sdpa (quadratic, as plain PyTorch), "
                        "blockwise (online softmax)")
    add_precision_arguments(
        p, None,
        "run the simulated fixed-point machine with P fractional bits (quadratic, float64: for "
        "lengths up to a few 10^4); F is compiled for it",
        "with --fixed-point: compile F without the P(psi & P psi) patch")
    add_progress_arguments(p, "a progress bar", force=True)
    add_output_arguments(p)


def add_model_arguments(p):
    """The model and how it is read (``check`` and ``extract``): --model, --readout, --bos,
    --eos, --threshold, --class-index, --argmax and the model budgets."""
    p.add_argument("--model", metavar="MODEL",
                   help="FILE.safetensors (attnlogic compile --out), an experiment checkpoint DIR, "
                        "or FILE.py:FACTORY / package.module:FACTORY")
    p.add_argument("--readout", choices=["prefix", "eos"],
                   help="where decisions are read (default: prefix for compiled models, eos for "
                        "experiment checkpoints, prefix otherwise)")
    p.add_argument("--bos", type=int, metavar="ID", help="BOS token id (default: none)")
    p.add_argument("--eos", metavar="ID", help="EOS token id, or 'none' (default: the number of letters)")
    p.add_argument("--threshold", type=float, default=0.0, help="accept iff score > threshold (default 0)")
    p.add_argument("--class-index", type=int, default=0, metavar="C",
                   help="the class whose score is read when the model gives several (default 0)")
    p.add_argument("--argmax", action="store_true",
                   help="accept iff class --class-index has the largest score (instead of --threshold)")
    add_model_budget_arguments(p)


def add_word_arguments(p):
    """The words the model is checked on, and where it runs (``check`` and ``extract``):
    --max-length, --samples, --exhaustive, --device, --seed, --threads."""
    p.add_argument("--max-length", type=int, default=1000, metavar="N", help="length of the long words (default 1000)")
    p.add_argument("--samples", type=int, default=16, metavar="M", help="number of long words (default 16)")
    p.add_argument("--exhaustive", type=int, default=None, metavar="L",
                   help="check all words of length L (default: the largest L with |Σ|^L <= 8192, at most 14)")
    p.add_argument("--device", default="cpu", choices=["cpu", "cuda"],
                   help="where the model runs (default cpu)")
    p.add_argument("--seed", type=int, default=0, help="seed of the long random words (default 0)")
    p.add_argument("--threads", type=int, metavar="T",
                   help=f"CPU threads for torch, 1..{MAX_THREADS} (default: torch's choice)")


def check_model_arguments(args) -> None:
    """The model and word options, validated (one line naming the flag)."""
    from attnlogic.kernel.errors import InputError
    from attnlogic.testing import Adapter
    from attnlogic.testing.isolation import _positive

    if args.max_length < 0 or args.samples < 0:
        raise InputError("--max-length and --samples must be >= 0")
    if args.exhaustive is not None and not 0 <= args.exhaustive <= 16:
        raise InputError("--exhaustive must be between 0 and 16")
    if args.threads is not None and not 1 <= args.threads <= MAX_THREADS:
        raise InputError(f"--threads must be between 1 and {MAX_THREADS}, got {args.threads}")
    Adapter(("a",), bos=args.bos, eos=_eos(args), threshold=args.threshold, class_index=args.class_index,
            argmax=args.argmax)
    _positive("time_budget", args.time_budget, whole=False)


def run(args) -> int:
    from attnlogic.kernel.errors import InputError

    from ._common import split_alphabet

    check_model_arguments(args)         # the reading options, validated by the library
    given = any(x is not None for x in (args.formula_pos, args.formula, args.regex, args.dfa))
    if not given and args.model is None:
        raise InputError("give a formula or --model MODEL")
    if args.model is None and (args.regex is not None or args.dfa is not None):
        raise InputError("--regex and --dfa are oracles for a --model; without one, give a formula to compile")
    from ._common import starting

    loading = starting(args, "check", "loading torch")      # seconds: a line at once on a terminal
    import torch
    loading.close()

    if args.threads is not None:
        torch.set_num_threads(args.threads)
    if args.device == "cuda" and not torch.cuda.is_available():
        raise InputError("--device cuda: CUDA is not available on this machine")
    alphabet = split_alphabet(args.alphabet)
    from attnlogic.kernel.progress import StatusLine
    from attnlogic.testing.isolation import ModelFailed

    # the word counter is its own status line; this one only records the step, for a Ctrl-C message
    with StatusLine("check", False) as status:
        status(f"checking {args.model or 'the compiled formula'} on {args.samples} words of up to "
               f"{args.max_length:,} letters")
        try:
            return _run_check(args, alphabet, given)
        except ModelFailed as exc:
            return _failed(args, exc)


def _failed(args, exc) -> int:
    """A model that failed: one line on standard error (and, with --json, the JSON object of
    an incomplete check), exit status 3."""
    import sys

    from ._common import print_json

    if args.json:
        print_json({"completed": False, "agrees": False, "model": exc.model, "failure": exc.how,
                    "error": str(exc)})
    print(f"attnlogic check: error: {exc}; nothing is claimed about the language", file=sys.stderr)
    return MODEL_FAILED


def _eos(args):
    if args.eos is None:
        return "auto"
    return None if args.eos == "none" else _token_id(args.eos, "--eos")


def _user_code(model: str) -> bool:
    """FILE.py:FACTORY or package.module:FACTORY: the user's code, run isolated."""
    from pathlib import Path

    return ":" in model and not Path(model).exists()


def _run_check(args, alphabet, given) -> int:
    from attnlogic.kernel.errors import InputError

    from pathlib import Path

    from ._common import load_source

    if args.model is not None and not _user_code(args.model) and not Path(args.model).exists():
        raise InputError(f"{args.model}: no such model file or folder (give FILE.safetensors of compile "
                         "--out, an experiment checkpoint folder, or FILE.py:FACTORY)", parameters=("model",))
    foreign = getattr(args, "syntax", "attnlogic") != "attnlogic"
    if args.model is None and foreign:      # the formula compiled is read in our syntax
        raise InputError(f"check compiles F in the attnlogic syntax; for --syntax {args.syntax}, compile it "
                         f"first (attnlogic compile --syntax {args.syntax} F --out M.safetensors), then "
                         f"check the model: attnlogic check --model M.safetensors --syntax {args.syntax} F")
    if args.model is None or (args.readout != "eos" and _compiled_file(args.model)):
        return _check_compiled(args, alphabet, load_source(args) if (args.regex or args.dfa or foreign) else None)
    language = load_source(args) if given else None
    if language is None:
        raise InputError("give the language to check against: F, --formula, --regex or --dfa")
    options = dict(language=language, bos=args.bos, eos=_eos(args), threshold=args.threshold,
                   class_index=args.class_index, argmax=args.argmax, seed=args.seed,
                   exhaustive_length=args.exhaustive, long_length=args.max_length, long_count=args.samples,
                   max_length=min(40, args.max_length))
    if _user_code(args.model):
        from attnlogic.kernel.limits import DEFAULT_MODEL_MEMORY
        from attnlogic.testing.isolation import DEFAULT_TIME_BUDGET, check_isolated

        report = check_isolated(args.model, device=args.device, threads=args.threads,
                                time_budget=args.time_budget or DEFAULT_TIME_BUDGET,
                                model_memory=args.model_memory or DEFAULT_MODEL_MEMORY,
                                alphabet=tuple(alphabet) if alphabet else None,
                                readout=args.readout or "prefix", **options)
        return _print(args, report)
    from attnlogic.testing.models import load_model
    from attnlogic.testing.recognition import check

    loaded = load_model(args.model, device=args.device)
    letters = loaded.alphabet or (tuple(alphabet) if alphabet else language.alphabet)
    report = check(loaded.model, alphabet=letters, readout=args.readout or loaded.readout or "prefix",
                   label=loaded.label, **options)
    return _print(args, report)


def _print(args, report) -> int:
    """The report as JSON or text (its last line the verdict); exit 0 when the model agrees."""
    from ._common import print_json

    if args.json:
        print_json(report.to_json())
    else:
        print("\n".join(report.lines()))
    return 0 if report.agrees else 1


def _compiled_file(model: str) -> bool:
    """An attnlogic model file (safetensors + sidecar), checked as compiled models are: on
    every prefix, with the claim ``exact_up_to`` (0 when the compiler did not make it)."""
    if not model.endswith(".safetensors"):
        return False
    from attnlogic.transformer.io import read_sidecar

    read_sidecar(model)                      # a missing or foreign sidecar is a one-line error
    return True


def _token_id(text: str, flag: str) -> int:
    from attnlogic.kernel.errors import InputError
    try:
        return int(text)
    except ValueError:
        raise InputError(f"{flag}: expected a token id (an integer) or 'none', got {text!r}") from None


def _check_compiled(args, alphabet, language) -> int:
    from attnlogic.compiler.check import check_compiled
    from attnlogic.kernel.progress import wanted

    from .compile import _fixed_point

    formula = args.formula if args.formula is not None else args.formula_pos
    if language is not None and language.kind == "formula":
        formula = None                       # another tool's syntax: its language is the oracle
    result = check_compiled(args.model, formula=formula, language=language, alphabet=alphabet,
                            max_length=args.max_length, samples=args.samples, exhaustive=args.exhaustive,
                            dtype=args.dtype, device=args.device, seed=args.seed, progress=wanted(args),
                            kernel=args.kernel, fixed_point=_fixed_point(args), span_fix=not args.no_span_fix)
    return _print(args, result)
