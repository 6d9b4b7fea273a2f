"""What fusing a question's legs by their scores costs a search (issue 40): `sections()` CPU per query at a given size,
with `fusion='rank'` (RRF, every query before) and `fusion='score'` (what questions get now), timed in turn in one
process on one store. The corpus is `bench/scale.py`'s (real sentences recombined into markdown files of 200-400
chunks, hashed vectors: the store's costs, not a model's); the queries are the 186 questions of
`eval_corpus/questions.jsonl`. Each query runs once untimed, then `--rounds` rounds time each column over all queries in
process CPU, the columns' order reversed every other round.

Run from the repository: `python bench/question_fusion.py [--size 100000] [--dir FOLDER] [--rounds 5]`; the corpus
and index in `--dir` are reused by a second run of the same size. `--smoke`: 2,000 chunks, one round.
"""
import sys, json, time, argparse, tempfile
from pathlib import Path
import numpy as np
sys.path.insert(0, str(Path(__file__).parent))
from scale import text_pool, make_corpus, ingest, in_turn
from litetree.api import Index
from litetree.core import hash_embed
from litetree.eval import corpus_dir
from litetree.retrieve import SearchOptions

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--size', type=int, default=100_000, help='chunks in the store')
    ap.add_argument('--dir', default=None, help='folder to build (and reuse) the corpus and index in')
    ap.add_argument('--rounds', type=int, default=5)
    ap.add_argument('--smoke', action='store_true', help='2,000 chunks, one round: only checks that it runs')
    a = ap.parse_args()
    if a.smoke: a.size, a.rounds = 2000, 1
    C = corpus_dir(Path(__file__).parent.parent)
    d = Path(a.dir or tempfile.mkdtemp()); d.mkdir(parents=True, exist_ok=True)
    folder, path = d/f'corpus{a.size}', d/f'q{a.size}.db'
    make_corpus(folder, a.size, text_pool(C), seed=0)
    if not path.exists(): print('ingest:', {k: round(v, 1) for k, v in ingest(path, folder).items() if k in ('wall', 'cpu')})
    qs = [json.loads(l)['question'] for l in (C/'questions.jsonl').read_text().splitlines() if l.strip()]
    idx = Index(path, embedder=hash_embed); db = idx.db
    vecs = hash_embed(qs)
    calls = {f: (lambda q, v, f=f: db.sections(q, v, limit=5, opts=SearchOptions(fusion=f))) for f in ('rank', 'score')}
    for q, v in zip(qs, vecs):
        for fn in calls.values(): fn(q, v)   # untimed: caches warm, as a long-running process's are
    ms = {f: [] for f in calls}
    for r in range(a.rounds):
        for f in in_turn(calls, r):
            for q, v in zip(qs, vecs):
                t = time.process_time_ns(); calls[f](q, v); ms[f].append((time.process_time_ns() - t) / 1e6)
    n = db.execute('SELECT count(*) FROM store').fetchone()[0]
    print(f'{n:,} chunks, {len(qs)} questions x {a.rounds} rounds: sections() CPU ms p50 / p95')
    for f, xs in ms.items(): print(f'  fusion={f:5}  {np.percentile(xs, 50):.2f} / {np.percentile(xs, 95):.2f}')
    print(f"  score / rank p50: {np.percentile(ms['score'], 50) / np.percentile(ms['rank'], 50):.2f}")

if __name__ == '__main__': main()
