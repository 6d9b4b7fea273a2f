"""Search after small writes: the keyword cache caught up from its log, against FTS5 ranking as before the log.

A store that only gains a file here and there keeps the keyword cache it was last written with (rewriting takes
seconds, so `add_dir` rewrites it after loads that grow the store by a tenth). Before the log, any write sent every
later query to FTS5; now a query reads the logged rows afresh (see `00b_keywords`).

On a copy of a database `bench/scale.py` built (`--db`, the folder holding `index.db` and `queries.json`): the cache
is rewritten (which arms its log; timed), hybrid search is timed, then each `--add` (a file or folder, added with
`Index.add`) is followed by the same queries twice in one process: caught up from the log, and with the catch-up
switched off (`KW_BEHIND_MAX = 0`: FTS5 ranks, as before). Each connection catches up once per change of the file;
that first query's extra cost is timed apart ("catch-up"). CPU ms per query, p50 / p95 (mean of `--repeats`).

Run: `python bench/behind.py --db /tmp/litetree_scale/db-100000-seed0 --add new.md --add some/folder`.
`--smoke`: a store of six of the corpus's markdown files, a seventh added, 30 queries from its chunks; a few seconds;
exits 1 unless the cache was caught up after the add.
"""
import argparse, json, shutil, sys, tempfile, time
from pathlib import Path
import numpy as np
import litetree.keywords as keywords
from litetree.api import Index
from litetree.core import hash_embed
from litetree.keywords import _kw_state, _store
from litetree.eval import corpus_dir, corpus_files

ap = argparse.ArgumentParser()
ap.add_argument('--db'); ap.add_argument('--add', action='append', default=[])
ap.add_argument('--queries', type=int, default=300); ap.add_argument('--repeats', type=int, default=2)
ap.add_argument('--smoke', action='store_true')
A = ap.parse_args()

def smoke_store(d:Path)->Path:
    "A small store of the corpus's markdown files in `d`, with queries from its chunks; returns the file to add later."
    md = [f for f in corpus_files(corpus_dir()) if f.suffix == '.md']
    (d/'docs').mkdir(parents=True); (d/'later').mkdir()
    for f in md[:6]: shutil.copy(f, d/'docs'/f.name)
    shutil.copy(md[6], d/'later'/md[6].name)
    with Index(d/'index.db', embedder=hash_embed) as idx:
        idx.add(d/'docs')
        texts = [r[0] for r in idx.db.execute('SELECT content FROM store ORDER BY id LIMIT 30')]
    (d/'queries.json').write_text(json.dumps([' '.join(t.split()[:6]) for t in texts]))
    return d/'later'/md[6].name

if A.smoke:
    A.repeats, A.db = 1, tempfile.mkdtemp(prefix='lt-behind-smoke-')
    A.add = [smoke_store(Path(A.db))]
if not A.db: ap.error('--db is required (or --smoke)')
src = Path(A.db)
qs = json.loads((src/'queries.json').read_text())[:A.queries]
qs = [q if isinstance(q, str) else q['q'] for q in qs]
work = Path(tempfile.mkdtemp(prefix='lt-behind-'))
for f in src.glob('index.db*'):
    if not f.name.endswith('-shm'): shutil.copy(f, work/f.name)   # the WAL too: it may hold commits

def timed(idx)->tuple:
    "p50, p95 CPU ms of `Index.search` over the queries (each run once untimed first)."
    for q in qs: idx.search(q, limit=10)
    ts = np.zeros(len(qs))
    for _ in range(A.repeats):
        for i, q in enumerate(qs):
            t = time.process_time(); idx.search(q, limit=10); ts[i] += time.process_time() - t
    ts /= A.repeats
    return np.percentile(ts, 50) * 1e3, np.percentile(ts, 95) * 1e3

def catch_up_ms(st)->float:
    "What this connection's first query after a change spends reading the logged rows afresh."
    _store(st).pop('kw', None)
    t = time.process_time(); _kw_state(st); return (time.process_time() - t) * 1e3

def both(idx, st, label):
    behind = st.keywords_behind()
    c = catch_up_ms(st); caught = timed(idx); kind = 'caught up' if 'stale' in (_kw_state(st) or {}) else 'as written' if _kw_state(st) else 'FTS5'
    was, keywords.KW_BEHIND_MAX = keywords.KW_BEHIND_MAX, 0
    _store(st).pop('kw', None); fts5 = timed(idx); keywords.KW_BEHIND_MAX = was; _store(st).pop('kw', None)
    print(f'{label:38s} {behind:>7,} {kind:>10s} {caught[0]:7.2f} {caught[1]:7.2f}   {fts5[0]:7.2f} {fts5[1]:7.2f}   {fts5[0] / caught[0]:5.2f}x  {c:8.1f}')
    return dict(label=label, behind=behind, kind=kind, p50=caught[0], p95=caught[1], fts5_p50=fts5[0], fts5_p95=fts5[1], catch_up_ms=c)

if __name__ == '__main__':
    idx = Index(work/'index.db', embedder=hash_embed); st = idx.db.get_store(idx.store)
    t = time.perf_counter(); st.cache_keywords(least=0 if A.smoke else None); print(f'{st.count:,} chunks; cache rewritten in {time.perf_counter() - t:.1f} s')
    print(f'{"":38s} {"behind":>7s} {"cache":>10s} {"p50":>7s} {"p95":>7s}   {"FTS5 p50":>7s} {"p95":>7s}   ratio  catch-up ms')
    f = timed(idx); print(f'{"as written":38s} {0:>7,} {"as written":>10s} {f[0]:7.2f} {f[1]:7.2f}')
    out = [dict(label='as written', p50=f[0], p95=f[1])]
    for a in A.add:
        t = time.perf_counter(); res = idx.add(a); took = time.perf_counter() - t
        n = sum(r.get('chunks', 0) for r in res)
        out.append(both(idx, st, f'after adding {Path(a).name} ({n:,} chunks, {took:.1f} s)'))
    idx.close(); shutil.rmtree(work)
    if A.smoke: shutil.rmtree(src)
    print(json.dumps(out))
    if A.smoke and not all(r.get('kind') == 'caught up' for r in out[1:]): sys.exit('the cache was not caught up after the add')
