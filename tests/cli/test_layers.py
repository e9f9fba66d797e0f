"""The layers of the package, checked on the source (imports at any level, inside functions
too): the kernel (``kernel/``, imported as ``attnlogic.kernel``) is below everything and
imports nothing of ours outside itself; above it each top-level folder imports only the
folders below it (docs/architecture.md, "The rules")."""

from __future__ import annotations

from test_import_graph import import_graph, modules

#: top-level folder → the folders of ours it may import (besides itself).  ``attnlogic`` is
#: the folder ``attnlogic/`` (the command line, the page, the demo, the pipeline and the
#: catalogue): it is on top and may import everything, so it has no row.
MAY_IMPORT = {
    "kernel": set(),
    "ltl": {"kernel"},
    "automata": {"kernel", "ltl"},
    "definability": {"kernel", "ltl", "automata"},
    "transformer": {"kernel"},
    "rmt": {"kernel"},
    "testing": {"kernel", "ltl", "automata", "transformer", "experiments"},
    "compiler": {"kernel", "ltl", "automata", "transformer", "testing"},
    "experiments": {"kernel", "ltl", "automata", "transformer", "attnlogic.suite"},
}

FOLDERS = ("kernel", "ltl", "automata", "definability", "transformer", "rmt", "testing", "compiler",
           "experiments")


def _folder(module: str) -> str:
    """``attnlogic.kernel.errors`` → ``kernel``; ``attnlogic.suite`` → ``attnlogic.suite``;
    ``attnlogic.cli`` → ``attnlogic``."""
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in FOLDERS:
        return parts[1]
    return "attnlogic.suite" if module == "attnlogic.suite" else "attnlogic"


def wrong_imports(graph: dict[str, set[str]], may_import=MAY_IMPORT) -> list[str]:
    out = []
    for module, deps in sorted(graph.items()):
        here = _folder(module)
        if here not in may_import:
            continue
        for dep in sorted(deps):
            there = _folder(dep)
            if there == "attnlogic.suite" and "attnlogic.suite" not in may_import[here]:
                there = "attnlogic"
            if there != here and there not in may_import[here] and dep != "attnlogic":
                out.append(f"{module} imports {dep}")
    return out


def test_the_kernel_imports_nothing_of_ours_outside_it():
    graph = import_graph(modules(), everywhere=True)
    kernel = {m for m in graph if _folder(m) == "kernel"}
    assert {"attnlogic.kernel.errors", "attnlogic.kernel.patterns", "attnlogic.kernel.fileio",
            "attnlogic.kernel.display"} <= kernel
    assert sorted(f"{m} imports {d}" for m in kernel for d in graph[m] if _folder(d) != "kernel") == []


def test_each_folder_imports_only_the_layers_below_it():
    assert wrong_imports(import_graph(modules(), everywhere=True)) == []


def test_the_layer_check_fires():
    graph = {"attnlogic.kernel.errors": {"attnlogic.ltl.formula"},
             "attnlogic.ltl.formula": {"attnlogic.kernel.errors", "attnlogic.automata.dfa"},
             "attnlogic.automata.dfa": {"attnlogic.ltl.formula", "attnlogic.kernel.errors"},
             "attnlogic.experiments.grid": {"attnlogic.suite", "attnlogic.cli"}}
    assert wrong_imports(graph) == ["attnlogic.experiments.grid imports attnlogic.cli",
                                    "attnlogic.kernel.errors imports attnlogic.ltl.formula",
                                    "attnlogic.ltl.formula imports attnlogic.automata.dfa"]


def test_the_package_itself_reexports_the_kernel_errors():
    """The public names stay importable from ``attnlogic`` itself after the move."""
    import attnlogic
    from attnlogic.kernel.errors import AttnlogicError, InputError, LimitExceeded, ParseError
    from attnlogic.kernel.limits import Limits
    from attnlogic.kernel.patterns import AttentionPattern

    assert (attnlogic.AttnlogicError, attnlogic.InputError, attnlogic.ParseError, attnlogic.LimitExceeded,
            attnlogic.Limits, attnlogic.AttentionPattern) == (AttnlogicError, InputError, ParseError,
                                                              LimitExceeded, Limits, AttentionPattern)
