"""How many texts should MiniLMEmbedder send to the model at a time? Speed and peak memory per batch size.

Texts: the chunks of the evaluation corpus (`eval_corpus/`, read with litetree's own parsers and chunkers; the hashed
embedder stands in at ingest so that only the model is timed here). Each batch size runs in a fresh process, twice,
interleaved with the others, so that load from other processes hits every size alike; each run prints wall seconds,
CPU seconds and the process's peak RSS (VmHWM: the model's working memory on top of its ~120 MB of weights and
runtime). The int8 model quantizes its activations per batch, so vectors move slightly with the batch: the
quality side is the full evaluation (`bench/eval_full.py`), run at each setting.
Run: `python bench/minilm_batch.py [--sizes 8,16,64] [--repeats 2]` (about 4 minutes on 2 cores).
`--smoke`: 40 texts, batches of 4 and 8, one run each.
"""
import argparse, json, subprocess, sys, time

ap = argparse.ArgumentParser(); ap.add_argument('--sizes', default='8,16,64'); ap.add_argument('--repeats', type=int, default=2)
ap.add_argument('--smoke', action='store_true'); ap.add_argument('--one', type=int, help=argparse.SUPPRESS)
A = ap.parse_args()

def texts()->list:
    from litetree.core import database, hash_embed
    from litetree.eval import corpus_dir, corpus_files
    db = database(); db.add_dir(files=corpus_files(corpus_dir()), emb_fn=hash_embed, quiet=True)
    out = [r[0] for r in db.execute('SELECT content FROM store ORDER BY id').fetchall()]
    return out[:40] if A.smoke else out

def one(batch:int):
    "In a child process: embed every text in batches of `batch`; print the figures as JSON."
    from litetree.embed import minilm, _minilm_parts
    ts = texts(); _minilm_parts(); minilm(ts[:8])   # the model loaded and warm
    minilm.batch = batch; w, c = time.perf_counter(), time.process_time(); minilm(ts)
    w, c = time.perf_counter() - w, time.process_time() - c
    hwm = next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmHWM'))
    print(json.dumps(dict(batch=batch, texts=len(ts), wall=w, cpu=c, peak_mb=hwm / 1024)))

def main():
    sizes, reps = ([4, 8], 1) if A.smoke else ([int(s) for s in A.sizes.split(',')], A.repeats)
    runs = {b: [] for b in sizes}
    for _ in range(reps):
        for b in sizes:
            r = subprocess.run([sys.executable, __file__, '--one', str(b)] + (['--smoke'] if A.smoke else []), capture_output=True, text=True)
            if r.returncode: sys.exit(f'batch {b} failed:\n{r.stderr[-2000:]}')
            runs[b].append(json.loads(r.stdout.strip().splitlines()[-1]))
    n = next(iter(runs.values()))[0]['texts']
    print(f'{n:,} texts; per batch size, each run: wall s / CPU s / peak RSS MB, and texts per wall second at best')
    for b, rs in runs.items():
        print(f"  batch {b:>3}: " + '   '.join(f"{r['wall']:.1f} / {r['cpu']:.1f} / {r['peak_mb']:.0f}" for r in rs)
              + f"   {n / min(r['wall'] for r in rs):.0f} texts/s")

if __name__ == '__main__': one(A.one) if A.one else main()
