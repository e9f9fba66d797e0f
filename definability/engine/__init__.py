"""The classify engine: the registry of classes (registry.py), the loop over it (classify.py),
the inclusions that make one classification's answers consistent (inclusions.py) and the
last stage, which checks every witness by the independent type computation and shortens it
(attest.py)."""
