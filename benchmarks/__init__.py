"""Benchmarks, not part of the test suite: ``python -m benchmarks`` runs them all,
``python -m benchmarks.bench_<topic>`` one of them.

``python -m`` puts the repository root first on sys.path, where our top-level ``automata``
folder would shadow automata-lib (a baseline here); drop the root so that ``import automata``
finds automata-lib and our code is reached through ``attnlogic.*`` as installed.
"""

import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _ROOT]
