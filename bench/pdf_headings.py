"""How well are headings recovered from PDFs that have no outline?

Every PDF under the given folders that carries an outline (bookmarks, >= 3 entries) is parsed with the
outline hidden (`parse_pdf(headings=True)`), and the headings recovered from fonts and numbering are scored
against the outline: precision and recall on titles (numbering and case ignored), level accuracy (levels
compared as ranks, since only their order means anything), and start-page accuracy. Also prints parsing speed.

Run: `python bench/pdf_headings.py /usr/share/doc [--max 80]` (Debian's texlive-*-doc and python-reportlab-doc
packages put hundreds of LaTeX and ReportLab PDFs there).
"""
import re, sys, time, argparse
from pathlib import Path
from litetree.data import parse_pdf, ParseError
from litetree.eval import match_headings, recovered_headings as recovered

def shallow(outline, found):
    "The recovered headings no deeper (as a rank) than the outline goes: outlines often stop at 2 levels."
    keep = set(sorted({l for l, _, _ in found})[:len({l for l, _, _ in outline})])
    return [h for h in found if h[0] in keep]

def score(outline, found):
    c = match_headings(outline, found)
    return c['match'], c['found'], c['gold'], c['level'], c['page']

def main():
    ap = argparse.ArgumentParser(); ap.add_argument('dirs', nargs='+'); ap.add_argument('--max', type=int, default=80)
    a = ap.parse_args()
    files = sorted(p for d in a.dirs for p in Path(d).rglob('*.pdf'))
    tot = dict(match=0, found=0, gold=0, lv=0, pg=0, pages=0, secs=0.0, docs=0, smatch=0, sfound=0)
    print(f'{"document":44} pages  P     R     F1    level page')
    for f in files:
        if tot['docs'] >= a.max: break
        try:
            t = time.perf_counter(); parsed = parse_pdf(f, headings=True); dt = time.perf_counter() - t
        except ParseError as e: continue
        if len(parsed.outline) < 3 or parsed.meta['pages'] > 400: continue
        m, nf, ng, lv, pg = score(parsed.outline, recovered(parsed))
        sm, snf, *_ = score(parsed.outline, shallow(parsed.outline, recovered(parsed)))
        tot['smatch'] += sm; tot['sfound'] += snf
        p, r = m / max(nf, 1), m / max(ng, 1)
        print(f'{f.name[:44]:44} {parsed.meta["pages"]:5} {p:.2f}  {r:.2f}  {2*p*r/max(p+r,1e-9):.2f}  {lv/max(m,1):.2f}  {pg/max(m,1):.2f}')
        for k, v in zip(['match', 'found', 'gold', 'lv', 'pg', 'pages', 'secs', 'docs'], [m, nf, ng, lv, pg, parsed.meta['pages'], dt, 1]): tot[k] += v
    P, R = tot['match'] / max(tot['found'], 1), tot['match'] / max(tot['gold'], 1)
    print(f"\n{tot['docs']} PDFs, {tot['pages']} pages, {tot['gold']} outline entries, {tot['found']} recovered headings")
    print(f"overall (micro): precision {P:.3f}  recall {R:.3f}  F1 {2*P*R/max(P+R,1e-9):.3f}  "
          f"level accuracy {tot['lv']/max(tot['match'],1):.3f}  start-page accuracy {tot['pg']/max(tot['match'],1):.3f}")
    print(f"precision counting only headings no deeper than the outline's depth: {tot['smatch']/max(tot['sfound'],1):.3f}")
    print(f"parsing: {tot['pages']/tot['secs']:.1f} pages/s ({tot['secs']:.1f} s)")

if __name__ == '__main__': main()
