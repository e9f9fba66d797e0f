"""attnlogic: temporal logic over the past, automata and algebra, and transformers."""

__version__ = "0.1.0"
