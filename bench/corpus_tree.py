"""Issue 18, "the collection is a tree too": searching within a folder, measured for exactness and for cost.

Exactness, on the evaluation corpus placed in a folder layout a team might keep (licences filed as a collection,
`manuals/pdf/`, `docs/guides/`, `docs/web/`, `texts/scripture/`, `texts/novels/`): for every query of `03_eval`
(100 passages asked three ways, and the hand-written questions), the folder its answer sits in is searched alone
(`sections(q, within=folder)`), and the same query is asked of the whole corpus with the answer list restricted to
that folder afterwards (100 sections deep, then cut to 10). The filter is exact when both give the answer at the
same rank: the script prints section MRR@10 and R@10 of the two, how many queries agree, and how many answers of
the filtered search fell outside the folder (must be 0).

Cost: CPU per query (process time) of the filtered and the unfiltered search, and of `browse`, on the same run;
with `--scale DB`, on a copy of a database `bench/scale.py` built (e.g. /tmp/litetree_scale/db-100000-seed0/index.db),
its documents filed round-robin into 10 collections, with the queries scale.py saved beside it (scale.py runs this
part itself at every size).

Run from the repository: `python bench/corpus_tree.py [--minilm] [--scale DB]`. `--smoke`: seven small files, 10 passages.
"""
import sys, time, shutil, tempfile, argparse, json, logging
from pathlib import Path
import numpy as np
from litetree.core import database, hash_embed
from litetree.embed import default_embedder
from litetree.eval import corpus_dir, corpus_files, corpus_kinds, make_queries, question_queries, summarise, _ancestors

LAYOUT = {'pdf-outline': 'manuals/pdf', 'pdf-plain': 'manuals/pdf', 'markdown': 'docs/guides', 'html': 'docs/web',
          'verse': 'texts/scripture', 'book': 'texts/novels', 'legal': 'licences'}
SMOKE_FILES = {'Apache-2.0.txt', 'algxpar.pdf', 'btxdoc.pdf', 'kjv-jonah.txt', 'installation.md', 'getting-started.md', 'autopkgtest.html'}

def cpu_ms(fn, reps=1):
    t = time.process_time_ns()
    for _ in range(reps): out = fn()
    return (time.process_time_ns() - t) / reps / 1e6, out

def shelve(files, kinds, root:Path)->Path:
    "Copy the corpus into the layout; licences go in a folder of their own, to be added as a collection."
    for f in files:
        d = root/('licences' if kinds.get(f.name) == 'legal' else 'shared')/LAYOUT.get(kinds.get(f.name), 'misc')
        d.mkdir(parents=True, exist_ok=True); shutil.copy(f, d/f.name)
    return root

def exactness(db, qs, emb):
    places, anc = {p['id']: p for p in db.corpus()}, _ancestors(db)
    rows, leaks, cpu = [], 0, {'unfiltered': [], 'within': [], 'browse top': [], 'browse folder': []}
    for q in qs:
        top = places[q.doc_id]['folder'][:1]
        folder = '/'.join(top) + '/'
        inside = {d for d, p in places.items() if p['folder'][:1] == top}
        e = emb([q.q])[0]
        ok = lambda s: s['node_id'] == q.node_id or s['node_id'] in anc.get(q.node_id, set())
        t_all, deep = cpu_ms(lambda: db.sections(q.q, e, limit=100))
        t_in, filt = cpu_ms(lambda: db.sections(q.q, e, limit=10, within=folder))
        cpu['unfiltered'].append(cpu_ms(lambda: db.sections(q.q, e, limit=10))[0]); cpu['within'].append(t_in)
        restricted = [s for s in deep if s['doc_id'] in inside][:10]
        leaks += sum(s['doc_id'] not in inside for s in filt)
        first = lambda ss: next((i + 1 for i, s in enumerate(ss) if ok(s)), None)
        rows.append(dict(folder=folder, kind=q.kind, within=first(filt), restricted=first(restricted), whole=first(deep[:10])))
    for path in ('', 'manuals/', 'licences/'):
        cpu['browse top' if not path else 'browse folder'].append(cpu_ms(lambda: db.browse(path), 5)[0])
    return rows, leaks, cpu

def report(rows, leaks, cpu):
    print('\n| folder | queries | within: MRR@10 / R@10 | whole corpus, restricted after: MRR@10 / R@10 | same rank | whole corpus unrestricted: MRR@10 |\n|---|---|---|---|---|---|')
    for f in sorted({r['folder'] for r in rows}) + ['all']:
        rs = [r for r in rows if f in ('all', r['folder'])]
        w, x, u = (summarise([r[k] for r in rs]) for k in ('within', 'restricted', 'whole'))
        print(f"| {f} | {len(rs)} | {w['mrr']:.3f} / {w['r10']:.3f} | {x['mrr']:.3f} / {x['r10']:.3f} | {sum(r['within'] == r['restricted'] for r in rs)} "
              f"| {u['mrr']:.3f} |")
    print(f'\nanswers of the filtered search outside its folder: {leaks}')
    print('CPU ms per call, p50 / p95: ' + '; '.join(f'{k} {np.percentile(v, 50):.2f} / {np.percentile(v, 95):.2f}' for k, v in cpu.items()))

def at_scale(src:Path, tmp:Path, shelves:int=10, reps:int=2):
    "Browse and filtered-search cost on a copy of a scale.py database, its documents filed into `shelves` collections."
    dst = tmp/'scale'; dst.mkdir()
    for f in src.parent.glob(src.name + '*'): shutil.copy(f, dst/f.name)
    db = database(dst/src.name)
    t = time.perf_counter()
    for i, p in enumerate(db.doc_places()): db.set_collection(p['id'], f'shelf{i % shelves}')
    print(f"\n{db.counts()['chunks']:,} chunks in {len(db.doc_places())} documents filed into {shelves} collections in {time.perf_counter() - t:.1f} s")
    qs = json.loads((src.parent/'queries.json').read_text())[:200]
    one = next(p['path'] for p in db.corpus() if p['collection'] == 'shelf3')
    for q in qs[:20]: db.doc_search(q, hash_embed, limit=10); db.doc_search(q, hash_embed, limit=10, within='shelf3/')   # warm
    calls = {'doc_search': lambda q, e: db.doc_search(q, e, limit=10),
             'within a collection (1/10)': lambda q, e: db.doc_search(q, e, limit=10, within='shelf3/'),
             'within one document': lambda q, e: db.doc_search(q, e, limit=10, within=one),
             'sections': lambda q, e: db.sections(q, e), 'sections within a collection': lambda q, e: db.sections(q, e, within='shelf3/')}
    t, es = {k: np.zeros(len(qs)) for k in calls}, hash_embed(qs)
    for r in range(reps):   # as bench/scale.py times its columns: a pass over the queries each, in turn, the order reversed every other round
        for k in (list(calls) if r % 2 == 0 else list(calls)[::-1]):
            for j, (q, e) in enumerate(zip(qs, es)): t[k][j] += cpu_ms(lambda: calls[k](q, e))[0] / reps
    b_top, _ = cpu_ms(lambda: db.browse(''), 5); b_one, _ = cpu_ms(lambda: db.browse('shelf3/'), 5)
    print(f'{len(qs)} queries, CPU ms p50 / p95 (mean of {reps} runs each):')
    for k, v in t.items(): print(f'  {k:<32} {np.percentile(v, 50):7.2f} {np.percentile(v, 95):7.2f}')
    print(f"  browse('') {b_top:.1f} ms, browse('shelf3/') {b_one:.1f} ms (mean of 5)")
    db.close(); shutil.rmtree(dst, ignore_errors=True)
    return dict(ms={k: dict(p50=float(np.percentile(v, 50)), p95=float(np.percentile(v, 95))) for k, v in t.items()}, browse_top_ms=b_top, browse_one_ms=b_one)

def main():
    ap = argparse.ArgumentParser(); ap.add_argument('--minilm', action='store_true'); ap.add_argument('--smoke', action='store_true')
    ap.add_argument('--scale', metavar='DB', help='a database bench/scale.py built, copied and filed into collections')
    a = ap.parse_args()
    logging.disable(logging.WARNING)
    C, K = corpus_dir(), corpus_kinds(corpus_dir())
    files = [f for f in corpus_files(C) if not a.smoke or f.name in SMOKE_FILES]
    tmp = Path(tempfile.mkdtemp(prefix='lt-corpus-tree-'))
    try:
        root = shelve(files, K, tmp/'corpus')
        emb = default_embedder() if a.minilm else hash_embed
        db, t = database(), time.perf_counter()
        db.add_dir(root/'licences', emb_fn=emb, quiet=True, collection='licences'); db.add_dir(root/'shared', emb_fn=emb, quiet=True)
        print(f"{len(files)} files, {db.counts()['chunks']:,} chunks, ingested in {time.perf_counter() - t:.0f} s with {getattr(emb, 'id', emb)}")
        top = db.browse('')
        print('top of the corpus tree: ' + ', '.join(f"{f['path']} ({f['documents']} documents, {f['pages']} pages)" for f in top['folders']))
        qs = make_queries(db, 10 if a.smoke else 100, doc_kinds=K) + question_queries(db, C/'questions.jsonl', K)
        report(*exactness(db, qs, emb))
        if a.scale: at_scale(Path(a.scale), tmp)
    finally: shutil.rmtree(tmp, ignore_errors=True)

if __name__ == '__main__': main()
