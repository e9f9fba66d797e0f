"""The import graph of the package's own modules: no circle between files (imports at module
level, where a reader and tools see them), the command line and the web page on top (no
library module and no example imports attnlogic.cli, attnlogic.commands or attnlogic.web)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("attnlogic", "kernel", "ltl", "automata", "definability", "compiler", "testing", "transformer",
            "experiments", "rmt")


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[0] == "attnlogic":
        parts = parts[1:]
    if parts and parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(["attnlogic", *parts])


def modules() -> dict[str, Path]:
    return {_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def _targets(module: str, is_package: bool, node) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = module if is_package else module.rpartition(".")[0]
    if node.level:
        for _ in range(node.level - 1):
            base = base.rpartition(".")[0]
        target = base + ("." + node.module if node.module else "")
    else:
        target = node.module
    return [target] + [f"{target}.{a.name}" for a in node.names]


def _top_level_imports(tree: ast.Module):
    """The import statements run when the module is imported (not those inside functions or
    classes' methods, nor under ``if TYPE_CHECKING``)."""
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If):
            if "TYPE_CHECKING" not in ast.dump(node.test):
                stack += node.body + node.orelse
        elif isinstance(node, ast.Try):
            stack += node.body + node.orelse + node.finalbody + [x for h in node.handlers for x in h.body]


def import_graph(mods: dict[str, Path], everywhere: bool = False) -> dict[str, set[str]]:
    """module → the package's modules it imports (at module level; ``everywhere``: also
    inside functions)."""
    graph = {}
    for name, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        nodes = (n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))) \
            if everywhere else _top_level_imports(tree)
        deps = set()
        for node in nodes:
            deps |= {t for t in _targets(name, path.name == "__init__.py", node) if t in mods and t != name}
        graph[name] = deps
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def test_no_import_circle_between_files():
    assert circles(import_graph(modules())) == []


def test_the_circle_finder_finds_a_circle():
    g = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(g) == [["a", "b", "c"]]


def test_the_command_line_is_on_top():
    """No library module imports the command line, at any level; nor does an example.  The
    web page (attnlogic.web, ``attnlogic serve``) is a front end beside the command line, on
    top with it (it reads alphabets and words as the command line does)."""
    mods = modules()
    graph = import_graph(mods, everywhere=True)
    cli = {m for m in mods if m == "attnlogic.cli" or m.startswith(("attnlogic.commands", "attnlogic.web"))
           or m == "attnlogic.__main__"}
    wrong = sorted(f"{m} imports {d}" for m, deps in graph.items() if m not in cli
                   for d in deps & cli)
    assert wrong == []
    for path in sorted((ROOT / "examples").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [t for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                 for t in _targets("examples.x", False, n)]
        assert not [t for t in names if t and (t == "attnlogic.cli" or t.startswith("attnlogic.commands"))], path



#: imports inside functions that close a circle on purpose: the convenience methods of the
#: value objects (automata-lib's readable API: ``dfa.minimal()``, ``dfa.to_dot()``,
#: ``dfa.draw()``; ``str(formula)``), which delegate to the modules that build on the class
FACADES = {
    "attnlogic.automata.dfa": {"attnlogic.automata.minimize", "attnlogic.automata.io",
                               "attnlogic.automata.drawing"},
    "attnlogic.ltl.formula": {"attnlogic.ltl.printer"},
}


def test_imports_inside_functions_close_no_circle_but_the_declared_facades():
    """With the imports inside functions counted too, the only circles are those of the
    value objects' convenience methods (FACADES): no other import is hidden in a function to
    get round a circle."""
    graph = import_graph(modules(), everywhere=True)
    for module, targets in FACADES.items():
        assert targets <= graph[module], (module, targets - graph[module])   # still true
        graph[module] = graph[module] - targets
    assert circles(graph) == []


# -- start-up: what loading the command line imports ----------------------------------------------
#: modules no command line may import before it runs a command: each costs more than a bare
#: interpreter's start (numpy, the regex grammar and its parser, torch)
HEAVY_AT_START = ("numpy", "lark", "torch", "attnlogic.automata.regex")


def _imported_by(argv: list[str], watched=HEAVY_AT_START) -> set[str]:
    """The modules of ``watched`` that ``attnlogic ARGV`` has imported when it returns (run in
    a fresh interpreter, the entry point's ``main``)."""
    import subprocess
    import sys

    code = ("import sys\nfrom attnlogic.cli import main\n"
            f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
            f"print('imported:', *(m for m in {tuple(watched)!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    last = out.stdout.splitlines()[-1].split()
    assert last[0] == "imported:", out.stdout
    return set(last[1:])


def test_version_and_help_import_nothing_heavy():
    """``--version``, ``--help`` and no command at all load the command line only
    (benchmarks/bench_startup.py measures them against a bare interpreter)."""
    for argv in (["--version"], ["--help"], []):
        assert _imported_by(argv) == set(), argv


def test_the_start_up_check_sees_a_heavy_import():
    """The same check on a command that does load numpy and the regex grammar."""
    assert _imported_by(["dfa", "--regex", "ab", "--alphabet", "ab"]) >= {"numpy", "attnlogic.automata.regex"}


#: what a small classification needs none of: torch, the parser library and its regex engine
#: (regexes are read by automata/regex.py's own parser), the symbolic and JIT compilers,
#: multiprocessing, the DFA-file readers (automata/io), and the procedures of the classes
#: asked only when named (registry.NAMED), at a fixed order or by identities
def _not_for_a_small_classification() -> tuple[str, ...]:
    from attnlogic.definability.engine.registry import NAMED

    return ("torch", "lark", "regex", "sympy", "numba", "multiprocessing",
            "attnlogic.definability.varieties.identities", "attnlogic.definability.subregular.fixed_order", "attnlogic.automata.io",
            *(f"attnlogic.definability.{module}" for _, module in NAMED))


def test_a_small_classification_imports_only_what_it_uses():
    """``classify --regex '(a|b)*ab'`` (the start-up row of benchmarks/bench_startup.py)
    imports numpy and the classes asked by default, nothing of _not_for_a_small_classification;
    naming a class imports its module (the check sees an import)."""
    watched = _not_for_a_small_classification()
    assert _imported_by(["classify", "--regex", "(a|b)*ab", "--alphabet", "ab"], watched) == set()
    assert "attnlogic.definability.subregular.strictly_local" in _imported_by(
        ["classify", "--regex", "(a|b)*ab", "--alphabet", "ab", "--class", "SL"], watched)
