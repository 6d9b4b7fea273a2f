__version__ = "0.0.1"

# Importing any part of litetree loads the whole package, so a database has every method of its API however it was
# reached: `backends` joins each backend's storage classes with the layers written on top (ingestion, the corpus tree,
# retrieval, the LLM seams) and registers the result with `database()`.
from . import (core, processes, ann, keywords, store, sqlite, documents, postgres, data, pdf, profiles, embed, tree,
               ingest, corpus, retrieve, llm, backends)
