"""Run notebooks and save their outputs, so the docs site shows what each example prints.

Run from the repository root: `python tools/save_outputs.py nbs/00_core.ipynb ...` (default: every notebook that
exports a module, and the index). Cells run in `nbs/`, as nbdev-test runs them. Afterwards, `nbdev-clean` keeps the
outputs and drops the execution metadata. An output that names a temporary folder, shows a progress bar or comes
on stderr is reported: examples should print what a reader can reproduce, and nothing else.
"""
import sys, os, re
from pathlib import Path
from fastcore.nbio import read_nb, write_nb
from execnb.shell import CaptureShell

NOISE = re.compile(r'/tmp/|\d+it/s|it \[\d|SQLITE_LOG|Traceback')

def exported(p:Path)->bool: return '#| default_exp' in p.read_text() or p.name == 'index.ipynb'

def run(p:Path)->list:
    "Execute notebook `p` in its folder and save it with its outputs; returns the problems its outputs show."
    nb = read_nb(p)
    cwd = os.getcwd(); os.chdir(p.parent)
    try: CaptureShell().run_all(nb, exc_stop=True)
    finally: os.chdir(cwd)
    write_nb(nb, p)
    probs = []
    for i, c in enumerate(nb.cells):
        for o in c.get('outputs', []):
            text = ''.join(o.get('text', '')) + ''.join(str(v) for v in o.get('data', {}).values())
            if o.get('name') == 'stderr': probs.append(f'{p.name} cell {i}: stderr output: {text[:100]!r}')
            elif o.get('output_type') == 'error': probs.append(f'{p.name} cell {i}: error {o.get("ename")}')
            elif (m := NOISE.search(text)): probs.append(f'{p.name} cell {i}: {m[0]!r} in {text[max(0, m.start() - 60):m.end() + 40]!r}')
    return probs

if __name__ == '__main__':
    paths = [Path(a) for a in sys.argv[1:]] or sorted(p for p in Path('nbs').glob('*.ipynb') if exported(p))
    problems = [q for p in paths for q in run(p)]
    print('\n'.join(problems) or 'outputs saved, clean')
    sys.exit(1 if problems else 0)
