"""attnlogic.rmt — signal recovery from attention-pooled sequences (random matrix theory).

The model, formulas and what simulation confirmed: docs/rmt.md.

* :mod:`.correlation` — positional sign models (prefix, label-flip, Markov, iid, custom R);
* :mod:`.model` — embedding table, token sampling, pooling, centred covariance;
* :mod:`.bulk` — density, edges and moments of κ·(MP_δ ⊠ MP_γ);
* :mod:`.spikes` — phase transitions, outlier locations, overlaps;
* :mod:`.weights` — mean, optimal, causal-attention and attention-pattern pooling weights;
* :mod:`.simulation`, :mod:`.experiments`, :mod:`.plots` — Monte Carlo against theory.
"""

from .bulk import BulkEdges, cdf, density, edges, moments, x_star, zero_atom
from .correlation import (SignModel, from_matrix, iid, label_flip, make_model, markov, prefix,
                          sample_signs)
from .model import (EmbeddingTable, centred_covariance, pool, population_covariance,
                    sample_table, sample_tokens, sizes, within_class_covariance)
from .simulation import SimulationResult, simulate
from .spikes import (SpikePrediction, mu_norm_sq_threshold, overlap_with_m, population_outlier,
                     population_overlap_with_m, population_threshold, population_top_eigenvalue,
                     predict, sample_outlier, sample_threshold, spike_x, top_eigenvalue)
from .weights import (alpha, alpha_over_kappa, alpha_over_kappa_table, causal_weights,
                      harmonic_self_excluding_weights, harmonic_weights, kappa, mean_weights,
                      named_weights, optimal_weights, pattern_weights)

__all__ = [
    "BulkEdges", "cdf", "density", "edges", "moments", "x_star", "zero_atom",
    "SignModel", "from_matrix", "iid", "label_flip", "make_model", "markov", "prefix",
    "sample_signs",
    "EmbeddingTable", "centred_covariance", "pool", "population_covariance", "sample_table",
    "sample_tokens", "sizes", "within_class_covariance",
    "SimulationResult", "simulate",
    "SpikePrediction", "mu_norm_sq_threshold", "overlap_with_m", "population_outlier",
    "population_overlap_with_m", "population_threshold", "population_top_eigenvalue", "predict", "sample_outlier", "sample_threshold", "spike_x",
    "top_eigenvalue",
    "alpha", "alpha_over_kappa", "alpha_over_kappa_table", "causal_weights",
    "harmonic_self_excluding_weights", "harmonic_weights", "kappa", "mean_weights",
    "named_weights", "optimal_weights", "pattern_weights",
]
