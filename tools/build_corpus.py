"""Assemble litetree's evaluation corpus from Debian packages, and write SOURCES.md beside it.

Every document is real, freely licensed, and written by nobody on this project; SOURCES.md names the Debian
package, its version and the path each file came from. The KJV verses are printed by the `bible` program
(package bible-kjv, text from bible-kjv-text) and written one verse a line as `Ruth 1:1 text`.

The book, Jane Austen's Northanger Abbey (1803, public domain), comes from r-cran-janeaustenr, which keeps the
novels as R data: the script reads R's lazy-load database itself (no R needed) and writes the lines as they are.

Needs: apt-get install python-reportlab-doc texlive-science-doc debian-policy python3-pip bible-kjv
(texlive-latex-base-doc and texlive-doc come in with texlive-science-doc); r-cran-janeaustenr is fetched with
`apt-get download` and unpacked, since installing it would pull in R.
Run: `python tools/build_corpus.py corpus` for the shipped slice (a few MB),
     `python tools/build_corpus.py /tmp/big --large` for the slow runs (hundreds of PDFs and pages).
"""
import re, shutil, struct, subprocess, sys, tempfile, zlib
from pathlib import Path

SMALL = {
    'pdf-outline': ['/usr/share/doc/texlive-doc/dvipdfm/dvipdfm.pdf', '/usr/share/doc/texlive-doc/latex/algorithms/algorithms.pdf',
                    '/usr/share/doc/texlive-doc/latex/algxpar/algxpar.pdf', '/usr/share/doc/python-reportlab-doc/reportlab-userguide.pdf'],
    'pdf-plain': ['/usr/share/doc/texlive-doc/bibtex/base/btxdoc.pdf', '/usr/share/doc/texlive-doc/etex/base/etex_man.pdf',
                  '/usr/share/doc/texlive-doc/latex/algorithmicx/algorithmicx.pdf'],
    'html': [f'/usr/share/doc/debian-policy/{n}.html' for n in ('autopkgtest', 'copyright-format-1.0', 'debconf_specification', 'perl-policy-1', 'menu-policy-1')],
    'markdown': [f'/usr/share/doc/python3-pip/html/{n}.md' for n in ('getting-started', 'installation')] +
                [str(p) for p in sorted(Path('/usr/share/doc/python3-pip/html/topics').glob('*.md'))[:8]],
    'legal': ['/usr/share/common-licenses/GPL-3', '/usr/share/common-licenses/Apache-2.0', '/usr/share/common-licenses/MPL-2.0'],
}
VERSES = {'Ruth': 'ruth1:1-4:22', 'Jonah': 'jonah1:1-4:11', 'Genesis': 'gen1:1-11:32'}
BOOKS = {'northanger-abbey.txt': 'NORTHANGER ABBEY'}   # file: the novel's first line in janeaustenr
AUSTEN = 'usr/lib/R/site-library/janeaustenr/data/Rdata.rdb'

def r_string_vectors(path)->list:
    """The character vectors in an R lazy-load database (`Rdata.rdb`): blocks of a 4-byte length and a zlib stream
    holding one object in R's XDR serialization; a character vector is its length, then each string's flags and bytes."""
    b, off, out = Path(path).read_bytes(), 0, []
    while off < len(b):
        d = zlib.decompressobj(); raw = d.decompress(b[off + 4:]); off = len(b) - len(d.unused_data)
        if raw[:2] != b'X\n': raise ValueError(f'{path}: not R XDR serialization')
        i = 14 + (4 + struct.unpack('>i', raw[14:18])[0] if struct.unpack('>i', raw[2:6])[0] == 3 else 0)   # v3 names its encoding
        flags, n = struct.unpack('>ii', raw[i:i + 8]); i += 8
        if flags & 0xFF != 16: continue                                          # STRSXP only
        strs = []
        for _ in range(n):
            f, ln = struct.unpack('>ii', raw[i:i + 8]); i += 8
            if ln < 0: strs.append(''); continue                                 # NA
            strs.append(raw[i:i + ln].decode('utf-8' if f & (1 << 15) else 'latin-1')); i += ln
        out.append(strs)
    return out

def austen_novels()->tuple:
    "`({first line: text}, version)` of janeaustenr's novels, from its Debian package, downloaded and unpacked."
    with tempfile.TemporaryDirectory() as t:
        subprocess.run(['apt-get', 'download', 'r-cran-janeaustenr'], cwd=t, check=True, capture_output=True)
        deb = next(Path(t).glob('*.deb'))
        ver = subprocess.run(['dpkg-deb', '-f', str(deb), 'Version'], capture_output=True, text=True, check=True).stdout.strip()
        subprocess.run(['dpkg-deb', '-x', str(deb), t], check=True)
        return {v[0].strip(): '\n'.join(v) + '\n' for v in r_string_vectors(Path(t)/AUSTEN) if v}, ver

def package_of(path:str)->tuple:
    "(package, version) that installed `path`, from dpkg."
    try:
        pkg = subprocess.run(['dpkg', '-S', path], capture_output=True, text=True, check=True).stdout.split(':')[0]
        ver = subprocess.run(['dpkg-query', '-W', '-f=${Version}', pkg], capture_output=True, text=True, check=True).stdout
        return pkg, ver
    except (subprocess.CalledProcessError, FileNotFoundError): return '?', '?'

def kjv(book:str, spec:str)->str:
    "One KJV book range, a verse a line with its citation, via the `bible` program."
    out = subprocess.run(['bible', '-l0', spec], capture_output=True, text=True, check=True).stdout
    lines, chapter = [], None
    for l in out.splitlines():
        if m := re.match(rf'^{book}\s+(\d+)\s*$', l.strip()): chapter = m[1]; continue
        if (m := re.match(r'^\s*(\d+)\s+(.*)$', l)) and chapter: lines.append(f'{book} {chapter}:{m[1]} {m[2]}')
        elif l.strip() and lines: lines[-1] += ' ' + l.strip()
    return '\n'.join(lines) + '\n'

def build(dst:Path, groups:dict):
    dst.mkdir(parents=True, exist_ok=True)
    rows = []
    for kind, paths in groups.items():
        for p in map(Path, paths):
            name = p.name if p.suffix in ('.pdf', '.html', '.md') else p.name + '.txt'
            shutil.copy(p, dst/name)
            rows.append((name, kind, *package_of(str(p)), str(p)))
    pkg, ver = package_of('/usr/lib/bible.data')
    for book, spec in VERSES.items():
        (dst/f'kjv-{book.lower()}.txt').write_text(kjv(book, spec))
        rows.append((f'kjv-{book.lower()}.txt', 'verse', pkg, ver, f'/usr/lib/bible.data via `bible -l0 {spec}`'))
    novels, ver = austen_novels()
    for name, first in BOOKS.items():
        (dst/name).write_text(novels[first])
        rows.append((name, 'book', 'r-cran-janeaustenr', ver, f'/{AUSTEN}, vector {first}'))
    lines = ['# Sources of the evaluation corpus', '', 'Built by `tools/build_corpus.py`. Each file is copied unchanged from the Debian package',
             'named, except the KJV verses, which the `bible` program prints and the script writes a verse a line, and the',
             'novel, which janeaustenr keeps as R data, one element a line.', '',
             '| file | kind | Debian package | version | from |', '|---|---|---|---|---|']
    lines += [f'| {n} | {k} | {p} | {v} | `{s}` |' for n, k, p, v, s in rows]
    lines += ['', 'Licences: TeX Live documentation under the LPPL or GPL as each package states; ReportLab documentation BSD;',
              'Debian Policy documents GPL-2+ (see their copyright files); pip documentation MIT; the licence texts themselves',
              'may be copied verbatim; the King James Version is in the public domain outside the UK (Crown patent in the UK);',
              'Northanger Abbey (Jane Austen, 1817) is in the public domain (janeaustenr itself is MIT).']
    (dst/'SOURCES.md').write_text('\n'.join(lines) + '\n')
    return rows

if __name__ == '__main__':
    dst = Path(sys.argv[1] if len(sys.argv) > 1 else 'eval_corpus')
    groups = SMALL
    if '--large' in sys.argv:
        pdfs = [str(p) for p in sorted(Path('/usr/share/doc').rglob('*.pdf'))]
        groups = {**SMALL, 'pdf-outline': pdfs[:200], 'pdf-plain': [],
                  'html': [str(p) for p in sorted(Path('/usr/share/doc/debian-policy').glob('*.html')) if p.is_file()]}
    rows = build(dst, groups)
    print(f'{len(rows)} files, {sum(f.stat().st_size for f in dst.iterdir()) / 2**20:.1f} MB in {dst}')
