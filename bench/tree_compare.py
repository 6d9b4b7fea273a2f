"""Did a change to document trees make retrieval better or worse? The same queries, asked of two versions of litetree.

Section MRR@10 in `03_eval` counts a section right when it is the gold node or holds it, and the gold nodes come
from the tree under test: change the trees, and the queries and their gold change with them. This script keeps
both fixed. It asks the queries of `03_eval` (100 passages three ways, and the hand-written questions), made once
with the older version, of both versions, and counts a section right when its title and text, read whole, hold
the passage (a unique 5-gram of it, or the question's anchor); a root counts with its own text only, since
reading a root reads the whole document. Run from the repository, with a git ref for the older version:

    PYTHONHASHSEED=0 python bench/tree_compare.py REF [--minilm]

(`git worktree` checks REF out under a temporary folder; about 30 s with `hash_embed`, 2 minutes with MiniLM.)
`--smoke`: seven small files, 10 passages, hashed words, HEAD against itself.
"""
import sys, os, json, pickle, subprocess, tempfile, shutil
from pathlib import Path

SMOKE_FILES = ['Apache-2.0.txt', 'algxpar.pdf', 'btxdoc.pdf', 'kjv-jonah.txt', 'installation.md', 'getting-started.md', 'autopkgtest.html']
KINDS = ('verbatim', 'degraded', 'keyword', 'question', 'all')

WORKER = r'''
import sys, pickle
from pathlib import Path
mode, qfile, emb_name, smoke = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == '1'
from litetree.eval import corpus_dir, corpus_kinds, ingest, make_queries, question_queries, summarise, _norm
from litetree.core import hash_embed
if emb_name == 'minilm': from litetree.embed import minilm as emb
else: emb = hash_embed
C = corpus_dir(); K = corpus_kinds(C)
files = sorted(p for p in C.iterdir() if p.is_file() and p.name != 'SOURCES.md' and p.suffix != '.jsonl' and (not smoke or p.name in SMOKE))
db = ingest(files, emb)
if mode == 'make':
    qs = make_queries(db, 10 if smoke else 100, doc_kinds=K) + question_queries(db, C/'questions.jsonl', K)
    pickle.dump([(q.q, q.kind, sorted(q.grams), q.doc_kind) for q in qs], open(qfile, 'wb'))
texts = {}
def text_of(nid):
    if nid not in texts:
        own = ' '.join(r[0] for r in db.execute('SELECT content FROM store WHERE node_id=? ORDER BY ord', (nid,)))
        texts[nid] = _norm(own) if nid.endswith('#0') else _norm(db.read(nid)['title'] + ' ' + db.read(nid)['text'])
    return texts[nid]
ranks = {}
for q, kind, grams, dk in pickle.load(open(qfile, 'rb')):
    secs = db.sections(q, emb([q])[0], limit=10)
    r = next((i + 1 for i, s in enumerate(secs) if any(g in text_of(s['node_id']) for g in grams)), None)
    for k in (kind, 'all', 'doc:' + dk): ranks.setdefault(k, []).append(r)
print('RESULT', {k: summarise(v)['mrr'] for k, v in ranks.items()}, len(ranks['all']))
'''

def run(src:Path, mode:str, qfile:str, emb:str, smoke:bool)->dict:
    "Run the worker against the litetree in `src` (its package and its corpus), returning MRR per query set."
    code = f'SMOKE = {SMOKE_FILES!r}\n' + WORKER
    out = subprocess.run([sys.executable, '-c', code, mode, qfile, emb, '1' if smoke else '0'], cwd=src, capture_output=True, text=True,
                         env={**os.environ, 'PYTHONPATH': str(src)})
    line = next((l for l in out.stdout.splitlines() if l.startswith('RESULT ')), None)
    if out.returncode or line is None: sys.exit(f'{src}: the worker failed\n{out.stderr[-2000:]}')
    return eval(line[7:].rsplit(' ', 1)[0])

if __name__ == '__main__':
    smoke = '--smoke' in sys.argv
    emb = 'minilm' if '--minilm' in sys.argv else 'hash'
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    if not args and not smoke: sys.exit('give a git ref for the older version, e.g. python bench/tree_compare.py HEAD~3')
    here, ref = Path(__file__).resolve().parent.parent, (args[0] if args else 'HEAD')
    tmp = Path(tempfile.mkdtemp())
    try:
        old = tmp/'old'
        subprocess.run(['git', 'worktree', 'add', '--detach', '-f', str(old), ref], cwd=here, check=True, capture_output=True)
        if not any((old/n).exists() for n in ('corpus', 'eval_corpus')):   # its name before issue 41 and after
            for n in ('corpus', 'eval_corpus'): shutil.copytree(here/'eval_corpus', old/n)
        q = str(tmp/'queries.pkl')
        a, b = run(old, 'make', q, emb, smoke), run(here, 'eval', q, emb, smoke)
        print(f"same queries, section right when it holds the passage; embedder: {emb}\n")
        rows = [*KINDS, *sorted(k for k in a if k.startswith('doc:'))]
        print('| set | ' + ref + ' | this checkout |\n|---|---|---|')
        for k in rows: print(f"| {k.removeprefix('doc:')} | {a.get(k, 0):.3f} | {b.get(k, 0):.3f} |")
    finally:
        subprocess.run(['git', 'worktree', 'remove', '--force', str(tmp/'old')], cwd=here, capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)
