"""Issue 17: what usearch's build and search parameters trade, measured on a store's own vectors.

litetree builds its HNSW graph with usearch's defaults for `connectivity` (16) and `expansion_add` (128) and searches
it with `GRAPH_EF` (128) candidates. An int8 store's graph holds the store's own bytes, so its distances are exact; a
float store's graph holds usearch's int8 cast, and its answer is re-scored from the vectors SQLite keeps. A cheaper
build is the one big cut left in a load's CPU (the graph is about two thirds of it at 100,000 chunks); this prints
what it costs in recall, in query time and in the file's size.

For each `connectivity` (M) and `expansion_add` (efC) asked for, an int8 graph of every vector in the store is built
as litetree builds one, in this process with `--threads` threads (its build CPU printed; saved beside the database,
so a second run only searches). Then, for each `expansion_search` (efS), one query at a time as a hybrid search
asks: the search's CPU per query at k = 10 and 50, and recall@k against comparing the query with every stored
vector, once the graph's k answers are put in the order of their exact distances (as litetree's vector leg does).
Queries: 3-9 consecutive words of seeded random stored chunks, embedded by the store's own embedder.

Run on a database `bench/scale.py` made (hashed vectors: the hardest case for a graph, nearly uniform on the sphere):
`python bench/graph_params.py /tmp/litetree_scale/db-100000-seed0/index.db [--add 128,64] [--search 128,192,256] [--connectivity 16,12]`.
`--smoke`: a store of six of the corpus's files, hashed, made in a temporary folder; a small grid; a few seconds.
"""
import argparse, random, re, sys, tempfile, time
from pathlib import Path
import numpy as np
from usearch.index import Index
from litetree.core import database, to_vector
from litetree.ann import _vectors, _cosine_dist
from litetree.eval import store_embedder

ap = argparse.ArgumentParser()
ap.add_argument('db', nargs='?'); ap.add_argument('--store', default='store'); ap.add_argument('--smoke', action='store_true')
ap.add_argument('--add', default='128,64', help='expansion_add values to build with')
ap.add_argument('--search', default='128,192,256', help='expansion_search values to search with')
ap.add_argument('--connectivity', default='16', help="connectivity values to build with (usearch's default, litetree's, is 16)")
ap.add_argument('--queries', type=int, default=300); ap.add_argument('--threads', type=int, default=1); ap.add_argument('--seed', type=int, default=2)
A = ap.parse_args()
if A.smoke: A.add, A.search, A.queries, A.connectivity = '16', '16,32', 20, '16,8'
elif not A.db: sys.exit('graph_params.py: name a database (bench/scale.py makes them), or run --smoke')

def phrases(db, n, seed):
    "`n` runs of 3-9 consecutive words from seeded random chunks."
    rng, ids = random.Random(seed), [r[0] for r in db.execute(f'SELECT id FROM "{A.store}"')]
    out = []
    for i in rng.sample(ids, min(n, len(ids))):
        ws = re.findall(r'\w+', db.execute(f'SELECT content FROM "{A.store}" WHERE id=?', (i,)).fetchone()[0])
        if ws: at = rng.randrange(max(1, len(ws) - 8)); out.append(' '.join(ws[at:at + rng.randint(3, 9)]))
    return out

def graph(ids, vecs, efc, path, m=16):
    "An int8 graph as litetree builds one (but `expansion_add` and `connectivity`), loaded from `path` when a run before saved it."
    ix = Index(ndim=vecs.shape[1], metric='cos', dtype='i8', connectivity=m, expansion_add=efc)
    if path.exists(): ix.load(str(path)); return ix, None
    t = time.process_time(); ix.add(ids, vecs, threads=A.threads); cpu = time.process_time() - t
    ix.save(str(path))
    return ix, cpu

def smoke_store(folder:Path)->str:
    "A store of six of the corpus's files, hashed (`--smoke`)."
    from litetree.api import Index
    from litetree.eval import corpus_dir, corpus_files
    path = folder/'smoke.db'
    with Index(path, embedder='hash') as ix: ix.add(corpus_files(corpus_dir())[:6])
    return str(path)

def main():
    if A.smoke:
        with tempfile.TemporaryDirectory(prefix='lt-graph-params-') as tmp: A.db = smoke_store(Path(tmp)); return measure()
    measure()

def measure():
    db = database(A.db, readonly=True)
    dtype = db.store_meta(A.store)['dtype']
    ids, stored = _vectors(db, f'SELECT id, embedding FROM "{A.store}" WHERE embedding IS NOT NULL ORDER BY id', (), dtype)
    vecs = stored.astype(np.float32)
    qs = phrases(db, A.queries, A.seed)
    qv = np.asarray(store_embedder(db, A.store)(qs), np.float32)
    # an int8 store's graph holds its own bytes, and a query is scaled as the store scales it; a float store's graph
    # gets usearch's cast of the float vectors, as litetree's does
    into, asked = (stored, np.stack([to_vector(q, dtype) for q in qv])) if dtype == 'int8' else (vecs, qv)
    exact = [ids[np.argsort(_cosine_dist(q, vecs), kind='stable')[:50]] for q in qv]
    print(f'{len(ids):,} vectors of {vecs.shape[1]} dimensions, {len(qs)} queries; build threads {A.threads}')
    print('| M | efC | efS | build CPU s (us a vector) | file MiB | k=10 ms | recall@10 | k=50 ms | recall@50 |\n|---|---|---|---|---|---|---|---|---|')
    for conn, efc in [(c, e) for c in map(int, A.connectivity.split(',')) for e in map(int, A.add.split(','))]:
        saved = Path(A.db).with_suffix(f'.{dtype}.m{conn}.efc{efc}.usearch')
        ix, cpu = graph(ids, into, efc, saved, conn)
        built = f'{cpu:.1f} ({cpu / len(ids) * 1e6:.0f})' if cpu is not None else '(saved before)'
        for efs in map(int, A.search.split(',')):
            ix.expansion_search, row = efs, []
            for k in (10, 50):
                t = time.process_time(); found = [ix.search(q, k) for q in asked]; ms = (time.process_time() - t) / len(qv) * 1e3
                rec = []
                for q, m, want in zip(qv, found, exact):
                    got = np.asarray(m.keys, np.int64); at = np.searchsorted(ids, got)   # ids are sorted (ORDER BY id)
                    d = _cosine_dist(q, vecs[at])
                    rec.append(len(set(got[np.argsort(d, kind='stable')[:k]].tolist()) & set(want[:k].tolist())) / k)
                row += [f'{ms:.2f}', f'{np.mean(rec):.3f}']
            print(f'| {conn} | {efc} | {efs} | {built} | {saved.stat().st_size / 2**20:.1f} | ' + ' | '.join(row) + ' |', flush=True)

if __name__ == '__main__': main()
