"""How well are headings recovered from PDFs that have no outline?

Every PDF under the given folders that carries an outline (bookmarks, >= 3 entries) is parsed with the
outline hidden (`parse_pdf(headings=True)`), and the headings recovered from fonts and numbering are scored
against the outline: precision and recall on titles (numbering and case ignored), level accuracy (levels
compared as ranks, since only their order means anything), and start-page accuracy. Also prints parsing speed.

Run: `python bench/pdf_headings.py /usr/share/doc [--max 80] [--skip N]` (Debian's texlive-*-doc and python-reportlab-doc
packages put hundreds of LaTeX and ReportLab PDFs there).
`--smoke`: the outlined PDFs of the repository's `eval_corpus/` (or of the folders given), at most 2; exits 1 unless
one was scored.
"""
import sys, time, argparse
from collections import Counter
from pathlib import Path
from litetree.pdf import parse_pdf
from litetree.data import ParseError
from litetree.eval import match_headings, prf, recovered_headings, corpus_dir

def main():
    ap = argparse.ArgumentParser(); ap.add_argument('dirs', nargs='*'); ap.add_argument('--max', type=int, default=None)
    ap.add_argument('--skip', type=int, default=0, help='leave out the first N eligible PDFs (a held-out run)')
    ap.add_argument('--smoke', action='store_true',
                    help="a quick check: at most 2 PDFs, from eval_corpus/ unless folders are given")
    a = ap.parse_args()
    if not a.dirs and not a.smoke: ap.error('give the folders to search for PDFs, e.g. /usr/share/doc')
    if not a.dirs: a.dirs = [corpus_dir()]
    if a.max is None: a.max = 2 if a.smoke else 80
    files = sorted(p for d in a.dirs for p in Path(d).rglob('*.pdf'))
    tot, pages, secs, docs, seen = Counter(), 0, 0.0, 0, 0
    print(f'{"document":44} pages  P     R     F1    level page')
    for f in files:
        if docs >= a.max: break
        try:
            t = time.perf_counter(); parsed = parse_pdf(f, headings=True); dt = time.perf_counter() - t
        except ParseError: continue
        if len(parsed.outline) < 3 or parsed.meta['pages'] > 400: continue
        seen += 1
        if seen <= a.skip: continue
        c = match_headings(parsed.outline, recovered_headings(parsed)); s = prf(c)
        print(f'{f.name[:44]:44} {parsed.meta["pages"]:5} {s["precision"]:.2f}  {s["recall"]:.2f}  {s["f1"]:.2f}  {s["level"]:.2f}  {s["page"]:.2f}')
        tot.update(c); pages += parsed.meta['pages']; secs += dt; docs += 1
    if not docs: sys.exit(f'no PDF with an outline of 3+ entries (and 400 pages at most) under {", ".join(map(str, a.dirs))}')
    s = prf(tot)
    print(f"\n{docs} PDFs, {pages} pages, {tot['gold']} outline entries, {tot['found']} recovered headings")
    print(f"overall (micro): precision {s['precision']:.3f}  recall {s['recall']:.3f}  F1 {s['f1']:.3f}  "
          f"level accuracy {s['level']:.3f}  start-page accuracy {s['page']:.3f}")
    print(f"within the outline's depth ({tot['found_in_depth']} headings at levels the outline reaches): "
          f"precision {s['precision_in_depth']:.3f}  F1 {s['f1_in_depth']:.3f}")
    print(f"parsing: {pages/secs:.1f} pages/s ({secs:.1f} s)")

if __name__ == '__main__': main()
