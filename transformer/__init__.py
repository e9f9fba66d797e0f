"""attnlogic.transformer: the masked-attention transformer shared by the compiler and the
training experiments (global, k-local and non-strict heads; float32/bfloat16/float16)."""

from .config import HeadSpec, TransformerConfig, parse_pattern, HEAD_KINDS
from .model import Transformer
from .vocab import Vocabulary

__all__ = ["HeadSpec", "TransformerConfig", "Transformer", "parse_pattern", "Vocabulary", "HEAD_KINDS"]
