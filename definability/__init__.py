"""attnlogic.definability: which fragment of past LTL (and so which attention pattern)
defines a regular language, proved both ways.

Imported as ``attnlogic.definability``.  It reads machines from :mod:`attnlogic.automata`
and formulas from :mod:`attnlogic.ltl`; neither of those imports it.  Its modules live in
rooms, one per layer; a room imports only rooms below it (tests/cli/test_rooms.py,
docs/architecture.md), from the bottom up:

* :mod:`.values` — what answers are made of: verdicts and results, witness pairs, pumped families;
* :mod:`.algebra` — the transition semigroup, counters, identities' syntax, k-profiles, types;
* :mod:`.checks` — the independent checks (verify, verify_subregular, indistinguishable,
  attest), importing no decider;
* :mod:`.certify` — certificate construction: synthesis, LTL[S] by local divisors, the search
  for small formulas, the certificates' stage;
* :mod:`.contract` — what a class is (:class:`LanguageClass`) and its decision procedure's
  interface;
* :mod:`.fragments`, :mod:`.varieties`, :mod:`.subregular` — the deciders: the fragments of
  past LTL, classes given by identities (FO2[<], dot-depth one), the subregular classes;
* :mod:`.engine` — the registry, the classification loop and the inclusions;
* :mod:`.census`, :mod:`.separation` — the census of small languages (and its bulk kernels),
  separation of languages and the catalogue of separating languages.

The modules of the former flat folder keep their old paths: ``import
attnlogic.definability.classify`` (or any other name of :data:`MOVED`) gives the module of
its room itself (the same object), with a DeprecationWarning naming the new path.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import warnings

#: the old flat module name → its path below ``attnlogic.definability`` (the rooms); the
#: former ``census`` and ``subregular`` modules are their rooms' packages, so they keep their
#: names without an alias
MOVED = {
    "witnesses": "values.witnesses", "pumped": "values.pumped", "results": "values.results",
    "semigroup": "algebra.semigroup", "counters": "algebra.counters",
    "identity_terms": "algebra.identity_terms", "profiles": "algebra.profiles",
    "types": "algebra.types",
    "indistinguishable": "checks.indistinguishable", "verify": "checks.verify",
    "verify_subregular": "checks.verify_subregular", "attest": "checks.attest",
    "synthesis": "certify.synthesis", "smallest": "certify.smallest",
    "starfree": "certify.starfree", "certificates": "certify.certificates",
    "procedure": "contract.procedure", "classes": "contract.classes",
    "aperiodic": "fragments.aperiodic", "definite": "fragments.definite",
    "r_trivial": "fragments.r_trivial", "locally_r_trivial": "fragments.locally_r_trivial",
    "windows": "fragments.windows", "occurrence": "fragments.occurrence",
    "identities": "varieties.identities", "dot_depth": "varieties.dot_depth",
    "fo2": "varieties.fo2",
    "strictly_local": "subregular.strictly_local",
    "strictly_piecewise": "subregular.strictly_piecewise",
    "reverse_definite": "subregular.reverse_definite",
    "generalized_definite": "subregular.generalized_definite",
    "locally_testable": "subregular.locally_testable",
    "threshold_testable": "subregular.threshold_testable",
    "piecewise_testable": "subregular.piecewise_testable",
    "tier_strictly_local": "subregular.tier_strictly_local",
    "local_order": "subregular.local_order", "fixed_order": "subregular.fixed_order",
    "registry": "engine.registry", "inclusions": "engine.inclusions",
    "classify": "engine.classify",
    "census_run": "census.run", "census_sample": "census.sample", "census_shards": "census.shards",
    "batch": "census.batch", "batch_classes": "census.batch_classes",
    "separate_languages": "separation.separate_languages", "separations": "separation.separations",
}


class _MovedModules:
    """The finder and loader of the old paths (on ``sys.meta_path``): ``attnlogic.definability.X``
    for X in :data:`MOVED` is the module ``attnlogic.definability.MOVED[X]`` — the same object,
    imported once — never a copy."""

    prefix = __name__ + "."

    def find_spec(self, fullname, path=None, target=None):
        if fullname.startswith(self.prefix) and fullname[len(self.prefix):] in MOVED:
            return importlib.util.spec_from_loader(fullname, self)
        return None

    def create_module(self, spec):
        new = self.prefix + MOVED[spec.name[len(self.prefix):]]
        warnings.warn(f"{spec.name} has moved to {new}; import it from there", DeprecationWarning,
                      stacklevel=2)
        module = importlib.import_module(new)
        spec.loader_state = module.__spec__     # put back by exec_module (the import system
        return module                           # sets __spec__ to the alias's spec)

    def exec_module(self, module):
        module.__spec__ = module.__spec__.loader_state


if not any(isinstance(f, _MovedModules) for f in sys.meta_path):
    sys.meta_path.append(_MovedModules())
