"""``attnlogic extract``: the automaton a model computes, classified, against a target."""

from __future__ import annotations

from ._common import add_output_arguments

HELP = "learn the DFA a model computes (L*), classify it, and show where it differs from a target"
DESCRIPTION = """What did the model learn?  Learn the minimal DFA that a model computes, with the model
as membership oracle (batched, memoised forward passes; with the prefix readout one forward
pass answers every prefix of a word) and attnlogic's checking engine as equivalence oracle
(every word up to a length, the hypothesis's distinguishing contexts, words near its
boundary, random words and --samples long periodic, DFA-guided pumped and random words of
--max-length letters, fresh each round): L* with Rivest-Schapire counterexample processing.

MODEL is what `attnlogic check --model` takes: FILE.safetensors (attnlogic compile --out), an
experiment checkpoint DIR, or FILE.py:FACTORY / package.module:FACTORY (your code: run in a
child process under --time-budget plus a minute for loading, and --memory-budget), read with
--readout, --bos, --eos, --threshold, --class-index, --argmax as check reads it.  The readout
must decide the empty word (an EOS or a BOS token).

Bounds: --max-states (states of a hypothesis, default 100; also the target's automaton),
--max-queries (words run through the model, default 1,000,000), --time-budget (seconds,
default 600).  Past one the learning stops and the last hypothesis is printed, marked NOT
validated.

Output: the extracted minimal DFA (its table when small; --out FILE writes it as DFA JSON,
atomically, for --dfa of any command), how it was validated ("agrees with the model on N
words up to length L" -- a finite test, never a proof of equivalence), its classification by
fragment and attention pattern with certificates (as attnlogic classify prints them), and
with a target (F, --formula, --regex or --dfa) the minimal DFA of the symmetric difference
and the shortest word on each side, each confirmed by a fresh forward pass of the model.

JSON: {"completed", "model", "alphabet", "readout", "learning", "states", "dfa",
"validation", "classification", "patterns", "target": {"language", "same_language",
"difference", "words"}}.

exit status: 0 the learning completed (and the DFA recognises the target, when one is
given); 1 it completed and differs from the target, or the learning stopped (a bound, or a
model whose answers on a prefix change between forward passes); 2 bad input or a refusal
(one line); 3 the model failed (one line naming it); 130 interrupted.

examples:
  attnlogic extract --model m.safetensors
  attnlogic extract --model mine.py:make_model --alphabet ab --regex '(a|b)*a' --out learned.json
  attnlogic extract --model out/checkpoints/ENDS-A__global__none__s0__lr0.003 --regex '(a|b|c)*a' --json
"""


def add_arguments(p) -> None:
    from ._common import add_progress_arguments, add_source_arguments, add_window_argument
    from .check import add_model_arguments, add_word_arguments

    add_source_arguments(p)
    add_model_arguments(p)
    add_word_arguments(p)
    add_window_argument(p)
    p.add_argument("--max-queries", type=int, default=None, metavar="N",
                   help="most words run through the model (default 1,000,000)")
    p.add_argument("--out", metavar="FILE", help="write the extracted DFA here as DFA JSON (atomically)")
    add_progress_arguments(p, "a status line", force=True)
    add_output_arguments(p)
    _help(p, "--max-states", "most states of a hypothesis (default 100) and of the target's automaton")
    _help(p, "--time-budget", "seconds the learning may take (default 600; a FILE.py:FACTORY model's "
                              "process gets a minute more to load)")


def _help(parser, option: str, text: str) -> None:
    """The help of ``option`` as ``extract`` means it."""
    for action in parser._actions:
        if option in action.option_strings:
            action.help = text


def run(args) -> int:
    import sys

    from attnlogic.kernel.errors import InputError
    from attnlogic.kernel.limits import DEFAULT_MODEL_MEMORY
    from attnlogic.kernel.fileio import check_output_path
    from attnlogic.kernel.progress import wanted

    from ._common import load_source, print_json, split_alphabet
    from .check import MODEL_FAILED, _eos, check_model_arguments
    from .classify import render, render_patterns

    check_model_arguments(args)
    if args.model is None:
        raise InputError("give the model: --model MODEL")
    if args.max_queries is not None and args.max_queries < 1:
        raise InputError(f"--max-queries must be >= 1, got {args.max_queries}")
    for k in args.window or ():
        if k < 1:
            raise InputError(f"--window: k must be >= 1, got {k}")
    if args.out is not None:
        check_output_path(args.out, new_folders=False)
    given = any(x is not None for x in (args.formula_pos, args.formula, args.regex, args.dfa))
    target = load_source(args) if given else None
    alphabet = split_alphabet(args.alphabet)
    from ._common import starting

    with starting(args, "extract", "loading torch"):       # seconds: a line at once on a terminal
        import torch

    if args.threads is not None:
        torch.set_num_threads(args.threads)
    if args.device == "cuda" and not torch.cuda.is_available():
        raise InputError("--device cuda: CUDA is not available on this machine")
    from attnlogic.extraction import extract
    from attnlogic.testing.extract import DEFAULT_MAX_QUERIES, DEFAULT_MAX_STATES, DEFAULT_TIME_BUDGET
    from attnlogic.testing.isolation import ModelFailed

    try:
        result = extract(args.model, language=target, alphabet=alphabet, readout=args.readout,
                         windows=tuple(args.window or (2,)),
                         max_states=DEFAULT_MAX_STATES if args.state_limit is None else args.state_limit,
                         max_queries=args.max_queries or DEFAULT_MAX_QUERIES,
                         time_budget=args.time_budget or DEFAULT_TIME_BUDGET,
                         model_memory=args.model_memory or DEFAULT_MODEL_MEMORY, device=args.device,
                         threads=args.threads, progress=wanted(args), bos=args.bos, eos=_eos(args),
                         threshold=args.threshold, class_index=args.class_index, argmax=args.argmax,
                         seed=args.seed, exhaustive_length=args.exhaustive, long_length=args.max_length,
                         long_count=args.samples, max_length=min(40, args.max_length))
    except ModelFailed as exc:
        if args.json:
            print_json({"completed": False, "model": exc.model, "failure": exc.how, "error": str(exc)})
        print(f"attnlogic extract: error: {exc}; nothing is claimed about its language", file=sys.stderr)
        return MODEL_FAILED
    if args.out is not None and result.dfa is not None:
        result.save_dfa(args.out)
    if args.json:
        print_json(result.to_json())
    else:
        print("\n".join(result.lines()))
        if result.classification is not None:
            print("\nclassification of the extracted DFA"
                  + ("" if result.complete else " (the last hypothesis, NOT validated: it says nothing sure "
                                                "about the model)"))
            render(result.classification)
            render_patterns(result.patterns, result.classification.separator)
        if args.out is not None and result.dfa is not None:
            print(f"\nwrote the extracted DFA to {args.out}")
        print(result.verdict())
    ok = result.complete and result.agrees_with_target is not False
    return 0 if ok else 1
