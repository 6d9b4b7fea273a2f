"""Searches while another process loads: how long does a reader wait for an answer?

A store of `--base` synthetic chunks is made and its graph saved. Then one writer process adds `--files` more
files (`--per-file` chunks each, `hash_embed`), while `--readers` reader processes each hold an `Index` open and
run a vector search every 0.2 s, timing each one (wall clock: waiting is what a reader feels). Before the writer
starts, each reader times the same searches on the idle store: the baseline, in the same process. A reader
connection has `AnnIndex.read_budget` (0.5 s) for catching up with the writer's change log; past it, what is left
is searched exactly.

Prints per reader count of searches, p50 / p95 / max seconds during the load, and the idle p50 beside them.

Run: `python bench/read_during_load.py [--readers 4 --base 20000 --files 60 --per-file 500]`.
`--smoke`: 2 readers, a store of 2,000 chunks and 6 files of 200 more; a few seconds; exits 1 if a search failed.
"""
import argparse, multiprocessing as mp, random, sys, tempfile, time
from pathlib import Path
import numpy as np
from litetree.api import Index
from litetree.core import hash_embed

WORDS = ('river stone lantern harbour meadow copper signal winter orchard glass thunder velvet ledger compass '
         'falcon quarry ember saddle tide mosaic garnet prairie anchor cinder willow beacon marble').split()

def write_files(folder:Path, n:int, per:int, seed:int):
    "`n` markdown files of `per` paragraphs of random words (each paragraph about one chunk)."
    rnd = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        paras = [' '.join(rnd.choice(WORDS) for _ in range(40)) for _ in range(per)]
        (folder/f'f{seed}-{i}.md').write_text(f'# File {i}\n\n' + '\n\n'.join(paras))

def timed_searches(ix, until, queries):
    out = []
    while time.monotonic() < until:
        q = random.choice(queries)
        t = time.perf_counter(); ix.search(q, limit=5); out.append(time.perf_counter() - t)
        time.sleep(0.2)
    return out

def reader(db, go, stop, queries, res):
    try:
        with Index(db, embedder=hash_embed) as ix:
            idle = timed_searches(ix, time.monotonic() + 3, queries)
            go.wait()
            busy = []
            while not stop.is_set(): busy += timed_searches(ix, time.monotonic() + 1, queries)
        res.put((idle, busy, None))
    except Exception as e: res.put(([], [], f'{type(e).__name__}: {e}'))

def writer(db, folder):
    with Index(db, embedder=hash_embed) as ix: ix.add(folder)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--readers', type=int, default=4); ap.add_argument('--base', type=int, default=20_000)
    ap.add_argument('--files', type=int, default=60); ap.add_argument('--per-file', type=int, default=500)
    ap.add_argument('--smoke', action='store_true')
    a = ap.parse_args()
    if a.smoke: a.readers, a.base, a.files, a.per_file = 2, 2_000, 6, 200
    with tempfile.TemporaryDirectory() as d:
        d, db = Path(d), Path(d)/'index.db'
        write_files(d/'base', max(1, a.base // 500), min(500, a.base), 0)
        write_files(d/'more', a.files, a.per_file, 1)
        t = time.perf_counter()
        with Index(db, embedder=hash_embed) as ix: ix.add(d/'base')
        print(f'base store: {time.perf_counter() - t:.1f} s', flush=True)
        queries = [' '.join(random.Random(i).choice(WORDS) for _ in range(4)) for i in range(50)]
        ctx = mp.get_context('spawn')
        go, stop, res = ctx.Event(), ctx.Event(), ctx.Queue()
        rs = [ctx.Process(target=reader, args=(str(db), go, stop, queries, res)) for _ in range(a.readers)]
        for p in rs: p.start()
        time.sleep(5)   # the readers open, warm up and time the idle store
        go.set(); t = time.perf_counter()
        w = ctx.Process(target=writer, args=(str(db), str(d/'more'))); w.start(); w.join()
        print(f'writer: {time.perf_counter() - t:.1f} s for {a.files * a.per_file:,} chunks (rc {w.exitcode})', flush=True)
        stop.set()
        got = [res.get(timeout=600) for _ in rs]
        for p in rs: p.join()
    failed = [e for *_, e in got if e]
    print(f'{"reader":>6} {"searches":>8} {"p50 s":>7} {"p95 s":>7} {"max s":>7} {"idle p50 s":>10}')
    for i, (idle, busy, err) in enumerate(got):
        if err: print(f'{i:>6} failed: {err}'); continue
        b = np.array(busy or [np.nan])
        print(f'{i:>6} {len(busy):>8} {np.percentile(b, 50):>7.3f} {np.percentile(b, 95):>7.3f} {b.max():>7.3f} {np.median(idle):>10.4f}')
    if failed or w.exitcode: sys.exit(1)

if __name__ == '__main__': main()
