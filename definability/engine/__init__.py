"""The classify engine: the registry of classes (registry.py), the loop over it (classify.py)
and the inclusions that make one classification's answers consistent (inclusions.py)."""
