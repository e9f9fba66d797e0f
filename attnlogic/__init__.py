"""attnlogic: temporal logic over the past, automata and algebra, and transformers.

The Python API is the real interface (the command line is a thin layer over it)::

    import attnlogic as al
    f = al.parse("P (b & Y a)")                 # attnlogic.ltl
    dfa = al.formula_to_dfa(f)                  # attnlogic.automata
    lang = al.load_language(regex="(a|b)*b", alphabet="ab")   # any source → minimal DFA
    al.regex_to_dfa("(a|b|c)*ab(a|b|c)*", "abc")
    result = al.classify(dfa)                   # attnlogic.definability: every fragment, proved
    result["hybrid:1"], result[al.Fragment.parse("LTL[P]")]   # by attention pattern or fragment
    al.separate(lang, al.regex_to_dfa("(a|b)*a", "ab"), by="PT")   # a separator K, a proof, or None
    model = al.compile_formula(f)               # attnlogic.compiler (imports torch)
    report = al.check_compiled(model, max_length=10_000)   # a ModelReport; .to_json()
    al.compile_language(lang)                   # any language: classified, certificate compiled, checked
                                                # (attnlogic.pipeline)
    from attnlogic.testing import check         # ANY model against ANY language (docs/testing.md)
    al.extract(model, regex="(a|b)*a", alphabet="ab")   # the DFA a model computes, classified,
                                                # against a target (attnlogic.extraction)

Errors (``al.InputError``…) and budgets (``al.Limits``) come from the kernel below every
layer, ``attnlogic.kernel`` (errors, limits, attention patterns, atomic files, display).

Sub-packages: ``attnlogic.kernel``, ``attnlogic.ltl``, ``attnlogic.automata``, ``attnlogic.definability``, ``attnlogic.transformer``,
``attnlogic.compiler``, ``attnlogic.experiments``, ``attnlogic.rmt``, ``attnlogic.testing``.  Names are imported
lazily, so ``import attnlogic`` stays cheap.
"""

from importlib import import_module

__version__ = "0.1.0"

_EXPORTS = {
    "parse": "attnlogic.ltl", "accepts": "attnlogic.ltl", "prefix_acceptance": "attnlogic.ltl",
    "truth_table": "attnlogic.ltl", "fragment": "attnlogic.ltl", "simplify": "attnlogic.ltl",
    "random_formula": "attnlogic.ltl", "Formula": "attnlogic.ltl",
    "Fragment": "attnlogic.ltl.fragments", "AttentionPattern": "attnlogic.kernel.patterns",
    "load_language": "attnlogic.automata.sources", "Language": "attnlogic.automata.sources",
    "DFA": "attnlogic.automata.dfa", "read_dfa_file": "attnlogic.automata.io",
    "to_networkx": "attnlogic.automata.convert", "from_networkx": "attnlogic.automata.convert",
    "to_automata_lib": "attnlogic.automata.convert", "from_automata_lib": "attnlogic.automata.convert", "minimize": "attnlogic.automata.minimize",
    "regex_to_dfa": "attnlogic.automata.regex", "formula_to_dfa": "attnlogic.automata.from_formula",
    "classify": "attnlogic.definability.engine.classify",
    "separate": "attnlogic.definability.separation.separate_languages",
    "identity_class": "attnlogic.definability.varieties.identities",
    "check_identities": "attnlogic.definability.varieties.identities",
    "transition_semigroup": "attnlogic.definability.algebra.semigroup",
    "smallest_formula": "attnlogic.definability.certify.smallest",
    "compile_formula": "attnlogic.compiler.compile", "CompileResult": "attnlogic.compiler.compile",
    "compile_language": "attnlogic.pipeline",
    "extract": "attnlogic.extraction", "ExtractionResult": "attnlogic.extraction",
    "check_compiled": "attnlogic.compiler.check", "CheckResult": "attnlogic.compiler.check",
    "ModelReport": "attnlogic.testing.report",
    "SUITE": "attnlogic.suite",
    "AttnlogicError": "attnlogic.kernel.errors", "InputError": "attnlogic.kernel.errors",
    "ParseError": "attnlogic.kernel.errors", "FileFormatError": "attnlogic.kernel.errors",
    "LimitExceeded": "attnlogic.kernel.errors", "MemoryBudgetExceeded": "attnlogic.kernel.errors",
    "Limits": "attnlogic.kernel.limits",
}

__all__ = sorted(_EXPORTS) + ["__version__"]


def __getattr__(name):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'attnlogic' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__():
    return __all__
