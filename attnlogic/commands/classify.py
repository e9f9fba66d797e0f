"""``attnlogic classify``: which fragment (attention pattern) defines a language, with proofs."""

from __future__ import annotations

from ._common import add_output_arguments
from ..kernel.work import STEP_FLAG, TIME_FLAG

HELP = "decide LTL[P], LTL[Y], LTL[P,Y], LTL[S], LTL[Y<=k], LTL[P,Y<=k] with certificates"
DESCRIPTION = """\
Decide, for the language of a formula, regex or DFA (readout at N+1), membership in
  LTL[P]      global attention          (R-trivial: partially ordered minimal DFA)
  LTL[Y]      1-local attention         (definite: acyclic pair graph)
  LTL[P,Y]    hybrid, k = 1             (locally R-trivial: acyclic internal pair graphs)
  LTL[S]      star-free, context row    (aperiodic semigroup)
  LTL[Y<=K], LTL[P,Y<=K] for each --window K (default 2): no published characterisation;
              decided by exact bounded-depth type automata (yes, with a formula) and
              lasso witnesses (no at every depth); null with the depth reached otherwise.

Every "member" answer carries a formula of the fragment that defines exactly the language
(checked against the DFA before printing), with one exception: an LTL[S] "yes" whose formula
is beyond the budgets of its constructions (type refinement with S, the local-divisor
construction; --limit) carries its algebraic proof instead (aperiodic: no monoid element
with a cycle, by the counter search) and says that the formula was not built and why.
Every "not a member" answer carries a witness:
a word in the language and one outside it that no formula of the fragment distinguishes
(depth null: at any depth, by pumping; depth r: no formula of temporal depth <= r).
Witness words of multi-character letters are printed with their letters joined by commas;
words longer than 60 characters are shortened in the text output (--json has them whole).
Long certificates are replaced by smaller verified ones when a bounded search finds them.
A formula source is itself a certificate for every fragment it lies in (after rewriting
O, H and windows away where that helps), checked exactly: it settles fragments the
procedures leave undecided.

Sources (exactly one): F | --formula F, --regex R, --dfa FILE ('-' = stdin); --alphabet A.

--identity IDS asks any variety by its identities (the Language Toolkit's notation, e.g.
'[(xy)*x=(xy)*]' for R-trivial monoids) on the syntactic monoid (--semigroup: semigroup);
yes: every instantiation checked (their number printed); no: the violating instantiation
(elements as shortest words), the two sides as words, and a context in which the language
separates them, re-checked on the DFA before printing.

Examples:
  attnlogic classify --regex '(a|b)*b' --json
  attnlogic classify --regex '(a|b)*b' --identity '[xy=yx; x*=x]'
  attnlogic classify 'P a & Y[<=2] b' --window 2 --window 3
"""


def add_arguments(parser) -> None:
    from ._common import (add_budget_arguments, add_class_argument, add_progress_arguments,
                          add_source_arguments)

    add_source_arguments(parser, windows=True)
    add_budget_arguments(parser, search=True, memory=True)
    add_class_argument(parser, "also ask the registered class of languages NAME "
                               "(attnlogic.definability.registry; repeatable): {classes}; at a "
                               "fixed order: 'SL[2]', 'LT[3]', 'LTT[2,3]'")
    parser.add_argument("--identity", dest="identities", metavar="IDS", action="append",
                        help="also ask whether the syntactic monoid satisfies these identities, in the "
                             "Language Toolkit's notation: '[xy=yx; x*=x]' (x* or x^ω the ω-power, "
                             "adjacency the product, 1 and 0, '<' for ≤ in the syntactic order; "
                             "repeatable); yes with every instantiation checked, no with a violating "
                             "one as elements, words and a separating context")
    parser.add_argument("--semigroup", action="store_true",
                        help="--identity on the syntactic semigroup (a +-variety, LTK's :isVarietyS) "
                             "instead of the monoid (a *-variety, :isVarietyM)")
    parser.add_argument("--max-instantiations", type=int, default=None, metavar="N",
                        dest="instantiations",
                        help="bound on the instantiations of --identity (|M|^variables; default 5000000)")
    parser.add_argument("--pattern", "-p", metavar="P", action="append",
                        help="ask by attention pattern: global, local:K, hybrid:K (fixed-precision softmax) or "
                             "masked_hard (unique hard attention, strict causal mask: LTL[S]); with a periodic positional "
                             "encoding: masked_hard+pe (LTL[S,MOD]), hybrid:1+pe (LTL[P,Y,MOD]), global+pe "
                             "(LTL[P,MOD]) (repeatable); "
                             "says for each whether it can recognise the language, with the certificate")
    add_output_arguments(parser)
    add_progress_arguments(parser, "a status line", force=True)


def run(args) -> int:
    from attnlogic.kernel.progress import StatusLine, wanted
    from attnlogic.request import ClassifyRequest

    from ._common import check_classifier_arguments, limits_from_args, load_source, print_json, source_of

    check_classifier_arguments(args)
    limits = limits_from_args(args)
    if args.instantiations is not None:
        limits = limits.of(limits, instantiations=args.instantiations)
    request = ClassifyRequest(source_of(args), windows=tuple(args.window or [2]), classes=tuple(args.classes or ()),
                              identities=tuple(args.identities or ()), semigroup=args.semigroup,
                              patterns=tuple(args.pattern or ()))
    if args.semigroup and not args.identities:
        from attnlogic.kernel.errors import InputError
        raise InputError("--semigroup goes with --identity")
    language = load_source(args)
    with StatusLine("classify", wanted(args)) as status:
        answer = request.answer(limits, on_stage=status, language=language).result
    if args.json:
        print_json(answer.to_json())
        return 0
    render(answer.classification)
    render_patterns(answer.patterns, answer.classification.separator)
    return 0


def render_patterns(answers, sep: str) -> None:
    """One line per attention pattern: can / cannot recognise, and the certificate."""
    if not answers:
        return
    width = max(len(str(a.pattern)) for a in answers)
    print()
    for a in answers:
        r = a.result
        verb = {True: "can recognise", False: "cannot recognise", None: "undecided:"}[a.can]
        if r.formula is not None:
            cert = f"{r.fragment} formula {r.formula}"
        elif r.witness is not None:
            cert = f"not {r.fragment}: {r.witness.text(sep)}"
        elif r.member and r.certificate is not None:        # a class's own kind (MOD atoms)
            cert = f"{r.fragment} formula {r.certificate}"
        else:
            cert = f"{r.fragment}: {with_flags(r.method)}"
        if len(cert) > 160:
            cert = cert[:157] + "..."
        print(f"{str(a.pattern):<{width}}  {verb:<16}  {cert}")


def render(result) -> None:
    """The text form of a :class:`~attnlogic.definability.results.Classification`."""
    d = result.dfa
    print(f"minimal DFA: {d.n_states} states over {{{', '.join(d.alphabet)}}}")
    width = max(len(str(r.fragment)) for r in result.results)
    for r in result.results:
        verdict = {True: "yes", False: "no", None: "?"}[r.member]
        if r.formula is not None:
            line = _certificate_lines(r.formula, width + 7)
        elif r.witness is not None:
            line = r.witness.text(result.separator, " " * (width + 7))
        elif r.member and r.certificate is not None and hasattr(r.certificate, "text"):
            line = r.certificate.text(result.separator, " " * (width + 7))   # a class's own kind
        elif r.certificate is not None:     # a class's own kind of certificate
            line = str(r.certificate)
        elif r.member:        # a yes proved algebraically, its formula over its budget
            line = "(no formula: not built within the budgets; the proof is the line below)"
        else:
            line = ""
        print(f"{r.fragment:<{width}}  {verdict:<3}  {line}")
        print(f"{'':<{width}}       {with_flags(r.method)}")


def with_flags(text: str) -> str:
    """A library message with the parameters of the certificates' budgets written as the
    flags that set them (``certificate_factor`` → ``--certificate-factor``)."""
    for name in (STEP_FLAG, TIME_FLAG):
        text = text.replace(name, "--" + name.replace("_", "-"))
    return text


def _certificate_lines(formula, indent: int) -> str:
    """The certificate in full: the formula, or its shared definitions (one per line,
    indented under the row) followed by the formula, which parse back as written."""
    from attnlogic.ltl.definitions import certificate

    cert = certificate(formula)
    if not cert.definitions:
        return cert.text
    pad = " " * indent
    lines = cert.text.split("\n")
    return (f"formula with {len(lines) - 1} shared definitions (they parse back as written):\n"
            + "\n".join(pad + line for line in lines))
