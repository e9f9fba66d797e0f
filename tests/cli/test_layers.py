"""The layers of the package, checked on the source (imports at any level, inside functions
too): the kernel (``kernel/``, imported as ``attnlogic.kernel``) is below everything and
imports nothing of ours outside itself; above it each top-level folder imports only the
folders below it (docs/architecture.md, "The rules")."""

from __future__ import annotations

import ast

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


# -- imports inside functions: only where they defer a heavy import --------------------------
#: third-party packages slow to import (or optional) that a module may defer into a function
HEAVY = ("torch", "sympy", "scipy", "numba", "ray", "starlette", "uvicorn", "matplotlib",
         "transformers", "onnx", "onnxruntime", "networkx", "pygraphviz", "hypothesis", "safetensors",
         "libsemigroups_pybind11")
#: imports of our own modules inside functions that neither defer a heavy import nor are a
#: declared facade nor in the command line (whose commands import lazily for start-up): at
#: most this many (a ratchet: lower it when you move one to module level, never raise it).
#: Those left on 2 December 2026, each with its reason: the optional C extension
#: (automata/_compiled: absent without a C compiler), the pytest plugin (loaded by every
#: pytest run of a user who installed attnlogic: it imports the checker only when a test asks
#: for its fixture) and the isolation worker (testing/isolation.py 2: the model loader and the
#: checker, imported in the worker process only).
MAX_DEFERRED = 4
#: imports of our own modules deferred for the command line's start-up (issue 45), each
#: declared with its reason and kept true below: a small ``attnlogic classify --regex`` reads
#: no DFA file, so the source loader imports the file readers (automata/io: JSON, HOA, DOT,
#: MONA, Pleb, GraphML) only for a file, and the class registry builds a fixed-order class
#: (SL[2], LTT[2,3]: definability/fixed_order) only when one is named (the registry's classes
#: asked only when named are imported the same way, by module name: registry.NAMED).
#: tests/cli/test_import_graph.py checks that a small classification imports neither.
STARTUP_DEFERRED = {
    # a regex's or a DFA's reading needs neither the file readers nor the propositions of a
    # formula in another tool's syntax
    "attnlogic.automata.sources": {"attnlogic.automata.io", "attnlogic.automata.propositions"},
    "attnlogic.definability.engine.registry": {"attnlogic.definability.subregular.fixed_order"},
    # verify (with the identity terms' parser) proves a pumped family only where one is kept
    "attnlogic.definability.engine.attest": {"attnlogic.definability.checks.verify"},
    # the request layer: what only some requests need (a DFA file's text, identities, a
    # formula's parser, the census, separations, the independent checks)
    "attnlogic.request": {"attnlogic.automata.io", "attnlogic.definability.varieties.identities",
                          "attnlogic.ltl", "attnlogic.automata.propositions",
                          "attnlogic.definability.census", "attnlogic.definability.separation.separations",
                          "attnlogic.definability.checks.verify", "attnlogic.definability.engine.verify_carried",
                          "attnlogic.definability.separation.separate_languages"},
}


def _heavy_direct(mods) -> set[str]:
    """Our modules that import a heavy package at module level."""
    from test_import_graph import _top_level_imports

    out = set()
    for name, path in mods.items():
        for node in _top_level_imports(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                ([node.module] if node.module and not node.level else [])
            if any(n.split(".")[0] in HEAVY for n in names):
                out.add(name)
    return out


def deferred_imports(mods=None) -> list[str]:
    """``module:line`` of each import of our own modules inside a function (the rule of
    test_import_graph) that is not in the command line, not a declared facade and not
    deferring a module that imports a heavy package (itself or through its module-level
    imports)."""
    from test_import_graph import FACADES, _targets, _top_level_imports

    mods = modules() if mods is None else mods
    top = import_graph(mods)
    heavy_direct = _heavy_direct(mods)

    def reaches_heavy(m: str) -> bool:
        seen, stack = {m}, [m]
        while stack:
            x = stack.pop()
            if x in heavy_direct:
                return True
            stack += [y for y in top.get(x, ()) if y not in seen and not seen.add(y)]
        return False

    out = []
    for name, path in sorted(mods.items()):
        if _folder(name) == "attnlogic" and name.startswith(("attnlogic.cli", "attnlogic.commands",
                                                             "attnlogic.web", "attnlogic.__main__")):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module_level = {id(n) for n in _top_level_imports(tree)}
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)) or id(node) in module_level:
                continue
            targets = {t for t in _targets(name, path.name == "__init__.py", node) if t in mods and t != name}
            if not targets or targets & FACADES.get(name, set()) or any(reaches_heavy(t) for t in targets):
                continue
            declared = STARTUP_DEFERRED.get(name, set())
            if targets & declared and all(t in declared or any(d.startswith(t + ".") for d in declared)
                                          for t in targets):     # the declared module (and its package)
                continue
            out.append(f"{name}:{node.lineno}")
    return out


def test_imports_inside_functions_defer_heavy_imports_only():
    found = deferred_imports()
    assert len(found) <= MAX_DEFERRED, found


def test_the_start_up_deferrals_are_still_deferred():
    """Each import of STARTUP_DEFERRED is made inside a function of its module, never at
    module level (else the declaration is stale: remove it)."""
    mods = modules()
    top, everywhere = import_graph(mods), import_graph(mods, everywhere=True)
    for module, targets in STARTUP_DEFERRED.items():
        assert targets <= everywhere[module] and not targets & top[module], (module, targets)


def test_the_deferred_import_counter_fires(tmp_path):
    (tmp_path / "light.py").write_text("X = 1\n")
    (tmp_path / "heavy.py").write_text("import torch\n")
    (tmp_path / "user.py").write_text("def f():\n    from attnlogic.light import X\n"
                                      "    from attnlogic.heavy import torch\n    return X\n")
    mods = {"attnlogic.light": tmp_path / "light.py", "attnlogic.heavy": tmp_path / "heavy.py",
            "attnlogic.user": tmp_path / "user.py"}
    assert deferred_imports(mods) == ["attnlogic.user:2"]
