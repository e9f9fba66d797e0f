"""The kernel: what every layer shares, below all of them.

``attnlogic.kernel`` holds the values and services that the logic (``attnlogic.ltl``), the
automata, definability, the compiler, the transformers, the experiments and the command line
all use, and it imports none of them:

* :mod:`.errors` — the library's errors (``InputError``, ``ParseError``, ``LimitExceeded``…),
  each naming the parameters that would fix it;
* :mod:`.validate` — the one check of an integer or a finite number, with its parameter named;
* :mod:`.limits` — the one ``Limits`` value (state limits, depths, search and memory budgets);
* :mod:`.patterns` — attention patterns (which positions a position may see);
* :mod:`.fileio` — files written atomically, read with the field named on a bad value;
* :mod:`.display` — short tables, SVG, words and formulas for terminals and notebooks;
* :mod:`.progress` and :mod:`.signals` — progress lines, Ctrl-C, SIGTERM and SIGHUP;
* :mod:`.cluster` — one way to start or join Ray.

tests/cli/test_kernel_layer.py checks that no kernel module imports anything of ours outside
the kernel, at any level.
"""
