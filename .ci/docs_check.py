"""Check the docs site as it will be built: every page renders, shows its examples' results, and shows nothing else.

Run from the repository root after `nbdev-proc-nbs` (which writes `_proc/`), as `.ci/run` does; `--html DIR` also
writes the pages there, to look at (or screenshot with `chromium --headless --screenshot`). Fails (exit 1) when:
- a processed notebook does not convert to HTML with nbconvert (the execution metadata that trips its validator
  is stripped first, as the site build ignores it);
- a notebook's saved outputs hold an error, a stderr block, a traceback, SQLite's log lines, a progress bar or a
  temporary path;
- in a notebook that exports a module (or the index), an example cell has no output: a cell whose last statement
  is a bare expression, or that prints, must have been saved with what it shows (`python tools/save_outputs.py`);
  and each such page must show at least one result;
- the sidebar (`nbs/sidebar.yml`) leaves out a notebook.
"""
import ast, json, re, sys
from pathlib import Path
import nbformat
from nbconvert import HTMLExporter

NOISE = re.compile(r'Traceback \(most recent|SQLITE_LOG|\d+(?:\.\d+)?(?:it|file|vec|entry)/s\]|/tmp/tmp')
CHECKS = {'test_eq', 'test_fail', 'test_ne', 'test_close', 'test_warns', 'test_is'}
QUIET = {'close', 'setLevel', 'basicConfig', 'mkdir', 'unlink', 'sleep', 'append', 'extend', 'update', 'touch', 'chmod',
         'mkfifo', 'symlink_to', 'rmtree', 'seed', 'set_busy_timeout'}   # calls made for their effect: they show nothing

def _shows(src:str)->bool:
    "Does this cell, run, show something: a bare final expression (not a test), or a top-level print?"
    try: body = ast.parse(src).body
    except SyntaxError: return False
    if not body or src.rstrip().endswith(';'): return False
    last = body[-1]
    prints = any(isinstance(n, ast.Expr) and isinstance(n.value, ast.Call) and getattr(n.value.func, 'id', '') == 'print' for n in body)
    if isinstance(last, ast.Expr):
        f = last.value.func if isinstance(last.value, ast.Call) else None
        name = getattr(f, 'id', None) or getattr(f, 'attr', None)
        if name not in CHECKS | QUIET | {'print'} and not isinstance(last.value, ast.Constant): return True
    return prints

def output_text(o)->str: return ''.join(o.get('text', '')) + ''.join(str(v) for v in o.get('data', {}).values())

def check_outputs(p:Path)->list:
    nb, probs = json.loads(p.read_text()), []
    exported = any('#| default_exp' in ''.join(c['source']) for c in nb['cells']) or p.name == 'index.ipynb'
    shown = 0
    for i, c in enumerate(nb['cells']):
        if c['cell_type'] != 'code': continue
        src, outs = ''.join(c['source']), c.get('outputs', [])
        shown += bool(outs)
        for o in outs:
            if o.get('output_type') == 'error': probs.append(f'{p.name} cell {i}: an error output ({o.get("ename")})')
            elif o.get('name') == 'stderr': probs.append(f'{p.name} cell {i}: a stderr block: {output_text(o)[:80]!r}')
            elif m := NOISE.search(output_text(o)): probs.append(f'{p.name} cell {i}: {m[0]!r} in an output')
        if exported and not src.startswith('#| export') and not outs and _shows(src):
            probs.append(f'{p.name} cell {i}: an example saved without its output: {src.strip().splitlines()[-1][:80]!r}')
    if exported and not shown: probs.append(f'{p.name}: no example on this page shows a result')
    return probs

def renders(p:Path, html_dir:Path=None)->list:
    "Problems converting processed notebook `p` to HTML (none: `[]`); with `html_dir`, the page is written there too."
    nb = nbformat.read(p, as_version=4)
    for c in nb.cells:
        c.get('metadata', {}).pop('execution', None)
        for o in c.get('outputs', []): o.get('metadata', {}).pop('execution', None)
    try: html, _ = HTMLExporter().from_notebook_node(nb)
    except Exception as e: return [f'{p.name}: does not render to HTML ({type(e).__name__}: {str(e)[:200]})']
    if html_dir: (html_dir/f'{p.stem}.html').write_text(html)
    return []

def sidebar_gaps()->list:
    listed = set(re.findall(r'([\w.-]+\.ipynb)', Path('nbs/sidebar.yml').read_text()))
    return [f'nbs/sidebar.yml does not list {p.name}' for p in sorted(Path('nbs').glob('*.ipynb')) if not p.name.startswith('_') and p.name not in listed]

if __name__ == '__main__':
    procs = sorted(Path('_proc').glob('*.ipynb'))
    if not procs: sys.exit('docs check: no _proc/*.ipynb: run nbdev-proc-nbs first')
    html_dir = Path(sys.argv[sys.argv.index('--html') + 1]) if '--html' in sys.argv else None   # keep the pages, to look at
    if html_dir: html_dir.mkdir(parents=True, exist_ok=True)
    problems = [q for p in procs for q in renders(p, html_dir)]
    problems += [q for p in sorted(Path('nbs').glob('*.ipynb')) if not p.name.startswith('_') for q in check_outputs(p)]
    problems += sidebar_gaps()
    print('\n'.join(problems) if problems else f'docs check: {len(procs)} pages render; outputs clean and present')
    sys.exit(1 if problems else 0)
