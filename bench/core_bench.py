"""Speed and memory of the core store, against the raw legs it is built from.

On N synthetic chunks (Zipf-distributed words, so FTS5 posting lists look like text) with 256-dim vectors
of low intrinsic dimension (a random projection of 32-dim latents, plus noise), in one run:

- insert rows/s through `store.add` with precomputed vectors (embedding time excluded);
- HNSW build time: the first sync after the load, i.e. replaying the change log into a fresh graph;
- hybrid query p50/p95 through `db.search`, against the same queries run as a raw FTS5 MATCH and a raw
  usearch search on the same index (the two legs with none of litetree around them);
- exact vs graph search at several sizes, which sets `AnnIndex.exact_below`;
- peak RSS of a separate reader process that opens the file and runs the queries, against the HNSW file size.

Targets (issue 2): hybrid p50 within 1.5x of the two raw legs together; insert >= 5,000 rows/s; a reader
holds no more than the HNSW file plus ~100 MB. Run: `python bench/core_bench.py [N]` (default 50,000).
`--smoke`: 2,000 rows and 30 queries, the same code paths in a few seconds (bench/smoke.sh).
"""
import os, sys, time, json, tempfile, resource, subprocess, statistics
from pathlib import Path
import numpy as np
from litetree.core import database, fts_query
from litetree.ann import AnnIndex, _HDR

SMOKE = '--smoke' in sys.argv
args = [a for a in sys.argv[1:] if not a.startswith('--')]
N = int(args[0]) if args else 2_000 if SMOKE else 50_000
DIM, Q, K = 256, 30 if SMOKE else 300, 10
READS = 20 if SMOKE else 200   # queries the reader process runs
rng = np.random.default_rng(0)
vocab = np.array([f'w{i}' for i in range(20_000)])
zipf = 1 / np.arange(1, len(vocab) + 1); zipf /= zipf.sum()

def texts(n, words=80): return [' '.join(rng.choice(vocab, words, p=zipf)) for _ in range(n)]
def embeddings(n, latent=32):
    "Vectors with the low intrinsic dimension real text embeddings have (iid noise is HNSW's worst case)."
    proj = np.random.default_rng(42).standard_normal((latent, DIM))
    return (rng.standard_normal((n, latent)) @ proj + 0.3 * rng.standard_normal((n, DIM))).astype(np.float32)

def pct(xs, p): return float(np.percentile(np.array(xs) * 1000, p))

def timed(fn, qs):
    out = []
    for q in qs:
        t = time.perf_counter(); fn(q); out.append(time.perf_counter() - t)
    return out

def check_costs(db, path):
    "What trusting nothing costs: the quick check before a connection's first write, and loading the index file with its checks."
    t = time.perf_counter(); bad = db.verify(); qc = time.perf_counter() - t
    print(f'quick_check before the first write: {qc*1000:.0f} ms for a {path.stat().st_size/2**20:.0f} MiB database ({"ok" if not bad else bad})')
    raw = Path(f'{path}.store.usearch').read_bytes()
    fresh = AnnIndex(db, 'store'); meta = db.store_meta('store')
    def best(fn, n=5):
        out = []
        for _ in range(n): t = time.perf_counter(); fn(); out.append(time.perf_counter() - t)
        return min(out)
    bare = best(lambda: fresh._new(meta).load(memoryview(raw)[_HDR.size:]))
    checked = best(lambda: fresh._load(meta) or sys.exit('the index file failed its checks'))
    print(f'loading the HNSW file: {checked*1000:.0f} ms with header, token and CRC-32 checks, {bare*1000:.0f} ms bare usearch load '
          f'({checked/bare:.2f}x)')

def main():
    d = Path(tempfile.mkdtemp()); path = d/'bench.db'
    docs, vecs = texts(N), embeddings(N)
    db = database(path); store = db.get_store()
    t = time.perf_counter()
    for i in range(0, N, 5_000): store.add([{'content': c} for c in docs[i:i+5_000]], embeddings=vecs[i:i+5_000])
    ins = time.perf_counter() - t
    ix = db._stores['store']['index']   # the store's HNSW index (litetree's per-store state)
    t = time.perf_counter(); ix.sync(); ix.save(); build = time.perf_counter() - t   # save(): a no-op when sync saved (N >= 5,000)
    dtype = db.store_meta('store')['dtype']   # int8 for a new store (DEFAULT_DTYPE): vectors and graph alike
    print(f'rows {N:,} x {DIM} dims ({dtype})')
    print(f'insert: {N/ins:,.0f} rows/s ({ins:.2f} s, FTS triggers and change log included)')
    print(f'HNSW build (replay of the log, saving included): {build:.2f} s; file {Path(f"{path}.store.usearch").stat().st_size/2**20:.1f} MiB')
    check_costs(db, path)

    # queries: 2-3 mid-frequency words (strict AND finds rows), and a vector near a stored one
    qs = [' '.join(rng.choice(vocab[50:2000], rng.integers(2, 4))) for _ in range(Q)]
    qv = list(embeddings(Q))
    n = K * 3   # what each leg of db.search fetches at limit=10
    F = 'store_fts'
    match = lambda m: db.execute(f'SELECT rowid FROM {F} WHERE {F} MATCH ? ORDER BY rank LIMIT ?', (m, n)).fetchall()
    raw_fts = timed(lambda q: match(fts_query(q)), qs)
    raw_auto = timed(lambda q: len(match(fts_query(q))) >= n or match(fts_query(q, True)), qs)   # the SQL widen='auto' runs
    qv_stored = [store._query_vector(v) for v in qv]   # as the store converts a query (int8: scaled to its own ±127)
    raw_vec = timed(lambda v: ix.index.search(v, n), qv_stored)
    pairs = list(zip(qs, qv))
    hyb = timed(lambda p: db.search(p[0], p[1], limit=K), pairs)
    hyb_strict = timed(lambda p: db.search(p[0], p[1], limit=K, widen=False), pairs)
    # "the two raw legs together": per query, the sum of both legs' times, then its percentile
    legs, legs_auto = pct(np.add(raw_fts, raw_vec), 50), pct(np.add(raw_auto, raw_vec), 50)
    print(f'\nquery latency over {Q} queries, ms    p50     p95')
    print(f'raw FTS5 MATCH (top {n})            {pct(raw_fts, 50):6.2f}  {pct(raw_fts, 95):6.2f}')
    print(f'raw FTS5 strict, then widened      {pct(raw_auto, 50):6.2f}  {pct(raw_auto, 95):6.2f}')
    print(f'raw usearch search (top {n})        {pct(raw_vec, 50):6.2f}  {pct(raw_vec, 95):6.2f}')
    print(f'raw legs together, strict / auto   {legs:6.2f}  {legs_auto:6.2f}   (p50 of each query\'s two legs summed)')
    print(f'db.search hybrid, widen=auto        {pct(hyb, 50):6.2f}  {pct(hyb, 95):6.2f}   p50 = {pct(hyb, 50)/legs_auto:.2f}x the raw legs together')
    print(f'db.search hybrid, widen=False       {pct(hyb_strict, 50):6.2f}  {pct(hyb_strict, 95):6.2f}   p50 = {pct(hyb_strict, 50)/legs:.2f}x the raw legs together')

    print(f'\nexact vs graph search (usearch, {dtype}, {DIM} dims), ms per query, and graph recall@10')
    for m in [1_000] if SMOKE else [1_000, 5_000, 10_000, 20_000, 50_000]:
        if m > N: break
        sub = ix._new(db.store_meta('store')); sub.add(np.arange(m), np.stack([store._query_vector(v) for v in vecs[:m]]))
        ex = timed(lambda v: sub.search(v, K, exact=True), qv_stored[:100])
        gr = timed(lambda v: sub.search(v, K), qv_stored[:100])
        rec = np.mean([len(set(sub.search(v, K).keys) & set(sub.search(v, K, exact=True).keys)) / K for v in qv_stored[:100]])
        print(f'  {m:>6,} vectors: exact {pct(ex, 50):.3f}  graph {pct(gr, 50):.3f}  recall {rec:.3f}')
    db.close()

    # VmHWM, not ru_maxrss: the latter survives exec and would report this (large) parent's peak
    reader = f'''
import re, json, numpy as np
from litetree.core import database
hwm = lambda: int(re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read())[1])
rss0 = hwm()
db = database({str(path)!r}); s = db.get_store()
rng = np.random.default_rng(1)
for i in range({READS}): db.search('w60 w70', rng.standard_normal({DIM}).astype(np.float32), limit=10)
print(json.dumps(dict(before=rss0, after=hwm())))
'''
    r = json.loads(subprocess.run([sys.executable, '-c', reader], capture_output=True, text=True, check=True).stdout)
    hn = Path(f'{path}.store.usearch').stat().st_size / 2**20
    print(f'\nreader process peak RSS: {r["after"]/1024:.0f} MiB (after imports {r["before"]/1024:.0f} MiB); '
          f'HNSW file {hn:.0f} MiB; peak minus file = {r["after"]/1024 - hn:.0f} MiB')

if __name__ == '__main__': main()
