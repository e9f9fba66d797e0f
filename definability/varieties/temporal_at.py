"""TL(AT) = FO²[<, Bet]: unary temporal logic with F, P and the between modalities F_K, P_K
(K alphabet-testable: which letters occur between the two positions) — MeSCaL's TL₂(ST),
two-variable logic with the between relation of Krebs, Lodaya, Pandya and Straubing — L ∈
TL(AT) iff every AT-orbit e·α(B_e*)·e is in DA (Place–Zeitoun, CSL 2024; decided, certified
and re-checked by :mod:`.alphabet_orbits`, docs/decision-procedures.md §14.11).
"""

from __future__ import annotations

from .alphabet_orbits import orbit_class

__all__ = ["CLASS"]

#: TL(AT) (also typed TL2(ST), TL₂(ST), FO2[<,Bet])
CLASS = orbit_class('TL(AT)', 'DA',
                    (('FO2[<]', 'DA passes to submonoids: TL(ST) = FO²[<] ⊆ TL(AT)'),
                     ('PL(AT)', 'P with the between modalities is a part of TL(AT)'),
                     ('FL(AT)', 'F with the between modalities is a part of TL(AT)')),
                    "FO2[<,Bet] = unary temporal logic with F, P over AT, MeSCaL's TL₂(ST): every AT-orbit is in DA")
