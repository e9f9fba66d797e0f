"""The fragments of past LTL and their deciders: LTL[P] (r_trivial.py), LTL[Y] (definite.py),
LTL[P,Y] (locally_r_trivial.py), LTL[S] (aperiodic.py), the windows LTL[Y<=k] and LTL[P,Y<=k]
(windows.py, occurrence.py)."""
