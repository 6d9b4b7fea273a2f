"""Which keyword query form serves natural-language questions best?

Forty hand-written questions over six licence texts that Debian ships in /usr/share/common-licenses
(base-files), each with the passage that answers it. The texts are chunked at ~512 characters on paragraph
boundaries and stored in a litetree store; only the keyword (FTS5) leg is scored, under each query form:

- strict: every term must match (`fts_query(q)`)
- or: stop words dropped, terms ORed (`fts_query(q, widen=True)` without prefixes)
- or+prefix: as `or`, words of 5+ letters also match as prefixes (`fts_query(q, widen=True)`)
- auto: strict first, widened hits appended when strict finds fewer than `limit` (the default)

A hit is right when its chunk contains the gold passage's anchor text (its first 40 characters). Run: `python bench/fts_widening.py`.
`--smoke`: the same run, checked to have produced every row; where a licence text is missing (not Debian), the corpus's
copy stands in, or its questions are left out, with a note.
"""
import re, sys, time, statistics
from pathlib import Path
import litetree.core as core
from litetree.core import database, fts_query
from litetree.eval import corpus_dir

LICENSES = Path('/usr/share/common-licenses')
FILES = ['Apache-2.0', 'GPL-3', 'GPL-2', 'MPL-2.0', 'GFDL-1.3', 'Artistic']

QUESTIONS = [  # (question, anchor text inside the answering passage; where two licences answer alike, both count)
    ('What does the term legal entity mean in the Apache license?', '"Legal Entity" shall mean the union of the acting entity'),
    ('Do I have to give recipients a copy of the Apache license when I redistribute?', 'You must give any other recipients of the Work or'),
    ('What happens to my patent license if I sue someone claiming the work infringes a patent?', 'institute patent litigation against any entity'),
    ("Am I allowed to use the licensor's trademarks and product names?", 'This License does not grant permission to use the trade'),
    ('Is the Apache licensed software provided with any warranty?', 'Unless required by applicable law or agreed to in writing, Licensor provides'),
    ('Can a contributor be held liable for damages caused by the work?', 'In no event and under no legal theory'),
    ('May I charge a fee for offering support or warranty obligations?', 'You may choose to offer,'),
    ('What do I do with the NOTICE text file when I distribute a derivative work?', 'If the Work includes a "NOTICE" text file as part of its'),
    ('Are contributions I submit to the project automatically under the same license?', 'Unless You explicitly state otherwise, any Contribution intentionally submitted'),
    ('How do I apply the Apache license to my own project?', 'To apply the Apache License to your work'),
    ('What counts as a derivative work of the original?', '"Derivative Works" shall mean any work'),
    ('Can I charge money for each copy of GPL software I convey?', 'You may charge any price or no price for each copy that you convey'),
    ('Does violating the GPL terminate my rights under it?', 'You may not propagate or modify a covered work except as expressly provided'),
    ('How can my license be reinstated after I stop violating it?', 'if you cease all violation of this License, then your license from a particular'),
    ('What is the corresponding source for object code?', 'The "Corresponding Source" for a work in object code form means'),
    ('Do I have to provide installation information for consumer devices like routers?', '"Installation Information" for a User Product means'),
    ('Does the GPL protect users from anti-circumvention laws against DRM?', 'No covered work shall be deemed part of an effective technological'),
    ('Can I distribute object code through peer-to-peer file sharing?', 'peer-to-peer transmission'),
    ('What patent license does each contributor grant?', 'Each contributor grants you a non-exclusive, worldwide, royalty-free patent'),
    ('Can GPL code be combined with code under the Affero GPL?', 'Use with the GNU Affero General Public License'),
    ('What if a court order imposes conditions that contradict the license?', 'If conditions are imposed on you (whether by court order, agreement or'),
    ('Will later revised versions of the GPL apply to my program?', 'The Free Software Foundation may publish revised and/or new versions of the GNU General\nPublic License from time to time.  Such new versions will be similar in spirit to the present version, but may differ in detail to\naddress new problems or concerns.\n\n  Each version is given a distinguishing version number.  If the\nProgram specifies that a certain numbered version'),
    ('Must I accept the license just to run a copy of the program?', 'You are not required to accept this License in order to receive or\nrun a copy'),
    ('Is putting GPL software on the same disk as other programs allowed as an aggregate?', 'A compilation of a covered work with other separate and independent'),
    ('Can additional permissions be added on top of the license terms?', '"Additional permissions" are terms that supplement the terms of this'),
    ('What is a user product?', 'A "User Product" is either'),
    ('What notice should I attach to a new program to put it under the GPL?', 'How to Apply These Terms to Your New Programs'),
    ('Is the output of running the program covered by the license?', 'The output from running a\ncovered work is covered by this License only if'),
    ('Can I distribute MPL covered software in executable form?', 'Distribution of Executable Form'),
    ('What is a larger work under the Mozilla license?', '"Larger Work"\n    means a work that combines Covered Software'),
    ('How do I mark a file as incompatible with secondary licenses?', 'Exhibit B - "Incompatible With Secondary Licenses" Notice'),
    ('Where must litigation about the Mozilla license be brought?', 'Any litigation relating to this License may be brought only in the'),
    ('What are invariant sections in a documentation license?', 'The "Invariant Sections" are certain Secondary Sections'),
    ('What must I do when I print more than 100 copies of a manual?', 'If you publish printed copies (or copies in media that commonly have\nprinted covers) of the Document, numbering more than 100'),
    ('What is a transparent copy of a document?', 'A "Transparent" copy of the Document means'),
    ('Am I allowed to translate a document covered by the free documentation license?', 'Translation is considered a kind of modification'),
    ('What is a massive multiauthor collaboration site such as a wiki?', '"Massive Multiauthor Collaboration Site"'),
    ('Can I charge a reasonable copying fee under the Artistic license?', 'You may charge a reasonable copying fee for any distribution of this Package'),
    ('What does the standard version of a package mean?', '"Standard Version" refers to'),
    ('Who holds responsibility for warranty under the GPL version 2, is there no warranty?', 'BECAUSE THE PROGRAM IS LICENSED FREE OF CHARGE, THERE IS NO WARRANTY'),
]

def chunks(text, size=512):
    "Pack paragraphs into chunks of about `size` characters; a longer paragraph is cut at sentence ends."
    out, cur = [], ''
    for para in re.split(r'\n\s*\n', text):
        for piece in re.split(r'(?<=[.;:])\s+(?=\S)', para) if len(para) > size else [para]:
            if cur and len(cur) + len(piece) > size: out.append(cur); cur = ''
            cur = f'{cur}\n\n{piece}' if cur else piece
    return out + ([cur] if cur else [])

def norm(s): return re.sub(r'\s+', ' ', s)

def licence_files(smoke:bool=False)->list:
    "`[(name, path)]` of the licence texts. Smoke mode lets the corpus's copy stand in for a missing one, and leaves out the rest."
    out, gone = [], []
    for f in FILES:
        p = LICENSES/f
        if not p.is_file() and smoke:
            try: p = corpus_dir()/f'{f}.txt'
            except FileNotFoundError: pass
        (out if p.is_file() else gone).append((f, p))
    if gone and not smoke: sys.exit(f'missing {", ".join(str(LICENSES/f) for f, _ in gone)}: install base-files (Debian), or run with --smoke')
    if gone or any(p.parent != LICENSES for _, p in out):
        print(f'note: {LICENSES} lacks {", ".join(f for f in FILES if not (LICENSES/f).is_file())}: '
              f'{"corpus copies stand in where there are some, " if any(p.parent != LICENSES for _, p in out) else ""}the other texts are left out')
    return out

def build(smoke:bool=False):
    db = database()
    store = db.get_store(doc=str)
    recs = [dict(content=c, doc=f) for f, p in licence_files(smoke) for c in chunks(p.read_text())]
    store.add(recs)
    return db, store, recs

def answerable(recs, questions=QUESTIONS)->list:
    "The questions whose anchor is in some chunk (all of them over the six texts)."
    return [(q, a) for q, a in questions if gold_ids(recs, a)]

def gold_ids(recs, anchor):
    "Ids (1-based, in insertion order) of the chunks holding the anchor's first 40 characters."
    a = norm(anchor)[:40]
    return {i + 1 for i, r in enumerate(recs) if a in norm(r['content'])}

def keyword_ids(store, match:str, k:int=10)->list:
    "Ids of the store's top `k` chunks for a raw FTS5 expression, best first (the keyword leg with no widening policy)."
    return [{'id': i} for i, _ in store._fts_ids(match, k)]

def strict(q): return fts_query(q)
def widened_no_prefix(q): return fts_query(q, True).replace('"*', '"')
def widened(q): return fts_query(q, True)

def score(store, fn, questions, recs, k=10):
    rr, hit, empty, times = [], 0, 0, []
    for q, anchor in questions:
        t = time.perf_counter()
        ids = [h['id'] for h in fn(q)][:k]
        times.append(time.perf_counter() - t)
        gold = gold_ids(recs, anchor)
        rank = next((i for i, x in enumerate(ids) if x in gold), None)
        rr.append(0 if rank is None else 1 / (rank + 1)); hit += rank is not None; empty += not ids
    return sum(rr) / len(rr), hit / len(questions), empty, statistics.median(times) * 1000

def keyword_queries(recs, questions=QUESTIONS):
    "Each question's anchor reduced to its three rarest words: how people type when they know the text."
    df = {}
    for r in recs:
        for w in set(core.fts_words(r['content'].lower())): df[w] = df.get(w, 0) + 1
    out = []
    for q, a in questions:
        ws = [w for w in dict.fromkeys(core.fts_words(a.lower())) if w not in core.STOP_WORDS and len(w) > 2]
        out.append((' '.join(sorted(ws, key=lambda w: df.get(w, 0))[:3]), a))
    return out

if __name__ == '__main__':
    smoke = '--smoke' in sys.argv
    db, store, recs = build(smoke)
    questions = answerable(recs)
    bad = [q for q, a in QUESTIONS if (q, a) not in questions]
    if smoke and bad: print(f'note: {len(bad)} of {len(QUESTIONS)} questions are about licence texts not found here; left out')
    assert questions and (smoke or not bad), f'these anchors are in no chunk: {bad}'
    corpus = sum(len(r['content']) for r in recs)
    print(f'{len(recs)} chunks, {corpus:,} characters from {len({r["doc"] for r in recs})} licence texts; {len(questions)} questions\n')
    forms = {'strict (all terms)': lambda q: keyword_ids(store, strict(q)),
             'or, no stop words':  lambda q: keyword_ids(store, widened_no_prefix(q)),
             'or + prefixes':      lambda q: keyword_ids(store, widened(q)),
             'auto (default)':     lambda q: store.fts_search(q, 10)}
    rows = 0
    for title, qs in [('natural-language questions', questions), ('keyword queries (3 rarest anchor words)', keyword_queries(recs, questions))]:
        print(f'{title}\n| query form | MRR@10 | Recall@10 | no result | p50 ms |\n|---|---|---|---|---|')
        for name, fn in forms.items():
            mrr, rec, empty, p50 = score(store, fn, qs, recs)
            print(f'| {name} | {mrr:.3f} | {rec:.3f} | {empty}/{len(qs)} | {p50:.2f} |'); rows += 1
        print()
    sys.exit(0 if rows == 2 * len(forms) else 1)
