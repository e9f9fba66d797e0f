"""Shared algebra: the transition semigroup and Green's relations (semigroup.py), counters
(counters.py), the syntax of identities (identity_terms.py), k-profiles (profiles.py) and
bounded-depth types (types.py).  Imports only :mod:`..values`."""
