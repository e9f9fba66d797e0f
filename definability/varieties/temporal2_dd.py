"""TL₂(DD) = TL(TL(DD)): level two of the navigational hierarchy over DD — unary temporal logic
whose modalities F_K, P_K ask the infix between the two positions to be in K ∈ TL(DD) =
FO²[<,+1] —, MeSCaL's TL₂(DD): L ∈ TL₂(DD) iff every BPol(DD)-orbit {x ∈ e·M'·e : (x, e) a
Pol(DD)-pair} is in DA (Place–Zeitoun; decided, certified and re-checked by
:mod:`.pol_group_orbits`, the pairs by :mod:`..algebra.pol_dd_pairs`,
docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: TL2(DD) (also typed TL₂(DD))
CLASS = pol_group_orbit_class('TL2(DD)', 'DD', 'DA',
                              (('TL(DD)', 'DD ⊆ TL(DD): a modality of TL(DD) is one of TL(TL(DD))'),
                               ('TL(AT)', 'TL(AT) = TL₂(ST) and ST ⊆ DD'),
                               ('PL2(DD)', 'PL(PL(DD)) ⊆ TL(TL(DD)): its modalities are some of TL₂(DD)\'s'),
                               ('FL2(DD)', 'FL(FL(DD)) ⊆ TL(TL(DD)): its modalities are some of TL₂(DD)\'s')),
                              "level two of the navigational hierarchy over DD, MeSCaL's TL₂(DD): every "
                              "BPol(DD)-orbit is in DA")
