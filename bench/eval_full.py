"""The full evaluation: the whole corpus, 100 passages asked three ways plus the hand-written questions
(`questions.jsonl`, and the 100 of `questions_apart.jsonl`, reported as `question tune` and `question held`).

Prints, for the shipped defaults, metrics per query set and per kind of document, then the ablation table and
structure accuracy on the corpus's outlined PDFs. Run from the repository: `python bench/eval_full.py [N]`.
`--smoke`: the same tables over seven small files of the corpus (one or two of each kind but the novel), 10 passages.
`--kw-cache`: write the keyword cache (`00b_keywords`) before asking, though the corpus is below `KW_CACHE_MIN`: the
tables must not move. `--main`: the query tables only (no ablations, no structure accuracy).
"""
import sys, time
from litetree.eval import *

SMOKE = '--smoke' in sys.argv
SMOKE_FILES = {'Apache-2.0.txt', 'algxpar.pdf', 'btxdoc.pdf', 'kjv-jonah.txt', 'installation.md', 'getting-started.md', 'autopkgtest.html'}
args = [a for a in sys.argv[1:] if not a.startswith('--')]
N = int(args[0]) if args else 10 if SMOKE else 100

def main():   # a function run under `__main__`: the parse pool may start its workers by forkserver, which imports this file
    C = corpus_dir(); K = corpus_kinds(C)
    files = [p for p in corpus_files(C) if not SMOKE or p.name in SMOKE_FILES]
    t = time.perf_counter()
    base = ingest(files)
    if '--kw-cache' in sys.argv: assert base.get_store().cache_keywords(least=0); print('keyword cache written: widened queries are ranked from it')
    qs = (make_queries(base, N, doc_kinds=K) + question_queries(base, C/'questions.jsonl', K)
          + question_queries(base, C/'questions_apart.jsonl', K))
    assert qs, 'no queries: is eval_corpus/ complete?'
    res = run_queries(base, qs)
    fmt = lambda m: f"{m['mrr']:.3f} / {m['r1']:.3f} / {m['r10']:.3f}"
    for by in ('kind', 'doc_kind'):
        print(f'\n| {by} | n | passage MRR / R@1 / R@10 | section MRR / R@1 / R@10 | doc MRR / R@1 / R@10 | p50 / p95 ms |\n|---|---|---|---|---|---|')
        for g, m in table(res, by).items():
            print(f"| {g} | {m['n']} | {fmt(m['passage'])} | {fmt(m['section'])} | {fmt(m['doc'])} | {m['ms_p50']:.1f} / {m['ms_p95']:.1f} |")
    if '--main' in sys.argv: return print(f'\n{len(qs)} queries; {time.perf_counter() - t:.0f} s')
    print('\n' + ablation_markdown(ablate(files, qs)))
    s = structure_scores([C/f for f, k in K.items() if k == 'pdf-outline' and (not SMOKE or f in SMOKE_FILES)])
    print('\n| PDF | precision | recall | F1 | F1 within the outline depth | level acc. | page acc. |\n|---|---|---|---|---|---|---|')
    tot = {k: sum(c[k] for c in s.values()) for k in next(iter(s.values()))}
    for f, c in [*s.items(), ('all (micro)', tot)]:
        p = prf(c); print(f"| {f} | {p['precision']:.3f} | {p['recall']:.3f} | {p['f1']:.3f} | {p['f1_in_depth']:.3f} | {p['level']:.3f} | {p['page']:.3f} |")
    print(f'\n{len(qs)} queries; {time.perf_counter() - t:.0f} s')

if __name__ == '__main__': main()
