"""The independent checks: witnesses, certificates and subregular answers re-checked by code
that imports no decider (verify.py, verify_subregular.py, indistinguishable.py).  Imports only
:mod:`..values` and the syntax of identities (:mod:`..algebra.identity_terms`)."""
