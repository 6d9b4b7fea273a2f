"""How long does one big PDF take to index, with the default model and with hashed words?

Builds a 1,000-page PDF from the evaluation corpus's PDFs (`eval_corpus/*.pdf`, real typeset text, repeated in order
until 1,000 pages; their outlines dropped, so the tree comes from font sizes), then indexes it with `Index.add`
once per embedder, each in a fresh process: wall seconds, pages/s and the process's peak RSS.
Run: `python bench/book_ingest.py [--pages 1000] [--embedders hash,minilm]` (about 80 s on 2 cores).
`--smoke`: 30 pages, hashed words only.
"""
import argparse, json, resource, subprocess, sys, tempfile, time
from pathlib import Path

ap = argparse.ArgumentParser(); ap.add_argument('--pages', type=int, default=1000); ap.add_argument('--embedders', default='hash,minilm')
ap.add_argument('--smoke', action='store_true'); ap.add_argument('--one', nargs=2, help=argparse.SUPPRESS)
A = ap.parse_args()

def book(pages:int, out:Path)->Path:
    "A PDF of `pages` pages cut from the corpus's PDFs, in name order, round and round."
    import pymupdf
    doc, pdfs = pymupdf.open(), sorted((Path(__file__).parent.parent/'eval_corpus').glob('*.pdf'))
    while doc.page_count < pages:
        for p in pdfs:
            if (left := pages - doc.page_count) <= 0: break
            src = pymupdf.open(p); doc.insert_pdf(src, to_page=min(src.page_count, left) - 1)
    doc.set_toc([]); doc.save(out)
    return out

def one(pdf:str, embedder:str):
    "In a child process: index `pdf` into a new database; print the figures as JSON."
    from litetree.api import Index
    if embedder == 'minilm':
        from litetree.embed import minilm; minilm(['warm'])   # the model loaded before the clock starts
    with tempfile.TemporaryDirectory() as d:
        ix = Index(f'{d}/book.db', embedder=embedder)
        t = time.perf_counter(); r = ix.add(pdf); t = time.perf_counter() - t
        assert 'error' not in r[0], r[0]
        print(json.dumps(dict(embedder=embedder, chunks=ix.db.counts()['chunks'], secs=t,
                              peak_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)))

def main():
    pages, embs = (30, ['hash']) if A.smoke else (A.pages, A.embedders.split(','))
    with tempfile.TemporaryDirectory() as d:
        pdf = book(pages, Path(d)/'book.pdf')
        print(f'{pages:,}-page PDF; per embedder: seconds, pages/s, peak RSS')
        for e in embs:
            r = subprocess.run([sys.executable, __file__, '--one', str(pdf), e], capture_output=True, text=True)
            if r.returncode: sys.exit(f'{e} failed:\n{r.stderr[-2000:]}')
            f = json.loads(r.stdout.strip().splitlines()[-1])
            print(f"  {e:>7}: {f['chunks']:,} chunks, {f['secs']:.1f} s, {pages / f['secs']:.0f} pages/s, {f['peak_mb']:.0f} MB")

if __name__ == '__main__': one(*A.one) if A.one else main()
