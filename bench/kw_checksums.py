"""Issue 39: what proving the keyword cache costs a query (`_proven`, `_all_rows_there` in `00b_keywords`).

Every cache row a query reads has its CRC-32 checked, and the cache's rows are counted whenever the file has changed.
This opens a copy of a store (one `bench/scale.py` made), rewrites its keyword cache in the current format, and runs
`--queries` widened queries through the cache with the checks and without them (`_proven` that trusts every row), by
turns, `--repeats` times, in one process: CPU per query at p50 and p95 for each, the ratio, whether the answers
were the same, and the time to count the cache's rows cold and warm.
`python bench/kw_checksums.py /tmp/litetree_scale/db-100000-seed0/index.db`
`--smoke`: a store of 2,000 chunks of seeded random words, its cache written though it is small; a few seconds.
"""
import argparse, random, re, shutil, sys, tempfile, time
from pathlib import Path
import numpy as np
import litetree.keywords as keywords
from litetree.core import database

ap = argparse.ArgumentParser()
ap.add_argument('db', nargs='?'); ap.add_argument('--queries', type=int, default=300); ap.add_argument('--repeats', type=int, default=4)
ap.add_argument('--smoke', action='store_true')
A = ap.parse_args()
if not (A.db or A.smoke): sys.exit('kw_checksums.py: name a database (bench/scale.py makes them), or run --smoke')
work = Path(tempfile.mkdtemp())/'kw.db'
if A.smoke:
    A.queries, A.repeats, words = 20, 2, [f'w{i}' for i in range(500)]
    r = random.Random(0); database(work).get_store().add([' '.join(r.choice(words) for _ in range(30)) for _ in range(2_000)])
else: shutil.copy(A.db, work)
db = database(work); store = db.get_store()
assert store.cache_keywords(least=0), 'no keyword cache could be written'
rng, ids = random.Random(0), [r[0] for r in db.execute('SELECT id FROM store')]
qs = []
while len(qs) < A.queries:
    ws = re.findall(r'\w+', db.execute('SELECT content FROM store WHERE id=?', (rng.choice(ids),)).fetchone()[0])
    if ws: at = rng.randrange(max(1, len(ws) - 8)); qs.append(' '.join(ws[at:at + rng.randint(3, 9)]))

proven, trusting = keywords._proven, lambda rows: [(d, c) for _, _, d, c in rows]
def run(check:bool)->tuple:
    keywords._proven = proven if check else trusting
    keywords._store(store).pop('kw', None)   # the state loaded afresh: kept postings too
    times, answers = [], []
    for q in qs:
        t = time.process_time(); answers.append(keywords._cached_ids(store, q, 10)); times.append(time.process_time() - t)
    return times, answers
res = {True: [], False: []}
for k in range(A.repeats):
    for check in ((True, False) if k % 2 == 0 else (False, True)):
        times, answers = run(check); res[check] += times
        if check: with_checks = answers
        else: without = answers
keywords._proven = proven
p = lambda xs, q: float(np.percentile(xs, q)) * 1e3
print(f'{len(qs)} widened queries x {A.repeats}: CPU per query p50 {p(res[True], 50):.3f} ms with checks, {p(res[False], 50):.3f} ms without '
      f'(ratio {p(res[True], 50) / p(res[False], 50):.3f}); p95 {p(res[True], 95):.3f} vs {p(res[False], 95):.3f} ms')
print('answers the same:', with_checks == without, '| answered from the cache:', sum(a is not None for a in with_checks), 'of', len(qs))
db.close(); db = database(work); store = db.get_store()
for label in ('cold', 'warm'):
    t = time.perf_counter(); n = keywords._cache_rows(store); print(f'counting the cache rows ({n:,}) {label}: {(time.perf_counter() - t) * 1e3:.2f} ms')
