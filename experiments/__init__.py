"""attnlogic.experiments: training transformers on formal languages and measuring length generalisation."""
