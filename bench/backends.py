"""SQLite, PostgreSQL + pgvector and Citus side by side, in one run: ingest speed, sections() latency, and the
evaluation's section MRR@10 on each.

1. The eval corpus (eval_corpus/, 27 real documents) is ingested into each backend with `hash_embed`; the evaluation's
   queries (known-item and hand-written questions) are asked of each, and section MRR@10 is printed per query set.
2. The corpus is then copied under new names until the store holds about `--chunks` chunks (default 100,000),
   ingested into each backend, and `sections()` is timed over 200 queries, of the whole store and `within=` one
   document (the same document for a query on every backend); disk and memory are printed beside.

The servers are started on loopback by tools/pg_cluster.sh (a single node, and a Citus coordinator with two
workers, the shard count as `distribute()` chooses it: 16) and stopped at the end; tools/pg_setup.sh must have been
run (as root). Run from the repository: `python bench/backends.py [--chunks 100000]`; `--smoke` runs the same
steps on ~3,000 chunks and 20 queries.
"""
import os, sys, time, shutil, argparse, tempfile, subprocess
from pathlib import Path
import numpy as np
from litetree.core import database, hash_embed
from litetree.eval import corpus_dir, corpus_files, corpus_kinds, make_queries, question_queries, run_queries, table, ingest

ROOT = Path(__file__).resolve().parent.parent
CLUSTER = ROOT/'tools'/'pg_cluster.sh'

def sh(*a): subprocess.run(['bash', str(CLUSTER), *map(str, a)], check=True, capture_output=True, text=True)

def pct(xs, p): return float(np.percentile(np.array(xs) * 1000, p))

def open_db(kind, urls, tag):
    "`(database, store)`: an empty one of this kind for one step of the run."
    if kind == 'sqlite': return database(urls['dir']/f'{tag}.db'), 'store'
    db, store = database(urls[kind]), f'b_{tag}'
    if kind == 'citus': db.distribute(store)   # shards chosen for the cluster's size
    return db, store

def main():
    ap = argparse.ArgumentParser(); ap.add_argument('--chunks', type=int, default=100_000); ap.add_argument('--smoke', action='store_true')
    a = ap.parse_args()
    target, nq = (3_000, 20) if a.smoke else (a.chunks, 200)
    if os.geteuid() != 0 or not (Path('/usr/share/postgresql/15/extension')/'citus.control').exists():
        sys.exit('backends.py needs root and PostgreSQL 15 with pgvector and Citus: run tools/pg_setup.sh first')
    tmp = Path(tempfile.mkdtemp(prefix='lt-bench-')); os.chmod(tmp, 0o755)
    urls = dict(dir=tmp, postgres='postgresql://postgres@127.0.0.1:25452/postgres', citus='postgresql://postgres@127.0.0.1:25460/postgres')
    try:   # ports below the ephemeral range (32768-60999), so no outgoing connection can be holding them
        sh('start-single', tmp/'pg', 25452); sh('start-citus', tmp/'citus', 25460)
        run(a, target, nq, tmp, urls)
    finally:   # a server that started is stopped even when the other did not
        sh('stop', tmp/'pg'); sh('stop', tmp/'citus'); shutil.rmtree(tmp, ignore_errors=True)

def run(a, target, nq, tmp, urls):
    C = corpus_dir(ROOT); K = corpus_kinds(C)
    files = corpus_files(C)
    if a.smoke: files = [f for f in files if f.suffix in ('.md', '.html')][:8]
    base = ingest(files, hash_embed)
    qs = make_queries(base, 20 if a.smoke else 100, doc_kinds=K) + question_queries(base, C/'questions.jsonl', K)
    kinds = ('sqlite', 'postgres', 'citus')
    print(f'{len(files)} corpus files, {base.counts()["chunks"]} chunks, {base.counts()["pages"]} pages; {len(qs)} queries\n')
    print('| backend | ingest pages/s | verbatim | degraded | keyword | question | all (section MRR@10) | top section as SQLite\'s |'
          '\n|---|---|---|---|---|---|---|---|')
    tops = {}
    for k in kinds:
        db, store = open_db(k, urls, 'eval')
        t = time.perf_counter(); db.add_dir(files=files, emb_fn=hash_embed, quiet=True, store=store); secs = time.perf_counter() - t
        res = run_queries(db if store == "store" else _Scoped(db, store), qs, emb=hash_embed)
        tb = table(res, 'kind')
        row = ' | '.join(f"{tb[s]['section']['mrr']:.3f}" if s in tb else '-' for s in ('verbatim', 'degraded', 'keyword', 'question', 'all'))
        tops[k] = [(db.sections(q.q, hash_embed, limit=1, store=store) or [{}])[0].get('node_id') for q in qs]
        same = sum(a == b for a, b in zip(tops[k], tops['sqlite'])) / len(qs)
        print(f"| {k} | {db.counts(store)['pages'] / secs:.0f} | {row} | {same:.1%} |")
        db.close()
    copies = tmp/'copies'; copies.mkdir()
    per = base.counts()['chunks']; n = max(1, round(target / per))
    for i in range(n):
        for f in files: (copies/f'{i:03d}-{f.name}').write_bytes(f.read_bytes())
    print(f'\nat scale: the corpus {n} times over ({n * per:,} chunks, {n * len(files)} files)\n')
    print('| backend | ingest pages/s | chunks/s | sections() p50 / p95 ms | within one document p50 / p95 ms '
          '| disk MB | bytes a chunk | RAM MB |\n|---|---|---|---|---|---|---|---|')
    rng = np.random.default_rng(0)
    probe = [qs[i].q for i in rng.choice(len(qs), nq)]
    for k in kinds:
        base_ram = ram_bytes(k, tmp) if k == 'sqlite' else 0   # what this process held before the index
        db, store = open_db(k, urls, 'scale')
        t = time.perf_counter(); db.add_dir(copies, emb_fn=hash_embed, quiet=True, store=store); secs = time.perf_counter() - t
        c = db.counts(store)
        lat = []
        for q in probe:
            e = hash_embed([q])[0]
            t = time.perf_counter(); db.sections(q, e, limit=5, store=store); lat.append(time.perf_counter() - t)
        paths = [p['path'] for p in db.corpus(store)]   # the same document for each query on every backend
        inside = []
        for q, d in zip(probe, np.random.default_rng(1).integers(len(paths), size=len(probe))):
            e = hash_embed([q])[0]
            t = time.perf_counter(); db.sections(q, e, limit=5, store=store, within=paths[d])
            inside.append(time.perf_counter() - t)
        disk, ram = disk_bytes(db, k, store, urls), ram_bytes(k, tmp) - base_ram
        print(f"| {k} | {c['pages'] / secs:.0f} | {c['chunks'] / secs:.0f} | {pct(lat, 50):.1f} / {pct(lat, 95):.1f} "
              f"| {pct(inside, 50):.1f} / {pct(inside, 95):.1f} | {disk / 2**20:.0f} | {disk / c['chunks']:,.0f} "
              f"| {ram / 2**20:.0f} |")
        db.close()

def disk_bytes(db, kind:str, store:str, urls)->int:
    "What a backend's index takes on disk: the SQLite file and its graph, or the tables and indexes of the store."
    if kind == 'sqlite': return sum(f.stat().st_size for f in urls['dir'].glob('scale.db*'))
    size = 'citus_total_relation_size' if kind == 'citus' else 'pg_total_relation_size'
    tables = [store, store + '_kwp', store + '_kwdoc', store + '_docs', store + '_nodes']
    return sum(db._one(f'SELECT {size}(to_regclass(%s))', (t,)) or 0 for t in tables
               if db._one('SELECT to_regclass(%s) IS NOT NULL', (t,)))

def _kb(path, key:str)->int:
    "A `key: N kB` figure of a /proc file, in bytes (0 when the process is gone)."
    try: return next(int(l.split()[1]) * 1024 for l in Path(path).read_text().splitlines() if l.startswith(key + ':'))
    except (OSError, StopIteration): return 0

def ram_bytes(kind:str, tmp)->int:
    """Memory that serves the queries: this process's resident set for SQLite (it holds the graph and SQLite's
    cache; the caller subtracts what it held before), the proportional set (shared memory counted once) of every
    process of the server's nodes."""
    if kind == 'sqlite': return _kb('/proc/self/status', 'VmRSS')
    nodes = [tmp/'pg'/'single'] if kind == 'postgres' else [tmp/'citus'/n for n in ('coord', 'worker1', 'worker2')]
    heads = {int((n/'postmaster.pid').read_text().split()[0]) for n in nodes}
    def parent(pid):
        try: return int(Path(f'/proc/{pid}/stat').read_text().rsplit(')', 1)[1].split()[1])
        except (OSError, IndexError, ValueError): return None
    pids = [int(p.name) for p in Path('/proc').iterdir() if p.name.isdigit()]
    return sum(_kb(f'/proc/{p}/smaps_rollup', 'Pss') for p in pids if p in heads or parent(p) in heads)

class _Scoped:
    "A database whose tree calls go to one store (the eval helpers use the default store)."
    def __init__(self, db, store): self.db, self.store = db, store
    def doc_search(self, *a, **kw): return self.db.doc_search(*a, store=self.store, **kw)
    def sections(self, *a, **kw): return self.db.sections(*a, store=self.store, **kw)
    def node_rows(self, *a, **kw): return self.db.node_rows(*a, store=self.store, **kw)

if __name__ == '__main__': main()
