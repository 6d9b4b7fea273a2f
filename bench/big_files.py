"""Is the work on one big file linear in its size? Lines per second through parsing and tree building.

Writes text files of 10k, 100k and 1M lines (prose in paragraphs; the same with a markdown heading every 50 lines;
and a file that is nothing but `#` lines), then times `parse` + `build_tree` + `node_chunks` on each, in this process.
A linear pipeline keeps lines/s flat as the file grows; the ratio column is lines/s against the 10k-line run.
Nothing is embedded: this measures the structure side only (bench/ingest_bench.py covers embedding and storage).

Run: `python bench/big_files.py [--max-lines 1000000]`; exits 1 when lines/s at the largest size falls below a
quarter of the 10k rate. `--smoke` stops at 20k lines and only checks that the code runs (too small to tell).
"""
import sys, time, tempfile, argparse, random
from pathlib import Path
from litetree.profiles import parse
from litetree.tree import build_tree, node_chunks

WORDS = ('the index keeps every section of a document whole so that a reader can open it and find what the '
         'question asks about without guessing which part of the page matters most here').split()

def prose(n, heads_every=0, seed=0):
    rnd = random.Random(seed)
    for i in range(n):
        if heads_every and i % heads_every == 0: yield f'## Section {i // heads_every + 1}'
        elif i % 7 == 6: yield ''
        else: yield ' '.join(rnd.choice(WORDS) for _ in range(12))

KINDS = {'prose': lambda n: prose(n), 'headed': lambda n: prose(n, 50), 'hashes': lambda n: ('#' for _ in range(n))}

def run(kind, n, d):
    f = Path(d)/f'{kind}-{n}.md'
    f.write_text('\n'.join(KINDS[kind](n)))
    t = time.perf_counter()
    parsed = parse(f)
    nodes = build_tree(parsed.pages, title=f.stem)
    chunks = node_chunks(nodes, 'big', f.stem)
    dt = time.perf_counter() - t
    f.unlink()
    return dt, len(nodes), len(chunks)

def main():
    ap = argparse.ArgumentParser(); ap.add_argument('--max-lines', type=int, default=1_000_000); ap.add_argument('--smoke', action='store_true')
    a = ap.parse_args()
    sizes = [n for n in (10_000, 20_000) if a.smoke] or [n for n in (10_000, 100_000, 1_000_000) if n <= a.max_lines]
    print(f'{"file":8} {"lines":>9} {"seconds":>8} {"lines/s":>10} {"vs 10k":>7} {"nodes":>7} {"chunks":>8}')
    with tempfile.TemporaryDirectory() as d:
        for kind in KINDS:
            base = None
            for n in sizes:
                dt, nodes, chunks = run(kind, n, d)
                rate = n / dt
                base = base or rate
                print(f'{kind:8} {n:>9,} {dt:>8.2f} {rate:>10,.0f} {rate / base:>7.2f} {nodes:>7,} {chunks:>8,}', flush=True)
                if not a.smoke and rate / base < 0.25: print(f'  {kind}: lines/s fell below a quarter of the 10k-line rate: not linear'); sys.exit(1)

if __name__ == '__main__': main()
