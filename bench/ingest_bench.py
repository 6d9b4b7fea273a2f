"""Ingest speed for a folder of mixed real documents, with the hashing embedder.

Builds a folder from what Debian's documentation packages install (python-reportlab-doc and texlive-*-doc
PDFs, debian-policy and debian-reference HTML and text, the licence texts in /usr/share/common-licenses),
then times `db.add_dir` on it into a file database: files/s, pages/s, chunks/s, and a second run over the
unchanged folder (which must write nothing).

Run: `python bench/ingest_bench.py [--pdfs 30]` after `apt-get install python-reportlab-doc texlive-science-doc
debian-policy debian-reference-en`.
"""
import argparse, shutil, tempfile, time
from pathlib import Path
from litetree.core import database, hash_embed
from litetree.tree import *

def build(dst:Path, n_pdfs:int):
    pdfs = sorted(Path('/usr/share/doc').rglob('*.pdf'))[:n_pdfs]
    html = [p for p in sorted(Path('/usr/share/doc/debian-policy').rglob('*.html')) + sorted(Path('/usr/share/doc/debian-reference-en').rglob('*.html')) if p.is_file()]
    txt = [p for p in Path('/usr/share/common-licenses').iterdir() if p.is_file() and not p.is_symlink()]
    for i, p in enumerate(pdfs + html + txt):
        shutil.copy(p, dst/(f'{i:03d}-{p.name}' + ('' if p.suffix in ('.pdf', '.html') else '.txt')))
    return len(pdfs), len(html), len(txt)

if __name__ == '__main__':
    ap = argparse.ArgumentParser(); ap.add_argument('--pdfs', type=int, default=30); a = ap.parse_args()
    d = Path(tempfile.mkdtemp()); folder = d/'docs'; folder.mkdir()
    n = build(folder, a.pdfs)
    db = database(d/'bench.db')
    t = time.perf_counter(); res = db.add_dir(folder, emb_fn=hash_embed, quiet=True); secs = time.perf_counter() - t
    pages = db.execute('SELECT sum(pages) FROM docs').fetchone()[0]
    chunks = db.execute('SELECT count(*) FROM store').fetchone()[0]
    failed = [r for r in res if 'error' in r]
    print(f'{len(res)} files ({n[0]} PDF, {n[1]} HTML, {n[2]} text), {pages} pages, {chunks} chunks, {len(failed)} failed')
    print(f'first ingest: {secs:.1f} s = {len(res)/secs:.1f} files/s, {pages/secs:.0f} pages/s, {chunks/secs:.0f} chunks/s')
    before = db.conn.total_changes()
    t = time.perf_counter(); again = db.add_dir(folder, emb_fn=hash_embed, quiet=True); s2 = time.perf_counter() - t
    print(f'unchanged re-run: {s2:.2f} s, {sum(1 for r in again if r.get("skipped"))}/{len(again)} skipped, '
          f'{db.conn.total_changes() - before} rows written')
    for r in failed: print('  failed:', Path(r['source']).name, '-', r['error'][:100])
