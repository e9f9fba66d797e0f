"""Certificate construction: formulas from minimal DFAs and the exact checker (synthesis.py),
LTL[S] by local divisors (starfree.py), the bottom-up search for small ones (smallest.py) and
the certificates' stage of a classification (certificates.py)."""
