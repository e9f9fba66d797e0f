"""TL₂(AMT) = TL(TL(AMT)): level two of the navigational hierarchy over AMT — unary temporal
logic whose modalities F_K, P_K ask the infix between the two positions to be in K ∈ TL(AMT) —,
MeSCaL's TL₂(AMT): L ∈ TL₂(AMT) iff every BPol(AMT)-orbit {x ∈ e·M·e : (x, e) a
Pol(AMT)-pair} is in DA (Place–Zeitoun; decided, certified and re-checked by
:mod:`.pol_group_orbits`, docs/decision-procedures.md §14.14).
"""

from __future__ import annotations

from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: TL2(AMT) (also typed TL₂(AMT))
CLASS = pol_group_orbit_class('TL2(AMT)', 'AMT', 'DA',
                              (('TL(AMT)', 'AMT ⊆ TL(AMT): a modality of TL(AMT) is one of TL(TL(AMT))'),
                               ('TL(AT)', 'A*aA* = F a is in TL(ST) ⊆ TL(AMT), so AT ⊆ TL(AMT) and TL(AT) ⊆ '
                                          'TL(TL(AMT))'),
                               ('PL2(AMT)', 'PL(PL(AMT)) ⊆ TL(TL(AMT)): its modalities are some of TL₂(AMT)\'s'),
                               ('FL2(AMT)', 'FL(FL(AMT)) ⊆ TL(TL(AMT)): its modalities are some of TL₂(AMT)\'s')),
                              "level two of the navigational hierarchy over AMT, MeSCaL's TL₂(AMT): every "
                              "BPol(AMT)-orbit is in DA")
