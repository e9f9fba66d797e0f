"""Classes given by identities of the syntactic monoid: any variety (identities.py), FO2[<] = DA
(fo2.py), dot-depth one (dot_depth.py)."""
