"""attnlogic.automata: the machines — DFAs, minimisation, operations, regexes, I/O, formula → DFA, sampling, enumeration, graphs.

Imported as ``attnlogic.automata``.  The folder sits at the top of the repository, so a
Python started *in the repository root* could also import it as plain ``automata`` and
shadow automata-lib (whose import name is ``automata``); that is refused loudly below
rather than answering with the wrong package.
"""

if __name__ == "automata":  # pragma: no cover - only when the repository root is on sys.path
    raise ImportError(
        "this is attnlogic's automata folder, imported as 'automata' because the repository root "
        "is on sys.path; import it as 'attnlogic.automata', and run automata-lib code from another "
        "directory or through the virtualenv's entry points (.venv/bin/pytest, .venv/bin/attnlogic)")
