"""Issue 17, "fast at a million chunks": ingest speed, disk, query CPU against a floor, and a reader's memory, by size.

Corpus: the sentences and headings of the repository's `eval_corpus/` documents (read with litetree's own parsers, PDFs
included) recombined with a seeded numpy RNG into markdown files of 200-400 chunks each (`# title`, sections `## heading n.m`
of 1-6 paragraphs, each 250-380 characters made of runs of 1-2 consecutive real sentences from random places).
Same seed, same files. The vocabulary stays that of ~1 MB of text, so at large sizes posting lists are longer than
in a real corpus of that size: keyword costs here are on the pessimistic side.

Per size: `Index(path, embedder=hash).add(folder)` then the rest of the HNSW build, timed apart as the explicit
`sync()` + `save()` of the store's `AnnIndex` right after the load (from `AnnIndex.ahead_from` waiting changes on,
`add_dir` has a builder process grow the graph while it parses; the sync waits for what is left, with every core),
then `close()`. Wall, this process's CPU, and the machine's busy CPU over the ingest (the builder is a forkserver's
child, which only the machine's figure sees; run it on an otherwise idle machine); `--ahead-from 1e12` loads without
a builder, as before it. The embedder is hash_embed wrapped to time itself, so "embed" is the hashing's share. Disk: database + WAL + HNSW file
over the bytes of chunk text, with `dbstat` per table.

Queries (deterministic): eval questions (`eval_corpus/questions.jsonl`) and phrases from stored chunks: 3-6 words
verbatim, 6-9 words with one dropped, and the same with a typo too (strict AND finds nothing: the widened OR runs).
Each is run once untimed, then timed in process CPU: one pass over the queries for each column, the columns in turn,
their order reversed every other round, `--repeats` rounds (a query's figure is its mean). So every call follows another
query's call of the same kind, as a user's queries follow one another, and neither a column's place in the round
nor a burst of load from other processes falls on one column only. (Timing the columns one after the other for
each query, each twice in a row, charged the first of them for the cache misses the previous query's other columns
left, and let the others find pages the same query had just read: with doc_search timed first it read 1.43x the
floor at 100,000 chunks; with sections first, sections read 1.62x and doc_search 0.93x, on the same store, minutes
apart, in a copy of this script with the two columns swapped.) The connection is warm, as a long-running process's
is: the untimed pass has filled SQLite's page cache, which serves every column, and the library's own per-connection
caches, which serve the searches only (the decoded postings of frequent terms, the documents' titles). A reader's
first query on a fresh connection is timed apart (open-to-first-answer).
  doc_search  `Index.search(q, limit=10)` (db.doc_search: hybrid, spans merged), query hashing included
  sections    `Index.sections(q)` (5 sections from 40 chunk hits)
  floor       what no hybrid search can avoid: a raw strict FTS5 top-50 (`fts_query(q)`, bm25 order) plus a raw usearch
              top-50 on the store's own graph; the MATCH string and the query vector are made outside the timing
  strict      the floor's strict FTS5 top-50 alone
  widened     the widened FTS5 top-50 alone (`fts_query(q, widen=True)`): what a query whose strict form finds too few pays
  widened_cache  the same top-50 ranked from the keyword cache (what search() runs instead once the cache is written)
  strict_cache   the floor's strict top-50 ranked from the keyword cache (what search()'s strict pass runs once it is written)
  doc_search_fresh, floor_fresh   doc_search and the floor again, once each, on fresh connections (`fresh_pass`)
Vector recall@10 and @60: the store's vector leg (graph search, re-scored from SQLite when the graph keeps int8)
against comparing with every stored vector, on 50 of the query vectors.
The reader is a fresh process that imports litetree, opens `Index(path, readonly=True)` and answers the first query
(open-to-first-answer includes loading the HNSW file), then runs every query; a second reader answers the first query
only (the same open, caches warm). Memory is VmRSS/VmHWM from /proc (ru_maxrss of an exec'd child can carry its
parent's peak), and at the end its parts: private memory (RssAnon) and pages of files it maps (RssFile: the
memory-mapped HNSW file, which usearch's first search on a viewed graph maps in wholesale; they are the kernel's page
cache, shared and reclaimable, not the process's own). "system" figures are kernel CPU (page faults, file reads), which this VM's memory makes noisy.

`--mmap BYTES`: the query phase and the reader read the database through a memory map of that many bytes (SQLite's
`mmap_size`; litetree opens files without one). A query then copies no page out of the kernel's cache, but every page
it touches counts in the reader's RSS as a mapped file page.

Run: `python bench/scale.py [--sizes 10000,100000,1000000] [--json FILE] [--dir /tmp/litetree_scale] [--reuse]`.
Corpora and databases stay in --dir for reuse (`--reuse` skips ingest when the database exists).
`--smoke`: 2,000 chunks, 30 queries, a few seconds, a keyword cache written after the load although the store is
under `KW_CACHE_MIN`, so that its columns run too; exits 1 if any figure is missing or the cache ranks any query
unlike FTS5.
"""
import argparse, json, math, os, re, resource, shutil, subprocess, sys, tempfile, time
from pathlib import Path
import numpy as np, apsw, usearch
import litetree
from litetree.api import Index
from litetree.core import hash_embed, fts_query, DECLARABLE
from litetree.keywords import _cached_ids
from litetree.ann import AnnIndex
from litetree.profiles import parse
from litetree.eval import corpus_dir, corpus_files
from corpus_tree import at_scale   # bench/corpus_tree.py: the corpus tree's costs on the same database

ap = argparse.ArgumentParser()
ap.add_argument('--sizes', default='10000,100000'); ap.add_argument('--queries', type=int, default=300)
ap.add_argument('--seed', type=int, default=0); ap.add_argument('--repeats', type=int, default=2)
ap.add_argument('--dir', default='/tmp/litetree_scale'); ap.add_argument('--json'); ap.add_argument('--reuse', action='store_true')
ap.add_argument('--smoke', action='store_true'); ap.add_argument('--mmap', type=int, default=0)
ap.add_argument('--ahead-from', type=float, help="AnnIndex.ahead_from for the loads (1e12: no builder process, the graph built at the end as before it)")
A = ap.parse_args()
SIZES, Q = ([2_000], 30) if A.smoke else ([int(s) for s in A.sizes.split(',')], A.queries)
ROOT = Path(A.dir)/('smoke' if A.smoke else '')
MiB = 2**20

def text_pool(C):
    "Sentences (20-300 characters) and heading texts (3-60) of the corpus documents, as litetree's parsers read them."
    sents, heads = [], set()
    for f in corpus_files(C):
        try: text = parse(f).text
        except Exception as e: print(f'  (skipping {f.name}: {e})'); continue
        for para in re.split(r'\n\s*\n', text):
            lines = [l.strip() for l in para.splitlines() if l.strip()]
            if lines and lines[0].startswith('#'): heads.add(lines.pop(0).lstrip('#').strip())
            body = ' '.join(l for l in lines if not l.startswith(('|', '```', '#')))
            sents += [s for s in re.split(r'(?<=[.!?;])\s+', body) if 20 <= len(s) <= 300]
    return sents, sorted(h for h in heads if 3 <= len(h) <= 60)

def body(rng, sents):
    "250-380 characters of runs of 1-2 consecutive sentences from random places: one chunk (CHUNK_SIZE 384)."
    target, out = int(rng.integers(250, 381)), ''
    while len(out) < target:
        i = int(rng.integers(len(sents) - 1))
        for s in sents[i:i + int(rng.integers(1, 3))]:
            if out and len(out) + len(s) + 1 > 380: return out
            out = f'{out} {s}' if out else s
    return out

def make_corpus(folder, n, pool, seed):
    "Markdown files of 200-400 chunks in sections of 1-6 paragraphs (a chunk each), ~n in all; reused when made with the same key."
    key = f'{n} {seed} {len(pool[0])} {len(pool[1])} sections of 1-6'
    if (folder/'.complete').exists() and (folder/'.complete').read_text() == key: return
    shutil.rmtree(folder, ignore_errors=True); folder.mkdir(parents=True)
    rng, (sents, heads), made, d = np.random.default_rng(seed), pool, 0, 0
    head = lambda: heads[int(rng.integers(len(heads)))]
    while made < n:
        k, out, s = min(int(rng.integers(200, 401)), n - made), [f'# {head()} {d}', ''], 0
        while k > 0:
            m = min(int(rng.integers(1, 7)), k)
            out += [f'## {head()} {d}.{s}', ''] + [x for _ in range(m) for x in (body(rng, sents), '')]
            k, made, s = k - m, made + m, s + 1
        (folder/f'doc{d:05d}.md').write_text('\n'.join(out)); d += 1
    (folder/'.complete').write_text(key)

class TimedHash:
    "hash_embed under its own id and declarations (a reader reopens it as 'hash'), adding up its own time."
    id, wall, cpu = hash_embed.id, 0.0, 0.0
    def __call__(self, texts, **kw):
        w, c = time.perf_counter(), time.process_time(); out = hash_embed(texts)
        self.wall += time.perf_counter() - w; self.cpu += time.process_time() - c
        return out
for k in DECLARABLE:
    if getattr(hash_embed, k, None) is not None: setattr(TimedHash, k, getattr(hash_embed, k))

def machine_cpu()->float:
    "CPU seconds the whole machine has spent busy (user, system, ...: all but idle and iowait), from /proc/stat."
    try: f = [int(x) for x in Path('/proc/stat').read_text().split('\n', 1)[0].split()[1:]]
    except (OSError, ValueError): return float('nan')
    return (sum(f[:8]) - f[3] - f[4]) / os.sysconf('SC_CLK_TCK')

def clocks():
    """Wall, CPU of this process, its system CPU, and the machine's busy CPU: the HNSW builder `add_dir` starts is a
    forkserver's child, not this process's, so only the machine's figure counts it (the machine otherwise idle)."""
    return time.perf_counter(), time.process_time(), resource.getrusage(resource.RUSAGE_SELF).ru_stime, machine_cpu()

def ingest(path, folder):
    emb, t0 = TimedHash(), clocks()
    idx = Index(path, embedder=emb); res = idx.add(folder); t1 = clocks()
    if bad := [r for r in res if 'error' in r]: sys.exit(f'ingest failed: {bad[:3]}')
    ix = idx.db._stores[idx.store]['index']; ix.sync(); ix.save(); t2 = clocks()   # the HNSW build (save: no-op if sync saved)
    idx.close(); t3 = clocks()
    return dict(wall=t3[0] - t0[0], cpu=t3[1] - t0[1], machine_cpu=t3[3] - t0[3], add_wall=t1[0] - t0[0], hnsw_wall=t2[0] - t1[0], hnsw_cpu=t2[1] - t1[1],
                hnsw_sys=t2[2] - t1[2], sys=t3[2] - t0[2], close_wall=t3[0] - t2[0], embed_wall=emb.wall, embed_cpu=emb.cpu)

def disk(path):
    "Files beside the database, chunk text bytes, and dbstat bytes grouped as store table / FTS5 / log / tree and other."
    files = {p.name[len(path.name):] or '.db': p.stat().st_size for p in path.parent.glob(path.name + '*') if p.is_file() and not p.name.endswith(('-shm', '.tmp'))}
    c = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READONLY)
    n, text, head, vec = c.execute('SELECT count(*), sum(length(CAST(content AS BLOB))), sum(length(CAST(heading AS BLOB))), '
                                   'sum(length(embedding)) FROM store').fetchone()
    groups = {}
    try:
        for name, size in c.execute('SELECT name, sum(pgsize) FROM dbstat GROUP BY name'):
            g = ('FTS5' if name.startswith('store_fts') else 'keyword cache' if name == 'store_kw' else 'vector log' if name.startswith('store_vlog') else 'store table'
                 if name == 'store' else 'store indexes' if name.startswith('store_') else 'nodes+docs' if 'nodes' in name or 'docs' in name else 'other')
            groups[g] = groups.get(g, 0) + size
    except apsw.SQLError: groups = {'dbstat unavailable': 0}
    summ = c.execute('SELECT sum(length(CAST(summary AS BLOB))) FROM nodes').fetchone()[0] or 0
    c.close()
    return dict(chunks=n, text_bytes=text, heading_bytes=head or 0, vector_bytes=vec or 0, summary_bytes=summ, files=files, tables=groups,
                ratio=sum(files.values()) / text)

def make_queries(path, n, seed, C):
    "n queries: eval questions (60%), then chunk phrases: verbatim, one word dropped, dropped + typo (strict finds nothing)."
    rng = np.random.default_rng(seed + 1)
    qs = [json.loads(l)['question'] for l in (C/'questions.jsonl').read_text().splitlines() if l.strip()]
    out = [qs[i] for i in sorted(rng.choice(len(qs), min(len(qs), n * 6 // 10), replace=False))]
    c = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READONLY)
    ids = [r[0] for r in c.execute('SELECT id FROM store')]
    for j in range(n - len(out)):
        ws = []
        while len(ws) < 12: ws = re.findall(r'\w+', c.execute('SELECT content FROM store WHERE id=?', (int(rng.choice(ids)),)).fetchone()[0])
        kind, k = j % 3, int(rng.integers(3, 7)) if j % 3 == 0 else int(rng.integers(6, 10))
        i = int(rng.integers(len(ws) - k)); p = ws[i:i + k]
        if kind: p.pop(int(rng.integers(1, len(p))))
        if kind == 2:
            L = max(range(len(p)), key=lambda x: len(p[x])); w = p[L]; p[L] = w[:2] + w[3] + w[2] + w[4:] if len(w) > 4 else w + 'x'
        out.append(' '.join(p))
    c.close()
    return out

def cpu_ms(fn, reps):
    t = time.process_time_ns()
    for _ in range(reps): fn()
    return (time.process_time_ns() - t) / reps / 1e6

def smoke_cache(path):
    "The smoke run's store is too small for the keyword cache a load writes (`KW_CACHE_MIN`): write one, so its columns run too."
    idx = Index(path); ok = idx.db.get_store(idx.store).cache_keywords(least=1_000); idx.close()
    if not ok: sys.exit('smoke: the keyword cache was not written')

def in_turn(calls:dict, round:int)->list:
    "The columns in the order round `round` times them: as listed, then reversed, by turns."
    return list(calls) if round % 2 == 0 else list(calls)[::-1]

def run_queries(path, qs, reps):
    idx = Index(path)
    if A.mmap: idx.db.conn.execute(f'PRAGMA mmap_size={A.mmap}').fetchall()
    F, st = f'"{idx.store}_fts"', idx.db.get_store(idx.store)
    cfg = idx.db.conn.execute(f'SELECT v FROM "{idx.store}_fts_config" WHERE k=?', ('rank',)).fetchone()
    R = f"bm25({F}, {cfg[0][5:-1]})" if cfg and cfg[0].startswith('bm25(') else 'rank'   # the same order as `rank`, cheaper
    sql = f'SELECT rowid, {R} AS r FROM {F} WHERE {F} MATCH ? ORDER BY r LIMIT ?'
    fts = lambda m, k=50: idx.db.conn.execute(sql, (m, k)).fetchall() if m else []
    for q in qs: idx.search(q, limit=10); idx.sections(q)   # warm-up; the first also loads the HNSW file
    ann = idx.db._stores[idx.store]['index'].index
    vecs, strict, wide = hash_embed(qs), [fts_query(q) for q in qs], [fts_query(q, widen=True) for q in qs]
    for m, v, w in zip(strict, vecs, wide): fts(m); ann.search(v, 50); fts(w)
    st = idx.db.get_store(idx.store)
    cached = lambda q: _cached_ids(st, q, 50)   # the keyword cache's widened top-50 (None without a fresh cache)
    cached_strict = lambda q: _cached_ids(st, q, 50, widen=False)
    calls = {'doc_search': lambda q, m, v, w: idx.search(q, limit=10), 'sections': lambda q, m, v, w: idx.sections(q),
             'floor': lambda q, m, v, w: (fts(m), ann.search(v, 50)), 'strict': lambda q, m, v, w: fts(m),
             'widened': lambda q, m, v, w: fts(w)}
    if cached(qs[0]) is not None: calls.update(widened_cache=lambda q, m, v, w: cached(q), strict_cache=lambda q, m, v, w: cached_strict(q))
    t = {k: np.zeros(len(qs)) for k in calls}
    for r in range(reps):   # a pass over the queries per column, columns in turn: each call follows another query's
        for k in in_turn(calls, r):
            for j, args in enumerate(zip(qs, strict, vecs, wide)): t[k][j] += cpu_ms(lambda: calls[k](*args), 1) / reps
    cold = fresh_pass(path, qs, strict, vecs, ann, sql)
    found = [len(fts(m, 120)) for m in strict]
    ranked = lambda hits: [i for i, b in sorted(hits, key=lambda h: (float(f'{h[1]:.9g}'), h[0]))]   # ties (to nine digits) by id
    same = lambda got, want: got is None or ranked(got) == ranked(want)   # None: the cache declined (a quoted phrase), FTS5 answers
    differ = {} if 'strict_cache' not in t else {   # queries whose top 50 from the keyword cache is not FTS5's, in order
        'strict': sum(not same(cached_strict(q), fts(m)) for q, m in zip(qs, strict)),
        'widened': sum(not same(cached(q), fts(w)) for q, w in zip(qs, wide))}
    recall = vector_recall(idx, vecs[:50])
    # the strict form is topped up with the widened one when it finds fewer than the hits search() wants (doc_search
    # asks it for 20, sections() for 40) times WIDEN_BELOW; before WIDEN_BELOW, fewer than each leg's candidates (x3)
    below = getattr(litetree.core, 'WIDEN_BELOW', 3)
    idx.close()
    pct = {k: dict(p50=float(np.percentile(v, 50)), p95=float(np.percentile(v, 95))) for k, v in (t | cold).items()}
    for k, f in (('doc_search', 'floor'), ('sections', 'floor'), ('doc_search_fresh', 'floor_fresh')):
        pct[k].update({f'x_floor_{p}': pct[k][p] / pct[f][p] for p in ('p50', 'p95')})
    return dict(ms=pct, vector_recall=recall, graph=idx.db._stores[idx.store]['index'].index.dtype.name, widened_doc_search=sum(f < 20 * below for f in found), widened_sections=sum(f < 40 * below for f in found),
                strict_empty=sum(f == 0 for f in found), n=len(qs), widen_below=below, cache_differs=differ)

def fresh_pass(path, qs, strict, vecs, ann, sql):
    """doc_search and the floor on fresh connections, one pass over the queries but the first, nothing warmed: what a
    process pays that opens the index for a few queries, before the library's per-connection caches (the decoded
    postings of frequent terms) and SQLite's page cache fill. doc_search's first query opens the graph and reads the
    documents' titles (open-to-first-answer measures it); the floor's graph is the warm connection's, as a graph keeps
    nothing per connection but the kernel's pages, which every process shares."""
    idx = Index(path); idx.search(qs[0], limit=10)
    ds = [cpu_ms(lambda: idx.search(q, limit=10), 1) for q in qs[1:]]; idx.close()
    idx = Index(path); conn = idx.db.conn   # opened as a search opens it, its page cache empty
    fl = [cpu_ms(lambda: (conn.execute(sql, (m, 50)).fetchall() if m else [], ann.search(v, 50)), 1) for m, v in zip(strict[1:], vecs[1:])]
    idx.close()
    return dict(doc_search_fresh=np.array(ds), floor_fresh=np.array(fl))

def vector_recall(idx, vecs, ks=(10, 60)):
    """The vector leg's recall@k against comparing with every stored vector, for k = 10 and 60 (what hybrid search asks
    for): how much the graph (and its int8 copy) loses."""
    st, out = idx.db.get_store(idx.store), {k: [] for k in ks}
    for v in vecs:
        exact = st._exact(v, max(ks))[0].tolist()
        for k in ks: out[k].append(len(set(st._nearest(v, k)[0].tolist()) & set(exact[:k])) / k)
    return {k: float(np.mean(r)) for k, r in out.items()}

READER = r'''
import sys, time, json, re, resource
t0 = time.perf_counter()
import litetree
from litetree.api import Index
import usearch.index
t1, viewed, _view = time.perf_counter(), [], usearch.index.Index.view
def timed_view(self, *a, **k):   # the graph's view of its file, timed apart
    t = time.perf_counter(); out = _view(self, *a, **k); viewed.append(time.perf_counter() - t); return out
usearch.index.Index.view = timed_view
mib = lambda k: int(re.search(k + r':\s+(\d+)', open('/proc/self/status').read())[1]) / 1024
stime = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_stime
rss_import, qs = mib('VmRSS'), json.load(open(sys.argv[2]))
t2, c2, s2 = time.perf_counter(), time.process_time(), stime(); idx = Index(sys.argv[1], readonly=True); rss_open = mib('VmRSS')
if int(sys.argv[4]): idx.db.conn.execute(f'PRAGMA mmap_size={sys.argv[4]}').fetchall()
first = idx.search(qs[0], limit=10); t3, c3, s3 = time.perf_counter(), time.process_time(), stime()
for q in qs[:int(sys.argv[3])]: idx.search(q, limit=10); idx.sections(q)
print(json.dumps(dict(import_s=t1 - t0, open_first_s=t3 - t2, open_first_cpu_s=c3 - c2, open_first_sys_s=s3 - s2, view_s=sum(viewed), rss_import=rss_import, rss_open=rss_open, rss_end=mib('VmRSS'),
                      peak=mib('VmHWM'), anon_end=mib('RssAnon'), file_end=mib('RssFile'), ru_maxrss=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                      hits=len(first), litetree=litetree.__file__)))
'''

def reader(path, qs, n):
    qf = path.parent/'queries.json'; qf.write_text(json.dumps(qs))
    r = subprocess.run([sys.executable, '-c', READER, str(path), str(qf), str(n), str(A.mmap)], capture_output=True, text=True)
    if r.returncode: sys.exit(f'reader failed:\n{r.stderr[-2000:]}')
    return json.loads(r.stdout.strip().splitlines()[-1])

def one_size(n, pool, C):
    folder, path = ROOT/f'corpus-{n}-seed{A.seed}', ROOT/f'db-{n}-seed{A.seed}'/'index.db'
    t = time.perf_counter(); make_corpus(folder, n, pool, A.seed)
    print(f'\n== {n:,} chunks wanted: corpus {folder} ({len(list(folder.glob("*.md")))} files, {time.perf_counter() - t:.1f} s), db {path}')
    r = dict(size=n, corpus=str(folder), db=str(path))
    if not (A.reuse and path.exists()):
        shutil.rmtree(path.parent, ignore_errors=True); path.parent.mkdir(parents=True)
        r['ingest'] = ing = ingest(path, folder)
        if A.smoke: smoke_cache(path)
    r['disk'] = d = disk(path)
    if 'ingest' in r:
        ing['chunks_s'], ing['hnsw_share'], ing['embed_share'] = d['chunks'] / ing['wall'], ing['hnsw_wall'] / ing['wall'], ing['embed_wall'] / ing['wall']
        print(f"stored {d['chunks']:,} chunks ({d['chunks'] / n - 1:+.1%} of wanted); ingest {ing['wall']:.1f} s wall, {ing['cpu']:.1f} s CPU "
              f"= {ing['chunks_s']:,.0f} chunks/s: add {ing['add_wall']:.1f} s (embed {ing['embed_wall']:.1f} s = {ing['embed_share']:.0%}), "
              f"HNSW build left after it {ing['hnsw_wall']:.1f} s wall = {ing['hnsw_share']:.0%}, close {ing['close_wall']:.2f} s; "
              f"the machine's CPU over the whole ingest (the builder process included) {ing.get('machine_cpu', float('nan')):.1f} s")
    print(f"disk {sum(d['files'].values()) / MiB:.1f} MiB = {d['ratio']:.2f}x the {d['text_bytes'] / MiB:.1f} MiB of chunk text; files: "
          + ', '.join(f'{k} {v / MiB:.1f}' for k, v in sorted(d['files'].items())) + '; tables: '
          + ', '.join(f'{k} {v / MiB:.1f}' for k, v in d['tables'].items())
          + f"; of which vectors {d['vector_bytes'] / MiB:.1f}, chunk headings {d['heading_bytes'] / MiB:.1f}, node summaries {d['summary_bytes'] / MiB:.1f} MiB")
    qs = make_queries(path, Q, A.seed, C)
    r['queries'] = qr = run_queries(path, qs, A.repeats)
    print(f"{qr['n']} queries, CPU ms (mean of {A.repeats} runs each)   p50     p95     x floor p50 / p95")
    for k, v in qr['ms'].items():
        x = f"{v['x_floor_p50']:.2f} / {v['x_floor_p95']:.2f}" if 'x_floor_p50' in v else ''
        print(f'  {k:<16}{"":22}{v["p50"]:7.2f} {v["p95"]:7.2f}   {x}' + ('   (one run, a fresh connection)' if k.endswith('_fresh') else ''))
    b = qr['widen_below']
    if qr['cache_differs']: print(f"keyword cache against FTS5, top 50 in order: strict differs in {qr['cache_differs']['strict']} of {qr['n']} queries, widened in {qr['cache_differs']['widened']}")
    print(f"vector leg against exact search (graph {qr['graph']}, 50 queries): " + ', '.join(f'recall@{k} {v:.3f}' for k, v in qr['vector_recall'].items()))
    print(f"strict form found too few, so the widened one ran too: {qr['widened_doc_search']} of {qr['n']} in doc_search (< {20 * b}), "
          f"{qr['widened_sections']} in sections (< {40 * b}); {qr['strict_empty']} found nothing strictly")
    r['reader'] = rd = reader(path, qs, len(qs))
    with tempfile.TemporaryDirectory(prefix='lt-scale-tree-') as tmp: r['corpus_tree'] = at_scale(path, Path(tmp), reps=A.repeats)   # browse and search within, on a copy
    rd['again'] = reader(path, qs, 0)   # a second reader, first answer only: the open with caches warm
    print(f"reader: import {rd['import_s']:.2f} s, open-to-first-answer {rd['open_first_s'] * 1000:.0f} ms wall, {rd['open_first_cpu_s'] * 1000:.0f} ms CPU "
          f"({rd['open_first_sys_s'] * 1000:.0f} system; the graph's view {rd['view_s'] * 1000:.0f} ms of the wall), again in a second reader {rd['again']['open_first_s'] * 1000:.0f} ms; RSS after import "
          f"{rd['rss_import']:.0f} MiB, after open {rd['rss_open']:.0f}, after queries {rd['rss_end']:.0f}, peak {rd['peak']:.0f} MiB "
          f"(HNSW file {d['files'].get('.store.usearch', 0) / MiB:.1f} MiB; at the end {rd.get('anon_end', 0):.0f} private, {rd.get('file_end', 0):.0f} "
          f"mapped file pages; ru_maxrss says {rd['ru_maxrss']:.0f}, the parent's peak included)")
    return r

def summary(rs):
    print('\n| chunks | ingest chunks/s (HNSW share) | doc_search p50/p95 ms | sections p50/p95 | floor p50/p95 | doc_search x floor '
          'p50/p95 | sections x floor p50/p95 | disk / text | reader peak RSS MiB (private at end) | open-to-first-answer ms wall (CPU; again) | vector recall@10 / @60 (graph) |\n|' + '---|' * 11)
    for r in rs:
        i, m, d, rd = r.get('ingest'), r['queries']['ms'], r['disk'], r['reader']
        pp = lambda k: f"{m[k]['p50']:.2f} / {m[k]['p95']:.2f}"
        xx = lambda k: f"{m[k]['x_floor_p50']:.1f} / {m[k]['x_floor_p95']:.1f}"
        ing = f"{i['chunks_s']:,.0f} ({i['hnsw_share']:.0%})" if i else 'reused'
        print(f"| {d['chunks']:,} | {ing} | {pp('doc_search')} | {pp('sections')} | {pp('floor')} | {xx('doc_search')} | {xx('sections')} "
              f"| {d['ratio']:.2f} | {rd['peak']:.0f} ({rd.get('anon_end', 0):.0f}) | {rd['open_first_s'] * 1000:.0f} ({rd['open_first_cpu_s'] * 1000:.0f}; {rd['again']['open_first_s'] * 1000:.0f}) | {' / '.join(f'{v:.3f}' for v in r['queries']['vector_recall'].values())} ({r['queries']['graph']}) |")

def missing(x, at=''):
    "Paths of figures that are None, NaN or infinite."
    if isinstance(x, dict): return [p for k, v in x.items() for p in missing(v, f'{at}.{k}')]
    return [at] if x is None or isinstance(x, float) and not math.isfinite(x) else []

def main():
    print(f'litetree {litetree.__file__}; python {sys.version.split()[0]}, usearch {usearch.__version__}, SQLite {apsw.sqlite_lib_version()}; '
          f'{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}; sizes {SIZES}, {Q} queries, seed {A.seed}')
    if A.ahead_from is not None: AnnIndex.ahead_from = A.ahead_from; print(f'AnnIndex.ahead_from = {A.ahead_from:g}')
    C = corpus_dir(); t = time.perf_counter(); pool = text_pool(C)
    print(f'text pool: {len(pool[0]):,} sentences, {len(pool[1]):,} headings from {C} ({time.perf_counter() - t:.1f} s)')
    rs = [one_size(n, pool, C) for n in SIZES]
    summary(rs)
    if A.json: Path(A.json).write_text(json.dumps(dict(litetree=litetree.__file__, sizes=rs), indent=1)); print(f'figures in {A.json}')
    need = ['ingest', 'disk', 'queries', 'reader']
    bad = [f'{r["size"]}: no {k}' for r in rs for k in need if k not in r] + [f'{r["size"]}{p}' for r in rs for p in missing(r)]
    bad += [f"{r['size']}: no keyword cache column" for r in rs if A.smoke and 'widened_cache' not in r.get('queries', {}).get('ms', {})]
    bad += [f"{r['size']}: the keyword cache's top 50 is not FTS5's in {v} {k} queries" for r in rs for k, v in r.get('queries', {}).get('cache_differs', {}).items() if v]
    if A.smoke and (bad or any(r['reader']['hits'] == 0 for r in rs)): sys.exit(f'missing figures: {bad or "the reader found nothing"}')

if __name__ == '__main__': main()
