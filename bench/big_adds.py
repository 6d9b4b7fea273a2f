"""What one big file costs to add, end to end: seconds and peak memory of `litetree add --embedder hash` on three
shapes of file that once cost far more than their size (issue 39): one line of prose with no line break, prose in
lines of about 70 characters, and a markdown file of nothing but `# h` lines.

Each add runs in a fresh process; peak memory is the process's maximum resident set (parse workers included, as
their own maximum), less that of adding a one-line file, and divided by the file's size: the memory each MB costs.
`all MB` is the most that the add and every process under it (the forkserver, parse workers, the process building
the vector graph) held at once, sampled ten times a second (so a shorter peak can be missed: a small file's
`all MB` may come out below its `peak MB`), less the one-line file's.
`--shapes line:100,text:200,heads:4` picks shapes and sizes in MB. Compare code by running this with
`PYTHONPATH=<a checkout of it>` before the change and without after.

Run: `python bench/big_adds.py [--shapes line:10,text:10,heads:10]`; `--smoke`: half a MB of each, only checks it runs.
"""
import sys, os, time, random, argparse, tempfile, subprocess, threading
from pathlib import Path

WORDS = 'the index keeps every section of a document whole so that a reader can open it and find what the question asks'.split()

def write(path:Path, shape:str, mb:float):
    n, rnd, out = int(mb * (1 << 20)), random.Random(0), 0
    with open(path, 'w') as f:
        while out < n:
            if shape == 'line': s = ' '.join(rnd.choice(WORDS) for _ in range(200)) + ' '
            elif shape == 'text': s = ' '.join(rnd.choice(WORDS) for _ in range(12)) + ('\n\n' if rnd.random() < 0.15 else '\n')
            else: s = '# h\n'
            f.write(s); out += len(s)

def _tree_rss(root:int)->float:
    "MB resident in process `root` and every process under it, now."
    kids, rss = {}, {}
    for d in os.listdir('/proc'):
        if not d.isdigit(): continue
        try:
            with open(f'/proc/{d}/stat') as f: ppid = int(f.read().rsplit(')', 1)[1].split()[1])
            with open(f'/proc/{d}/statm') as f: rss[int(d)] = int(f.read().split()[1]) * os.sysconf('SC_PAGE_SIZE')
        except (OSError, ValueError, IndexError): continue
        kids.setdefault(ppid, []).append(int(d))
    todo, total = [root], 0
    while todo:
        pid = todo.pop()
        total += rss.get(pid, 0)
        todo += kids.get(pid, [])
    return total / (1 << 20)

def add(path:Path, db:Path)->tuple:
    """`(seconds, peak MB, peak MB of it and every process under it)` of adding `path` to a new index at `db`, in a
    process of its own."""
    code = ('import resource, sys; from litetree.cli import main\n'
            'try: main(["--db", sys.argv[1], "-q", "add", "--embedder", "hash", sys.argv[2]])\n'
            'except SystemExit: pass\n'
            'me, kids = (resource.getrusage(w).ru_maxrss for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))\n'
            'print(max(me, kids) / 1024)')
    t, most = time.perf_counter(), [0.0]
    proc = subprocess.Popen([sys.executable, '-c', code, str(db), str(path)], stdout=subprocess.PIPE, text=True,
                            cwd=db.parent)   # not here: `import litetree` would find this checkout before PYTHONPATH's
    def sample():
        while proc.poll() is None:
            most[0] = max(most[0], _tree_rss(proc.pid))
            time.sleep(0.1)
    watch = threading.Thread(target=sample, daemon=True)
    watch.start()
    out, _ = proc.communicate()
    watch.join()
    if proc.returncode: raise SystemExit(f'the add of {path.name} failed (exit code {proc.returncode})')
    return time.perf_counter() - t, float(out.split()[-1]), most[0]

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--shapes', default='line:10,text:10,heads:10', help='shape:MB,... (shapes: line, text, heads)')
    ap.add_argument('--smoke', action='store_true', help='half a MB of each shape: only checks that it runs')
    a = ap.parse_args()
    if a.smoke: a.shapes = 'line:0.5,text:0.5,heads:0.5'
    with tempfile.TemporaryDirectory() as d:
        d = Path(d); (d/'tiny.txt').write_text('hello world\n')
        _, base, base_all = add(d/'tiny.txt', d/'tiny.db')
        print(f'baseline (a one-line file): {base:.0f} MB, {base_all:.0f} MB with the processes under it')
        print(f'{"shape":6} {"MB":>6} {"seconds":>8} {"s/MB":>6} {"peak MB":>8} {"MB/MB":>6} '
              f'{"all MB":>7} {"MB/MB":>6}')
        for item in a.shapes.split(','):
            shape, mb = item.split(':'); mb = float(mb)
            f = d/(f'{shape}.md' if shape == 'heads' else f'{shape}.txt'); write(f, shape, mb)
            dt, peak, peak_all = add(f, d/f'{shape}.db')
            print(f'{shape:6} {mb:>6g} {dt:>8.1f} {dt / mb:>6.2f} {peak:>8.0f} {(peak - base) / mb:>6.1f} '
                  f'{peak_all:>7.0f} {(peak_all - base_all) / mb:>6.1f}', flush=True)
            f.unlink()
            for x in d.glob(f'{shape}.db*'): x.unlink()

if __name__ == '__main__': main()
