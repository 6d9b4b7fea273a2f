"""Names under the module litesearch's examples import them from, so those examples run with `litesearch`
replaced by `litetree` and nothing else changed. Written by hand, like `__init__.py`: no notebook exports it."""
from .core import hash_embed

__all__ = ['hash_embed']
