"""attnlogic.experiments: training transformers on formal languages and measuring length generalisation.

Modules (none imports torch at import time except where it trains or evaluates):

* :mod:`~attnlogic.experiments.languages`: the language table (Li & Cotterell 2025 Table 1, the
  2026 local-attention grid, the quick set) and CNT's DFA;
* :mod:`~attnlogic.experiments.adversarial`: adversarial negatives and the theory's periodic pairs;
* :mod:`~attnlogic.experiments.data`: random / adversarial / periodic / training sets of one length;
* :mod:`~attnlogic.experiments.train`: training with checkpoints (safetensors + JSON), resumable;
* :mod:`~attnlogic.experiments.evaluate`: accuracy per length, mean over unseen lengths, N*;
* :mod:`~attnlogic.experiments.grid`: grids of runs and the presets quick / table1 / local;
* :mod:`~attnlogic.experiments.report`: results.json, results.md and PNG plots;
* :mod:`~attnlogic.experiments.lm`: character-level language modelling, perplexity per pattern.

See docs/experiments.md.
"""
