"""The independent checks: witnesses, certificates and subregular answers re-checked by code
that imports no decider (verify.py, verify_subregular.py, indistinguishable.py) and the last
stage of a classification, which checks every witness (attest.py).  Imports only
:mod:`..values` and :mod:`..algebra`."""
