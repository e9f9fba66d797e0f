"""The budgets of every potentially exponential step, as one immutable value.

A :class:`Limits` is built once (by the caller, or from a function's keyword arguments by
:meth:`Limits.of`), validated once when built (each field an integer in its range; a bad
value raises :class:`~attnlogic.kernel.errors.InputError` naming the parameter), and passed down:
classification, the census, separations and the command line all read their bounds from
it.  Each field has one meaning:

``max_depth``
    the deepest level of type refinement (temporal depth of the formulas compared), ≥ 1;
``semigroup_elements``
    elements of the syntactic semigroup enumerated (LTL[S] = aperiodic);
``type_states``
    states of a type automaton or a window-type occurrence automaton (the window fragments);
``synthesis_states``
    states built while synthesising a certificate formula (suffix classes, subsets in an
    SCC, star-free constructions);
``check_states``
    product states (formula × DFA) of the exact check of a certificate, and states of the
    formula's DFA when the product is checked that way;
``search_budget``
    candidate formulas evaluated in the search for small certificates, over a whole
    classification (0: no search);
``certificate_factor``
    the certificates of a classification (synthesis, simplification, exact checks,
    shrinking, the search) may do at most this many times the work of its decisions, plus
    :data:`CERTIFICATE_FLOOR` steps (:mod:`attnlogic.kernel.work`); past it a member answer
    stands without a formula and says so;
``certificate_seconds``
    seconds of CPU time (of the thread building it; at most 20 times as many of wall clock:
    kernel/work.py ``deadline``) each answer's certificate may take when the step budget above refused
    it (and the whole budget of a subregular class's certificate, which is not counted in
    steps: it may also take ``certificate_factor`` × its decision's time): a certificate is
    built whenever it fits either budget; 0 turns this off.  The clock decides only
    *whether* a certificate is built, never which one, nor any verdict
    (:func:`attnlogic.kernel.work.deadline`);
``memory_budget``
    bytes for every table quadratic or worse in the number of states (pair graphs,
    semigroup elements × states, type tables): refused before allocating;
``instantiations``
    assignments of elements to the variables of identities checked on a syntactic monoid
    or semigroup (|M|^variables; ``definability/identities.py``);
``state_limit``
    states of the automata built from a formula or regex, and of a DFA file (None: the
    default of the source, :data:`DEFAULT_STATE_LIMIT` for a construction,
    :data:`FILE_STATE_LIMIT` for a file; ``--max-states`` on the command line).  The one name
    of the state bound in every layer: the constructions of automata/ take ``state_limit``
    (their former ``limit`` and ``max_states``, and this field's former name
    ``automaton_states``, are deprecated aliases).

Every default budget of the library is a named constant of this module (the layers import
them: tests/cli/test_limits_home.py finds no numeric budget default elsewhere), including
those that are no field of :class:`Limits` because no classification passes them: the
processes of a user's model (``check``/``extract --model-memory``) and of the server's
workers (``serve --worker-memory``) have a memory of their own, distinct from
``memory_budget`` (the tables of one step).

``limit`` is the documented alias of the library functions and of the command line's
``--limit``: it sets ``semigroup_elements``, ``type_states`` and ``synthesis_states`` together
(the bounds of deciding); the exact check of a certificate keeps its own ``check_states``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

import functools
import warnings

from . import errors as _errors
from .errors import InputError, MemoryBudgetExceeded
from .validate import integer, number

__all__ = ["Limits", "DEFAULT_LIMIT", "DEFAULT_MAX_DEPTH", "DEFAULT_SEARCH_BUDGET",
           "SEARCH_PER_FRAGMENT", "LIMIT_ALIAS", "DEFAULT_INSTANTIATIONS",
           "DEFAULT_CERTIFICATE_FACTOR", "CERTIFICATE_FLOOR", "DEFAULT_CERTIFICATE_SECONDS",
           "DEFAULT_MEMORY_BUDGET", "DEFAULT_STATE_LIMIT", "FILE_STATE_LIMIT", "SERVER_STATE_LIMIT",
           "DEFAULT_MODEL_MEMORY", "DEFAULT_WORKER_MEMORY", "FILE_TABLE_ENTRIES",
           "PERIODIC_TABLE_ENTRIES", "MODEL_SECONDS", "SERVER_SECONDS", "EXTRACTION_STATES",
           "EXTRACTION_QUERIES", "LEARNING_STATES", "WARNING_STATE_LIMIT", "SERVER_CONNECTIONS",
           "CENSUS_DFAS", "BULK_SEMIGROUP_CAPACITY", "BULK_CONTENT_LETTERS", "CENSUS_BULK_DFAS", "SHRINK_CHECKS", "SHRINK_WORK", "SHRINK_MAX_STATES", "SHRINK_STEPS", "TYPE_FORMULA_SHRINK_CHECKS", "CERTIFICATE_WORK", "SMALL_SEARCH_CANDIDATES", "SEARCH_FULL_STATES", "SMALLEST_SEARCH_CANDIDATES", "STAR_FREE_WORK", "CHECK_WORK", "SHORT_CANDIDATES", "SHORT_MAX_STATES", "MAX_PAIR_WORK", "SUBREGULAR_CHECK_STATES", "STAR_FREE_TYPE_LIMIT", "STAR_FREE_LOCAL_DIVISOR_LIMIT", "STAR_FREE_LOCAL_DIVISOR_WORK", "SEPARATION_SEARCH_STATES", "SEPARATION_CLASSIFIED_ELEMENTS", "POINTLIKE_FAMILY_WORDS", "POINTLIKE_WORK", "POINTLIKE_TABLE_ENTRIES", "POINTLIKE_SEPARATOR_CANDIDATES", "POINTLIKE_FORMULA_NODES", "FO2_PAIR_WORK", "FO2_CONTENT_LETTERS", "FO2_RANK_CLASSES", "FO2_RANK_MAX", "FO2_RANK_TRIPLES", "FO2_RANK_WORK", "FO2_FAMILY_LETTERS", "FO2_TYPED_LETTERS", "IDENTITY_TABLE_ENTRIES", "EQUIVALENT_WORD_ELEMENTS", "PUMPING_WORK", "SHRINK_CALL_CHECKS", "SHRINK_CHECK_STATES", "LASSO_CANDIDATES", "LR_FAMILY_ELEMENTS", "LR_FAMILY_PAIR_STATES",
           "IDENTITY_CHECK_ELEMENTS", "IDENTITY_CHECK_INSTANTIATIONS", "KNAST_CHECK_PRODUCTS", "STABILITY_STEPS", "TAGGED_WITNESS_MODULI", "ROOT_MOD_CANDIDATES", "MTSL_TIERS", "MTSL_ORDERS", "AROUND_CLASSES", "AMT_PAIR_EVIDENCE_BYTES", "MEMO_RECOUNT_SHARE", "SEQUENCE_ELEMENT_BYTES", "EQUATION_CHUNK", "EQUATION_BLOCK_FACTOR", "CLOSURE_PRODUCTS_PER_TYPE_STATE", "KERNEL_PRODUCTS_PER_INSTANTIATION", "POINTLIKE_SET_ELEMENT_BYTES", "renamed_parameters", "require_memory"]

#: the default bound of every exponential step of deciding (elements, states)
DEFAULT_LIMIT = 50_000
#: the default depth of type refinement
DEFAULT_MAX_DEPTH = 3
#: candidate formulas per classification in the search for small certificates
DEFAULT_SEARCH_BUDGET = 900_000
#: ... and at most this many for one fragment
SEARCH_PER_FRAGMENT = 300_000

#: certificates may cost at most this many times the decisions (steps, :mod:`.work`) ...
DEFAULT_CERTIFICATE_FACTOR = 10
#: ... plus this many steps (about 50 ms: the exact checks, tidying and a short search of the small
#: certificates of a 3-state language, whose decisions take a few hundred steps)
CERTIFICATE_FLOOR = 5 * 10 ** 4
#: seconds of CPU time an answer's certificate may take beyond the step budget (issue 38: the
#: step budget refused formulas built in tens of milliseconds; CPU time so that the same
#: certificates are built on a loaded machine)
DEFAULT_CERTIFICATE_SECONDS = 1.0

#: the default bound on the instantiations of identities checked (|M|^variables)
DEFAULT_INSTANTIATIONS = 5_000_000

#: default ``memory_budget`` (bytes) of the quadratic and exponential steps: a sixth of the
#: 24 GB machines this project runs on, so that a refusal comes long before the OOM killer
DEFAULT_MEMORY_BUDGET = 4 * 2 ** 30
#: the address space (bytes) of the process that runs a user's model (``check``/``extract
#: --model-memory``): the whole process, the model's framework included
DEFAULT_MODEL_MEMORY = 4 * 2 ** 30
#: the address space (bytes) of each worker process of ``attnlogic serve`` (``--worker-memory``);
#: half of it is the ``memory_budget`` of the worker's steps
DEFAULT_WORKER_MEMORY = 3 * 2 ** 30

#: the states of every automaton built (formula → DFA, regex → DFA, subset constructions,
#: products, the rational operations): ``Y[<=k]`` for the largest k the parser accepts (10^6:
#: k + 1 states) fits; one value for all of them (before: 1, 2 and 5 million by construction)
DEFAULT_STATE_LIMIT = 2_000_000
#: the states of a DFA read from a file (JSON, DOT, HOA, GraphML, ...): the file is the input,
#: not a construction, and a table this large is already a 100 MB text
FILE_STATE_LIMIT = 200_000
#: the states built to tell whether a formula's language is empty or universal, for a warning
#: only (past it nothing is said)
WARNING_STATE_LIMIT = 10_000
#: the states of a language's automaton on the page (``attnlogic serve --max-states``), whose
#: requests come from anyone and share the server's workers
SERVER_STATE_LIMIT = 20_000
#: entries (states × letters) of a transition table built from a file: checked before the
#: table is allocated
FILE_TABLE_ENTRIES = 2 ** 25
#: entries of a compiled model's periodic positional table of MOD[m,r] leaves ((lcm of the
#: moduli) × width, float32: 256 MiB)
PERIODIC_TABLE_ENTRIES = 2 ** 26

# -- a user's model, the server ------------------------------------------------------------
#: seconds a user's model may take for a whole check or extraction (``--time-budget``)
MODEL_SECONDS = 600.0
#: seconds per request of ``attnlogic serve``, the wait for a worker included (``--time-budget``)
SERVER_SECONDS = 30.0
#: DFAs a census may enumerate (the upper bound checked before enumerating; ``--max-dfas``,
#: and the page's census)
CENSUS_DFAS = 100_000
#: connections the server handles at once (uvicorn's ``limit_concurrency``; more are answered 503)
SERVER_CONNECTIONS = 256
#: the extraction of a model's automaton: states of a hypothesis, and words run through the
#: model (``extract --max-states``, ``--max-queries``)
EXTRACTION_STATES = 100
EXTRACTION_QUERIES = 1_000_000
#: states of a hypothesis of the L* learner called on its own (:func:`attnlogic.automata.learning.learn_dfa`)
LEARNING_STATES = 1000
#: the page's extraction (attnlogic/web/extract_job.py): states of a hypothesis and words run
#: through the model, unless the request asks fewer
PAGE_EXTRACTION_STATES = 100
PAGE_EXTRACTION_QUERIES = 200_000
#: the extraction of one trained cell of ``attnlogic experiment`` (attnlogic/extraction.py
#: CellBudget): small, so that a quick grid stays quick (--extract-states, --extract-queries,
#: --extract-seconds raise them)
CELL_EXTRACTION_STATES = 20
CELL_EXTRACTION_QUERIES = 20_000
CELL_EXTRACTION_SECONDS = 30.0


# -- definability: the budgets of its steps (each module names its own as before) --------------
# definability/census/batch_classes.py
#: the largest capacity allocated (three int32 tables of capacity² entries: 3.2 GB, and an
#: int8 one for Σ2's pairs when the ordered columns are asked: 0.27 GB); a
#: semigroup beyond it is refused (RuntimeError) rather than exhausting memory.  The
#: aperiodic transition semigroups of minimal DFAs with at most 7 states over two letters
#: stay far below it (a census measures them: docs/census.md).
BULK_SEMIGROUP_CAPACITY = 16384
#: the most letters acting in one table for the census columns of Σ2 and Π2 (the contents
#: of words: 2^letters flags per semigroup element); a census over more letters than that
#: has one state (its languages ∅ and A*) or more tables than any census budget
BULK_CONTENT_LETTERS = 12
# definability/census/shards.py
#: default bound when only the four fragments of the compiled kernel are asked (and the
#: classes of :mod:`.batch_classes`, decided in bulk too): 6 states over two letters
#: (bound 384,845,906 summed over the sizes; minutes of CPU) and 4 over three (34,106,942)
#: fit, 7 over two (a cluster's work: docs/census.md) does not
CENSUS_BULK_DFAS = 400_000_000
# definability/census/morphisms.py
#: bytes of morphism keys (and their answers) a census keeps to ask a class closed under
#: quotients once per syntactic morphism; past it new keys are not kept (the languages are
#: still asked, each itself): a 2-letter census of ≤ 4 states keeps about 1 MB
CENSUS_MORPHISM_CACHE_BYTES = 256 * 2 ** 20
#: entries (elements² × states) of the syntactic order built for an ordered morphism key;
#: past it the language is asked itself
MORPHISM_ORDER_ENTRIES = 4_000_000
# definability/certify/certificates.py
#: greedy semantic shrinking of each certificate (readability): the number of exact checks
#: is at most SHRINK_CHECKS and at most SHRINK_WORK / (DFA states × formula size), so the
#: output is deterministic (no wall clock) and the time stays bounded; only formulas above
#: SHRINK_MIN_SIZE and DFAs up to SHRINK_MAX_STATES states are shrunk
SHRINK_CHECKS = 800
SHRINK_WORK = 1_500_000
SHRINK_MAX_STATES = 200
#: ... and the exact checks of one shrinking do at most this much work in all (product
#: states × distinct subformulas of the candidate, summed over the checks)
SHRINK_STEPS = 3_000_000
#: formulas from type refinement are the least readable: they get more checks
TYPE_FORMULA_SHRINK_CHECKS = 3000
#: the exact checks of one certificate by the product search (product states × distinct
#: subformulas, the unit of :data:`~.synthesis.CHECK_WORK`): at most this much for shrinking
#: and tidying together (the final check keeps CHECK_WORK: a 3-state language's hybrid
#: window certificate needs more than this); a certificate whose DFA
#: states × distinct subformulas exceed it is refused before tidying (its check alone would
#: not fit).  Past it the member answer stands without a formula (the procedure proved it)
#: and says so: unbounded, tidying and checking the 1,500-subformula LTL[P] certificate of a
#: 200-state partially ordered DFA took 6 minutes on the loaded machine
CERTIFICATE_WORK = 250_000
#: a certificate of at most SMALLEST_FROM_SIZE nodes is searched too, below its own size,
#: with at most this many candidates (the formulas of up to 8 nodes over two letters fit:
#: `P a` for "contains a" after 6, where the synthesis gives `P (a & !P a)`)
SMALL_SEARCH_CANDIDATES = 10_000
#: ... and on a DFA of n > SEARCH_FULL_STATES states at most SMALLEST_PER_SEARCH ×
#: SEARCH_FULL_STATES / n candidates: a candidate that matches the sample is checked exactly
#: (work linear in n), so the search's cost stays about that of a SEARCH_FULL_STATES-state
#: DFA instead of growing with n past the decisions' (three searches on a 4,100-state chain
#: took 18 s beside 0.4 s of deciding, and found nothing)
SEARCH_FULL_STATES = 100
# definability/certify/smallest.py
#: default number of candidate formulas evaluated
SMALLEST_SEARCH_CANDIDATES = 60_000
# definability/certify/starfree.py
#: default budget of one construction (subformula-DFA states explored, summed)
STAR_FREE_WORK = 200_000
# definability/certify/synthesis.py
#: the product search costs one evaluation of every distinct subformula per product state
#: and letter: it visits at most CHECK_WORK / (distinct subformulas) product states (fewer
#: than ``limit`` when the formula is large), and a check whose DFA states × distinct
#: subformulas exceed CHECK_WORK is refused (LimitExceeded) before it starts — a
#: 2,000-state chain with a 12,000-node certificate would take minutes
CHECK_WORK = 10_000_000
# definability/checks/attest.py
#: (period, tail) nodes visited by each search for a shorter lasso witness ...
SHORT_CANDIDATES = 2_000
#: ... on DFAs of at most this many states (the search follows the run of every shortest
#: prefix into its periodic part: quadratic in the states)
SHORT_MAX_STATES = 500
# definability/checks/verify.py
#: positions × levels of the refinement of one pair (both words): beyond it the pair's own
#: separability is not computed (said in the answer)
MAX_PAIR_WORK = 2_000_000
# definability/checks/verify_subregular.py
#: the most product states a certificate check explores
SUBREGULAR_CHECK_STATES = 2_000_000
# definability/fragments/aperiodic.py
#: S-type automata grow fast; the LTL[S] certificate search gets this many states at most
STAR_FREE_TYPE_LIMIT = 4_000
#: bound (monoid elements, sub-problems, subformula DFA states) of the local-divisor fallback
STAR_FREE_LOCAL_DIVISOR_LIMIT = 5_000
#: its work budget in all (subformula-DFA states explored; about 5 × 10^4 per second on a
#: loaded core since its subformula DFAs are built without re-validation: 57,129 in 1.7 s
#: for the 23 census <= 4 and MLRegTest languages of issue 38 at load 10 on 2 cores): the
#: splitting strategies STAR_FREE_STRATEGIES are tried in order, each with an equal share,
#: and the first formula found is kept (trying all three and keeping the smallest costs
#: three times as much; the census language #34400 needs 8,293 with strategy 1)
STAR_FREE_LOCAL_DIVISOR_WORK = 30_000
# definability/separation/separate_languages.py
#: product and separator states of the search for a small separator (or the limits', when smaller)
SEPARATION_SEARCH_STATES = 5_000
#: elements of the syntactic semigroup (its multiplication table: their square) when L1 or
#: A* ∖ L2 is classified as an LT or LTT separator (or the limits', when smaller)
SEPARATION_CLASSIFIED_ELEMENTS = 1_000
# definability/separation/locally_r_trivial_family.py
#: elements of the transition semigroup of D1 ⊔ D2 whose idempotents anchor the locally
#: R-trivial family (or the limits' semigroup_elements, when smaller; past it no family)
LR_FAMILY_ELEMENTS = 5_000
#: reachable pairs of D1 × D2 whose reachability matrix the family's search builds
LR_FAMILY_PAIR_STATES = 2_000
# definability/separation/aperiodic_pointlikes.py
#: words u (shortlex, non-empty) tried for a pumped pair x·u^E·y / x·u^(E+1)·y before the
#: saturation of the aperiodic pointlike sets is computed
POINTLIKE_FAMILY_WORDS = 256
#: element products (|X|·|Y| for each product of sets) the saturation may compute in all
POINTLIKE_WORK = 20_000_000
#: entries of the pair's transition monoid's multiplication table (elements²) the saturation builds
POINTLIKE_TABLE_ENTRIES = 4_000_000
#: candidate separators tried when no pointlike pair exists (final states of the pair
#: automaton chosen among the pairs in neither language)
POINTLIKE_SEPARATOR_CANDIDATES = 64
#: ... whose formula is printed as a tree (no definitions) of at most this many nodes
POINTLIKE_FORMULA_NODES = 20_000
# definability/separation/fo2_separation.py
#: pair products (pairs × generators) the FO2[<] pointlike-pair saturation may compute in all
FO2_PAIR_WORK = 20_000_000
#: most letters for FO2[<] separation (the pair monoid carries the content: 2^letters states)
FO2_CONTENT_LETTERS = 6
#: classes of FO2[<] rank-n equivalence (A*/≡ₙ, definability/checks/fo2_types.py) the rank-n
#: separator search may build (as many as the default state bound), and the types of each
#: rank (40 times as many)
FO2_RANK_CLASSES = DEFAULT_LIMIT
#: the ranks n = 1 … FO2_RANK_MAX tried by the rank-n separator search (each within FO2_RANK_CLASSES)
FO2_RANK_MAX = 6
#: (class, D1 state, D2 state) triples the rank-n separator search may visit, all ranks and directions together
FO2_RANK_TRIPLES = 400_000
#: work of the rank-n class products (types rebuilt, weighted by the sets they receive), all tries together
FO2_RANK_WORK = 2_000_000
# definability/checks/fo2_family.py
#: an FO2[<] family's words are expanded and run on the DFAs at n = 1, 2, 3 while at most this long
FO2_FAMILY_LETTERS = 100_000
#: … and their FO2 types compared by brute force (quadratic in the length) while at most this long
FO2_TYPED_LETTERS = 300
# definability/subregular/__init__.py
#: most entries of a semigroup's multiplication table built for an identity check
IDENTITY_TABLE_ENTRIES = 4_000_000
# definability/values/witnesses.py
#: transformations a search for a shorter word with the same one may visit
EQUIVALENT_WORD_ELEMENTS = 2_000
#: array steps (states × letters applied) that :func:`pumping_power` may spend
PUMPING_WORK = 20_000_000

# the parameters' defaults of functions called on their own (classify passes its Limits)
#: :func:`~attnlogic.definability.certify.synthesis.shrink`: exact checks, and the product
#: states of each
SHRINK_CALL_CHECKS = 400
SHRINK_CHECK_STATES = 20_000
#: :func:`~attnlogic.definability.algebra.types.lasso_search`: lassos tried
LASSO_CANDIDATES = 20_000
#: :func:`~attnlogic.definability.checks.verify.verify_identity_check`, the independent check
#: of an identity: monoid elements enumerated, and assignments of them tried
IDENTITY_CHECK_ELEMENTS = 2_000
IDENTITY_CHECK_INSTANTIATIONS = 200_000
#: :func:`~attnlogic.definability.checks.verify_knast.verify_knast`, Knast's identity in its
#: category form: products of transformations computed (grid cells and pair comparisons)
KNAST_CHECK_PRODUCTS = 10_000_000
# definability/fragments/quasi_aperiodic.py (LTL[S,MOD] and the MOD-enriched fragments)
#: lengths k whose sets of elements η(A^k) are computed in search of the stability index
#: (the sequence is ultimately periodic; its preperiod plus period is far below this on
#: every census language; more is refused as undecided)
STABILITY_STEPS = 4_096
#: definability/checks/verify_mod.py: the moduli m = 1 … this for which the periodic witness
#: family's words are also run on the DFA (the family is proved for every m algebraically)
TAGGED_WITNESS_MODULI = 6
#: definability/subregular/multi_tier_strictly_local.py: the tiers T ⊆ T₁ (the letters that
#: act) whose least TSL_k closures are intersected (2^|T₁| − 1 in all: 8 acting letters fit; a
#: "yes" among the first ones stands, a "no" needs them all), and the witness's check
MTSL_TIERS = 255
#: ... and the orders k = 1 … this tried by MTSL (no bound on the k needed is known)
MTSL_ORDERS = 6
#: definability/algebra/group_kernels.py (the GR-kernel's saturation) and its re-check in
#: definability/checks/verify_group_kernels.py: products looked up by numpy, a whole row at a time
#: (elements times the pairs x̄·x·x̄ = x̄), allowed per instantiation of the ``instantiations``
#: budget (an instantiation is tried in Python, a product looked up in an array: measured about
#: 0.1 s for 1.5·10⁷ products on a 470-element monoid)
KERNEL_PRODUCTS_PER_INSTANTIATION = 80
#: bytes held per element of a set kept by BPol₂(C)'s search of the products of BPol(C)-sets (a
#: Python int in a frozenset, with its share of the set and of the dict entry; measured 130 with
#: tracemalloc on sets of about 80 elements of a 3,000-element monoid): the search stops where
#: its sets would pass ``memory_budget`` (definability/varieties/bpol2_sets.py)
POINTLIKE_SET_ELEMENT_BYTES = 160
#: definability/algebra/free_group_closure.py: multiply-adds of the Boolean matrix products (n³
#: for two n × n matrices) of one free-group closure, per unit of ``type_states`` (default: 10¹¹,
#: seconds of float32 BLAS); the tables' bytes are bounded by ``memory_budget``
CLOSURE_PRODUCTS_PER_TYPE_STATE = 2_000_000
#: definability/varieties/bpol_plus.py (BPol(G⁺)'s equation): products computed at once (the
#: pairs of one block in chunks of this many pairs × |f·M·e|: 32 MiB of int64 per array) …
EQUATION_CHUNK = 1 << 22
#: … and a block (e, f) refused before it is computed when it alone is more than this many times
#: the ``instantiations`` budget (a smaller one is finished, then the budget checked)
EQUATION_BLOCK_FACTOR = 20
#: definability/algebra/group_pairs.py: bytes of the evidence kept per AMT-pair (a dict entry with
#: its key and value tuples), refused before past ``memory_budget`` for |M|² pairs (a random
#: 9-state DFA's monoid ran a process out of 12 GiB there)
AMT_PAIR_EVIDENCE_BYTES = 200
#: definability/contract/procedure.py: a memo asked again is counted again (it may have filled
#: caches of its own) once the memos of a classification hold 1/MEMO_RECOUNT_SHARE of
#: ``memory_budget`` (below, a count at each ask cost a third more time on small languages)
MEMO_RECOUNT_SHARE = 8
#: definability/algebra/group_kernels.py: bytes per element of the MOD-kernel's sequence
#: R_n = α(A^n) kept until its first repetition (a dict entry with its first way, a frozenset
#: entry), against ``memory_budget``; on the maps of a DFA's states 16 bytes a state more
SEQUENCE_ELEMENT_BYTES = 200
#: definability/engine/around.py: the registered classes asked, per classification, around the
#: answers a procedure left undecided (each under the classification's own budgets)
AROUND_CLASSES = 16
#: acceptance sets tried per length residue by the certificates with MOD at the root only
#: (the states no word of that residue reaches are free: 2^free sets, skipped beyond this)
ROOT_MOD_CANDIDATES = 64

#: the fields that the alias ``limit`` sets
LIMIT_ALIAS = ("semigroup_elements", "type_states", "synthesis_states")

#: the least value of each field (``state_limit`` may also be None)
_MINIMUM = {"max_depth": 1, "semigroup_elements": 1, "type_states": 1, "synthesis_states": 1,
            "check_states": 1, "search_budget": 0, "certificate_factor": 0, "memory_budget": 1, "state_limit": 1,
            "instantiations": 1, "certificate_seconds": 0}
#: the fields that are seconds (finite numbers, not integers), with their largest value
_NUMBERS = {"certificate_seconds": 86_400.0}


@dataclass(frozen=True)
class Limits:
    """Every budget of a computation (module docstring); immutable, validated when built."""

    max_depth: int = DEFAULT_MAX_DEPTH
    semigroup_elements: int = DEFAULT_LIMIT
    type_states: int = DEFAULT_LIMIT
    synthesis_states: int = DEFAULT_LIMIT
    check_states: int = DEFAULT_LIMIT
    search_budget: int = DEFAULT_SEARCH_BUDGET
    certificate_factor: int = DEFAULT_CERTIFICATE_FACTOR
    certificate_seconds: float = DEFAULT_CERTIFICATE_SECONDS
    memory_budget: int = DEFAULT_MEMORY_BUDGET
    state_limit: int | None = None
    instantiations: int = DEFAULT_INSTANTIATIONS

    def __post_init__(self):
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "state_limit" and value is None:
                continue
            if f.name in _NUMBERS:
                object.__setattr__(self, f.name, number(f.name, value, _MINIMUM[f.name], _NUMBERS[f.name]))
                continue
            object.__setattr__(self, f.name, integer(f.name, value, _MINIMUM[f.name]))

    @classmethod
    def of(cls, limits: "Limits | None" = None, *, limit: int | None = None,
           **given) -> "Limits":
        """``limits`` (default: the defaults) with the keyword arguments that were given
        (not None) replacing its fields; ``limit`` sets the fields of :data:`LIMIT_ALIAS`.
        Each value is validated under the name it was given by: ``Limits.of(limit=0)``
        raises InputError naming ``limit``, ``Limits.of(max_depth=-5)`` naming
        ``max_depth``."""
        if limits is not None and not isinstance(limits, Limits):
            raise InputError(f"limits: a Limits value, got {type(limits).__name__}",
                             parameters=("limits",))
        if "automaton_states" in given:
            _deprecated("automaton_states", "state_limit", "Limits.of")
            value = given.pop("automaton_states")
            given.setdefault("state_limit", value)
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(given) - names)
        if unknown:
            raise TypeError(f"Limits has no field {unknown[0]!r}")
        changes = {}
        if limit is not None:
            value = integer("limit", limit, 1)
            changes.update({name: value for name in LIMIT_ALIAS})
        for name, value in given.items():
            if value is not None:
                changes[name] = (number(name, value, _MINIMUM[name], _NUMBERS[name]) if name in _NUMBERS
                                 else integer(name, value, _MINIMUM[name]))
        return replace(limits or cls(), **changes) if changes else (limits or cls())

    def to_json(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def automaton_states(self) -> int | None:
        """Deprecated: :attr:`state_limit`, its former name."""
        _deprecated("automaton_states", "state_limit", "Limits")
        return self.state_limit


_dataclass_init = Limits.__init__


@functools.wraps(_dataclass_init)
def _init(self, *args, automaton_states=None, **kwargs):
    if automaton_states is not None:
        _deprecated("automaton_states", "state_limit", "Limits")
        kwargs.setdefault("state_limit", automaton_states)
    _dataclass_init(self, *args, **kwargs)


Limits.__init__ = _init


def _deprecated(old: str, new: str, where: str) -> None:
    warnings.warn(f"{where}: {old}= is a deprecated name of {new}=", DeprecationWarning, stacklevel=4)


def renamed_parameters(**renames: str):
    """A decorator keeping the former names of a function's keyword parameters working:
    ``@renamed_parameters(limit="state_limit")`` passes ``limit=`` on as ``state_limit=``
    with a :class:`DeprecationWarning` (both given: a TypeError)."""

    def wrap(function):
        @functools.wraps(function)
        def call(*args, **kwargs):
            for old, new in renames.items():
                if old in kwargs:
                    if new in kwargs:
                        raise TypeError(f"{function.__name__}() got both {old}= and its new name {new}=")
                    _deprecated(old, new, f"{function.__name__}()")
                    kwargs[new] = kwargs.pop(old)
            return function(*args, **kwargs)

        call.renamed_parameters = dict(renames)
        return call

    return wrap


def require_memory(what: str, needed: int, budget: int | None) -> None:
    """Raise :class:`~attnlogic.kernel.errors.MemoryBudgetExceeded` when ``needed`` bytes
    exceed ``budget`` (None: :data:`DEFAULT_MEMORY_BUDGET`)."""
    budget = DEFAULT_MEMORY_BUDGET if budget is None else budget
    if needed > budget:
        raise MemoryBudgetExceeded(what, needed, budget)


# their former home keeps the names for code that imported them from there (once this module
# is loaded, as it is by every layer; errors.py cannot import this module, which imports it)
_errors.DEFAULT_MEMORY_BUDGET = DEFAULT_MEMORY_BUDGET
_errors.require_memory = require_memory
