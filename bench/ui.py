"""`litetree ui`: how long from a keystroke to its results on the page, in a real browser?

The eval corpus (eval_corpus/, the default MiniLM embedder) is indexed, `litetree ui` serves it, and headless Chromium
(Debian's, driven by selenium) types `--queries` questions of eval_corpus/questions.jsonl into the search box one key
every `--pace` seconds, as a person types. The page records, for every answer it draws, the time from the last key
before that search to the results on screen: the 40 ms pause after typing, the request, the search, the drawing.
The baseline, in the same process: `Index.sections()` called directly on every fourth prefix of each query typed.

Prints keystroke-to-results p50 / p95 / max, the direct `sections()` p50 beside it, and their ratio; exits 1 when
the page drew no result.

Run: `python bench/ui.py [--queries 20 --pace 0.12]` (needs Debian's chromium and chromium-driver:
tools/browser_setup.sh). `--smoke`: the bundled samples with the hashed-words embedder, the first 24 characters of
3 queries at 70 ms a key; seconds.
"""
import argparse, json, shutil, sys, tempfile, time
from pathlib import Path
import numpy as np
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from litetree.api import Index
from litetree.cli import SAMPLES
from litetree.ui import serve

ROOT = Path(__file__).resolve().parent.parent

def build(db:Path, smoke:bool):
    "The index the page serves: the samples (hashed words) for a smoke run, else the eval corpus (MiniLM)."
    with Index(db, embedder='hash' if smoke else None) as ix:
        src = SAMPLES if smoke else ROOT/'eval_corpus'
        ix.add(sorted(p for p in src.iterdir() if p.is_file() and p.suffix in ('.pdf', '.md', '.txt', '.html')
                      and p.name != 'SOURCES.md'), quiet=True)
        return ix.db.counts(ix.store)

def browser():
    o = webdriver.ChromeOptions()
    for a in ('--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'): o.add_argument(a)
    return webdriver.Chrome(options=o, service=Service(shutil.which('chromedriver') or '/usr/bin/chromedriver'))

def type_queries(b, url:str, queries:list, pace:float)->list:
    "Type each query a key at a time; the page's own timings, in ms, of every answer it drew."
    b.get(url)
    until = time.monotonic() + 60
    while not b.execute_script('return window.litetree && window.litetree.ready'):
        if time.monotonic() > until: raise RuntimeError('the page did not load in 60 s')
        time.sleep(0.05)
    box = b.find_element(By.ID, 'q')
    for q in queries:
        box.clear()
        for ch in q:
            box.send_keys(ch)
            time.sleep(pace)
        time.sleep(0.5)   # the last answer lands
    return b.execute_script('return window.litetree.timings')

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--queries', type=int, default=20)
    ap.add_argument('--pace', type=float, default=0.12, help='seconds between keys')
    ap.add_argument('--smoke', action='store_true')
    a = ap.parse_args()
    n = 3 if a.smoke else a.queries
    qs = [json.loads(l)['question'] for l in (ROOT/'eval_corpus'/'questions.jsonl').read_text().splitlines()[:n]]
    if a.smoke: qs, a.pace = [q[:24] for q in qs], 0.07
    tmp = Path(tempfile.mkdtemp())
    try:
        t = time.perf_counter(); counts = build(tmp/'ui.db', a.smoke)
        print(f"indexed {counts['documents']} documents, {counts['chunks']} chunks in {time.perf_counter() - t:.1f} s")
        srv, b = serve(tmp/'ui.db', port=0), browser()
        try: ms = type_queries(b, srv.url, qs, a.pace)
        finally: b.quit()
        with Index(tmp/'ui.db', readonly=True) as ix:   # the baseline: the same searches, no page
            direct = []
            for q in qs:
                for k in range(4, len(q) + 1, 4):
                    s = time.perf_counter(); ix.sections(q[:k], limit=10, corpus_path=True)
                    direct.append((time.perf_counter() - s) * 1000)
        srv.shutdown(); srv.server_close()
    finally: shutil.rmtree(tmp, ignore_errors=True)
    if not ms: sys.exit('the page drew no results')
    p50, p95, d50 = np.percentile(ms, 50), np.percentile(ms, 95), np.percentile(direct, 50)
    print(f'{len(qs)} queries typed at {a.pace * 1000:.0f} ms a key: {len(ms)} answers drawn')
    print(f'keystroke to results: p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {max(ms):.1f} ms')
    print(f'sections() called directly: p50 {d50:.1f} ms; the page costs {p50 / d50:.1f}x that (40 ms of it the '
          f'pause after a key)')

if __name__ == '__main__': main()
