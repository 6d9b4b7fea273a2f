__version__ = "0.0.1"

# A database has every method of litetree's API after any litetree import, whichever module it came from:
# the modules that add methods to `Database` (trees, ingestion, retrieval) are loaded with the package.
from . import core, documents, postgres, data, tree, ingest, corpus, retrieve
