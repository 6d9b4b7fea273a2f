"""Loads killed again and again: does each run keep progress the next one builds on?

A folder of `--files` markdown files (`--sections` sections each) is loaded with `hash_embed` by a fresh process that
is killed with SIGKILL `--after` seconds in, `--runs` times; then one load runs to its end. After each run this
prints the documents kept, how far the saved graph file holds the vector change log, the entries the log still
has, and where it ends. Before issue 39's fix the log was never trimmed and no graph was saved until a load ended,
so every run fed the whole log to a new builder process and lost it with the next kill.

Run: `python bench/killed_loads.py [--files 1500 --sections 40 --after 5 --runs 8]`.
`--smoke`: 40 files of 12 sections, 3 runs killed after 2 s; exits 1 unless the last load passes `check`.
"""
import argparse, random, signal, subprocess, sys, tempfile, time
from pathlib import Path
from litetree.core import database
from litetree.ann import AnnIndex

WORDS = 'orbit ring moon ice rock storm cloud axis tide pole crater dust plume vent basin ridge'.split()

def folder(d:Path, n:int, sections:int)->Path:
    rnd = random.Random(0); d.mkdir(parents=True)
    for i in range(n):
        body = '\n\n'.join(f'## Part {j}\n\n' + ' '.join(rnd.choice(WORDS) for _ in range(60)) + f' marker{i}x{j}' for j in range(sections))
        (d/f'doc{i:04}.md').write_text(f'# Document {i}\n\n{body}\n')
    return d

def state(db_path:Path)->dict:
    if not db_path.exists(): return dict(docs=0, saved=0, logged=0, end=0)
    with database(db_path) as db:
        if 'nbytes' not in db.store_meta('store'): return dict(docs=0, saved=0, logged=0, end=0)
        ann = AnnIndex(db, 'store', clean=False)
        return dict(docs=db.execute('SELECT count(*) FROM docs').fetchone()[0], saved=ann._saved_mark(bytes.fromhex(db.store_meta('store')['generation'])),
                    logged=db.execute('SELECT count(*) FROM store_vlog').fetchone()[0], end=ann._log_end())

LOAD = ('import sys; from litetree.core import database, hash_embed\n'
        'with database(sys.argv[1]) as db: db.add_dir(sys.argv[2], emb_fn=hash_embed, quiet=True)')

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--files', type=int, default=1500); ap.add_argument('--sections', type=int, default=40)
    ap.add_argument('--after', type=float, default=5.0); ap.add_argument('--runs', type=int, default=8)
    ap.add_argument('--smoke', action='store_true')
    a = ap.parse_args()
    if a.smoke: a.files, a.sections, a.after, a.runs = 40, 12, 2.0, 3
    with tempfile.TemporaryDirectory() as d:
        docs, db = folder(Path(d)/'docs', a.files, a.sections), Path(d)/'k.db'
        print(f'{"run":>4} {"seconds":>7} {"docs":>6} {"saved":>8} {"logged":>8} {"log end":>8}')
        for run in range(a.runs + 1):
            p, t = subprocess.Popen([sys.executable, '-c', LOAD, str(db), str(docs)]), time.monotonic()
            try: p.wait(None if run == a.runs else a.after)
            except subprocess.TimeoutExpired: p.send_signal(signal.SIGKILL); p.wait()
            s = state(db)
            print(f'{run + 1 if run < a.runs else "end":>4} {time.monotonic() - t:>7.1f} {s["docs"]:>6} {s["saved"]:>8,} {s["logged"]:>8,} {s["end"]:>8,}', flush=True)
        with database(db) as x: ok = x.check()['ok']
        print('check:', 'ok' if ok else 'FAILED')
    if not ok or p.returncode: sys.exit(1)

if __name__ == '__main__': main()
