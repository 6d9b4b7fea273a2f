__version__ = "0.0.1"

# A database has every method of litetree's API after any litetree import, whichever module it came from:
# the backends register with `database()` (`sqlite`, `postgres`), and the modules that add methods to `Database`
# (documents, trees, ingestion, retrieval, the LLM seams) are loaded with the package.
from . import (core, ann, keywords, store, sqlite, documents, postgres, data, pdf, profiles, embed, tree, ingest,
               corpus, retrieve, llm)
