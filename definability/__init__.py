"""attnlogic.definability: which fragment of past LTL (and so which attention pattern)
defines a regular language, proved both ways.

Imported as ``attnlogic.definability``.  It reads machines from :mod:`attnlogic.automata`
and formulas from :mod:`attnlogic.ltl`; neither of those imports it.  The rooms:

* :mod:`.semigroup` — the syntactic (transition) semigroup, Green's relations, ω-powers;
* :mod:`.witnesses` — witness pairs (one word in, one out, indistinguishable);
* the fragment families' decision procedures, one module each (see :mod:`.registry`);
* :mod:`.types` — bounded-depth type automata and lasso witnesses for the windows;
* :mod:`.synthesis` — certificate formulas and the exact checker of a formula on a DFA;
* :mod:`.starfree` — the local-divisor LTL[S] construction (Kamp's theorem);
* :mod:`.smallest` — small certificates by bottom-up enumeration;
* :mod:`.classify` — the loop over the registry; :mod:`.separations` — separating languages.
"""
