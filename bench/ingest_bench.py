"""Ingest speed for a folder of mixed real documents, with the hashing embedder.

Builds a folder from what Debian's documentation packages install (python-reportlab-doc and texlive-*-doc
PDFs, debian-policy and debian-reference HTML and text, the licence texts in /usr/share/common-licenses),
then times `db.add_dir` on it into a file database: files/s, pages/s, chunks/s, and a second run over the
unchanged folder (which must write nothing).

Run: `python bench/ingest_bench.py [--pdfs 30]` after `apt-get install python-reportlab-doc texlive-science-doc
debian-policy debian-reference-en`.
`--smoke`: the folder is a handful of the repository's `eval_corpus/` files (two PDFs, HTML, markdown, text) instead;
exits 1 unless every file was ingested and the unchanged re-run wrote nothing.
"""
import argparse, shutil, sys, tempfile, time
from pathlib import Path
from litetree.core import database, hash_embed
import litetree.ingest   # db.add_dir

SMOKE_FILES = ['algxpar.pdf', 'btxdoc.pdf', 'autopkgtest.html', 'installation.md', 'getting-started.md', 'Apache-2.0.txt', 'kjv-jonah.txt']

def build(dst:Path, n_pdfs:int):
    pdfs = sorted(Path('/usr/share/doc').rglob('*.pdf'))[:n_pdfs]
    html = [p for p in sorted(Path('/usr/share/doc/debian-policy').rglob('*.html')) + sorted(Path('/usr/share/doc/debian-reference-en').rglob('*.html')) if p.is_file()]
    txt = [p for p in Path('/usr/share/common-licenses').iterdir() if p.is_file() and not p.is_symlink()]
    for i, p in enumerate(pdfs + html + txt):
        shutil.copy(p, dst/(f'{i:03d}-{p.name}' + ('' if p.suffix in ('.pdf', '.html') else '.txt')))
    return len(pdfs), len(html), len(txt)

def build_smoke(dst:Path):
    from litetree.eval import corpus_dir
    src = [corpus_dir()/f for f in SMOKE_FILES]
    for p in src: shutil.copy(p, dst/p.name)
    return sum(p.suffix == '.pdf' for p in src), sum(p.suffix == '.html' for p in src), sum(p.suffix in ('.md', '.txt') for p in src)

if __name__ == '__main__':
    ap = argparse.ArgumentParser(); ap.add_argument('--pdfs', type=int, default=30); ap.add_argument('--smoke', action='store_true')
    a = ap.parse_args()
    d = Path(tempfile.mkdtemp()); folder = d/'docs'; folder.mkdir()
    n = build_smoke(folder) if a.smoke else build(folder, a.pdfs)
    db = database(d/'bench.db')
    t = time.perf_counter(); res = db.add_dir(folder, emb_fn=hash_embed, quiet=True); secs = time.perf_counter() - t
    c = db.counts(); pages, chunks = c['pages'], c['chunks']
    failed = [r for r in res if 'error' in r]
    print(f'{len(res)} files ({n[0]} PDF, {n[1]} HTML, {n[2]} text{" and markdown" if a.smoke else ""}), {pages} pages, {chunks} chunks, {len(failed)} failed')
    print(f'first ingest: {secs:.1f} s = {len(res)/secs:.1f} files/s, {pages/secs:.0f} pages/s, {chunks/secs:.0f} chunks/s')
    before = db.conn.total_changes()
    t = time.perf_counter(); again = db.add_dir(folder, emb_fn=hash_embed, quiet=True); s2 = time.perf_counter() - t
    skipped, written = sum(1 for r in again if r.get("skipped")), db.conn.total_changes() - before
    print(f'unchanged re-run: {s2:.2f} s, {skipped}/{len(again)} skipped, {written} rows written')
    for r in failed: print('  failed:', Path(r['source']).name, '-', r['error'][:100])
    db.close(); shutil.rmtree(d, ignore_errors=True)
    if a.smoke: sys.exit(0 if len(res) == sum(n) and not failed and chunks and skipped == len(again) and not written else 1)
