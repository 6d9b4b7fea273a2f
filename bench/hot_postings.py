"""Issue 17: what keeping frequent terms' postings (`KW_HOT_SHARE`, `KW_HOT_BYTES`, `_keep` in `00b_keywords`) saves a query.

The keyword cache stores each term's row ids as gaps and its counts compressed; a query adds the gaps up,
decompresses and weighs the counts of every term it reads, and merges a prefix's terms into one list. A term (or a
prefix's terms together) held by more than one row in 64 is read by most queries and is the costliest to read, so a
connection keeps those as ids and weighted counts, within 24 MiB. This opens a store with a keyword cache
(one `bench/scale.py` made: `python bench/hot_postings.py /tmp/litetree_scale/db-100000-seed0/index.db`), and runs
each query through `Index.search` and `Index.sections` with the kept postings and without them, by turns, `--repeats`
times (which goes first alternates), in one process: CPU per call at p50 and p95 for each, whether the answers were
the same, how many terms were kept in how much memory, and the process's peak RSS before and after.
Queries: 3-9 consecutive words of seeded random stored chunks, and as many of the eval corpus's questions.
`--smoke`: a store of six of the corpus's files, hashed, its cache written though it is small; a few seconds.
"""
import argparse, json, random, re, resource, sys, tempfile, time
from pathlib import Path
import numpy as np
import litetree.keywords as keywords
from litetree.api import Index
from litetree.eval import corpus_dir, corpus_files

ap = argparse.ArgumentParser()
ap.add_argument('db', nargs='?'); ap.add_argument('--queries', type=int, default=300); ap.add_argument('--repeats', type=int, default=4)
ap.add_argument('--seed', type=int, default=0); ap.add_argument('--smoke', action='store_true')
A = ap.parse_args()
if A.smoke: A.queries, A.repeats = 20, 2
elif not A.db: sys.exit('hot_postings.py: name a database with a keyword cache (bench/scale.py makes them), or run --smoke')

def queries(idx, n, seed):
    "`n` queries: half the eval corpus's questions, half runs of 3-9 consecutive words from seeded random chunks."
    rng, C = random.Random(seed), corpus_dir()
    asked = [json.loads(l)['question'] for l in (C/'questions.jsonl').read_text().splitlines() if l.strip()]
    out = rng.sample(asked, min(len(asked), n // 2))
    ids = [r[0] for r in idx.db.execute(f'SELECT id FROM "{idx.store}"')]
    while len(out) < n:
        ws = re.findall(r'\w+', idx.db.execute(f'SELECT content FROM "{idx.store}" WHERE id=?', (rng.choice(ids),)).fetchone()[0])
        if ws: at = rng.randrange(max(1, len(ws) - 8)); out.append(' '.join(ws[at:at + rng.randint(3, 9)]))
    return out

def peak_mib()->float: return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

def measure(path):
    idx = Index(path)
    st, qs = idx.db.get_store(idx.store), queries(idx, A.queries, A.seed)
    hot = keywords._kept, keywords._keep
    plain = (lambda s, term, prefix: None), (lambda s, term, prefix, ids, f: (ids, f))   # every query reads the file's rows

    def use(pair): keywords._kept, keywords._keep = pair
    calls = dict(doc_search=lambda q: idx.search(q, limit=10), sections=lambda q: idx.sections(q))
    use(plain)
    for q in qs:
        for f in calls.values(): f(q)   # warm: the file's pages read once
    before, same = peak_mib(), 0
    for q in qs:
        for f in calls.values():
            use(plain); a = f(q); use(hot); b = f(q)
            same += [(h.get('id'), h.get('node_id'), h.get('content')) for h in a] == [(h.get('id'), h.get('node_id'), h.get('content')) for h in b]
    ms = {(n, v): [] for n in calls for v in (0, 1)}
    for rep in range(A.repeats):
        for q in qs:
            for n, f in calls.items():
                for v in ((0, 1) if rep % 2 == 0 else (1, 0)):
                    use(hot if v else plain)
                    t = time.process_time_ns(); f(q); ms[n, v].append((time.process_time_ns() - t) / 1e6)
    use(hot)
    s = keywords._kw_state(st) or {}
    print(f'{st.count:,} chunks, {len(qs)} queries x {A.repeats}; the same answers in {same} of {2 * len(qs)} calls')
    for n in calls:
        a, b = np.array(ms[n, 0]), np.array(ms[n, 1])
        print(f'{n:11s} without {np.percentile(a, 50):.2f} ms, with {np.percentile(b, 50):.2f} at p50 ({np.percentile(b, 50) / np.percentile(a, 50):.2f}x); '
              f'p95 {np.percentile(a, 95):.2f} -> {np.percentile(b, 95):.2f}')
    print(f'kept: {len(s.get("kept", {}))} terms and prefixes in {s.get("kept_bytes", 0) / 2**20:.1f} MiB (KW_HOT_SHARE {keywords.KW_HOT_SHARE}, KW_HOT_BYTES {keywords.KW_HOT_BYTES / 2**20:.0f} MiB); '
          f'peak RSS {before:.0f} MiB before, {peak_mib():.0f} after')
    if same != 2 * len(qs): sys.exit('the answers differ with kept postings')
    idx.close()

def main():
    if not A.smoke: return measure(A.db)
    with tempfile.TemporaryDirectory(prefix='lt-hot-postings-') as tmp:
        path = Path(tmp)/'smoke.db'
        with Index(path, embedder='hash') as ix:
            ix.add(corpus_files(corpus_dir())[:6])
            assert ix.db.get_store(ix.store).cache_keywords(least=0)
        measure(path)

if __name__ == '__main__': main()
