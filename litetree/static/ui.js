// litetree ui: the page's behaviour. Every text that comes from an index (titles, paths, snippets, sections) is put
// in the page as a text node, never parsed as HTML: a document that contains <script> shows it as text.
'use strict';
const $ = id => document.getElementById(id);
const state = {q: '', within: '', limit: 10, hits: [], selected: -1, seq: 0, opens: 0, typedAt: 0, timer: 0};
window.litetree = {timings: [], ready: false};   // what the browser tests and bench/ui.py read

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'onclick') { e.addEventListener('click', v); e.tabIndex = 0; }   // clickable, so reachable by Tab
    else e.setAttribute(k, v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k instanceof Node ? k : String(k));
  return e;
}

async function api(path, params) {
  const r = await fetch(path + '?' + new URLSearchParams(params || {}));
  const body = await r.json().catch(() => ({error: r.statusText}));
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
}

function pages(p) { return !p ? '' : p[0] === p[1] ? `p. ${p[0]}` : `pp. ${p[0]}–${p[1]}`; }
function status(s) { $('status').textContent = s; }
const showing = () => $('reader').hidden ? 'results' : 'reader';

// A text with the spans [start, end) in `marks` wrapped in <mark>. The server counts characters (code points);
// JavaScript's strings count UTF-16 units, so an emoji before a match would shift it: the text is cut by code points.
function marked(text, marks) {
  const cps = Array.from(text), out = []; let at = 0;
  for (const [a, b] of marks || []) {
    out.push(cps.slice(at, a).join(''), el('mark', {}, cps.slice(a, b).join('')));
    at = b;
  }
  out.push(cps.slice(at).join(''));
  return out;
}

// The query's words marked wherever a word starts with one of them, as the snippets mark them.
function markWords(text, words) {
  if (!words || !words.length) return [text];
  const alt = words.map(w => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).sort((a, b) => b.length - a.length).join('|');
  return text.split(new RegExp(`(?<![\\p{L}\\p{N}_])((?:${alt})[\\p{L}\\p{N}_]*)`, 'giu'))
             .map((t, i) => i % 2 ? el('mark', {}, t) : t);
}

// ---- where the page is: kept in the address, so a search or a section can be linked to and Back works ----------
function remember(push, extra) {
  const h = new URLSearchParams();
  if (state.q) h.set('q', state.q);
  if (state.within) h.set('within', state.within);
  for (const [k, v] of Object.entries(extra || {})) h.set(k, v);
  const url = '#' + h;
  if (url !== location.hash) history[push ? 'pushState' : 'replaceState'](null, '', url);
}

async function restore() {
  const h = new URLSearchParams(location.hash.slice(1));
  $('q').value = h.get('q') || '';
  setWithin(h.get('within') || '', false);
  state.typedAt = performance.now();
  if ($('q').value.trim()) await search(); else { state.q = ''; state.hits = []; }
  if (h.get('node')) await open(h.get('node'), false);
  else if (!state.q) await showHome();
}

// ---- search -------------------------------------------------------------------------------------------------
function typed() {
  state.typedAt = performance.now(); state.limit = 10;
  clearTimeout(state.timer);
  state.timer = setTimeout(search, 40);   // debounced: a burst of keys asks once
}

async function search() {
  const q = $('q').value.trim(), seq = ++state.seq, typedAt = state.typedAt, opens = state.opens;
  if (!q) { state.q = ''; state.hits = []; if (showing() === 'results') showHome(seq); return; }
  const slow = setTimeout(() => { if (seq === state.seq) status('searching…'); }, 150);
  try {
    const r = await api('/api/search', {q, within: state.within, limit: state.limit});
    if (seq !== state.seq || opens !== state.opens) return;   // a newer query was asked, or a section opened, meanwhile
    const leaving = showing() === 'reader';   // a section was open: Back returns to it
    state.q = q; state.hits = r.sections;
    showResults(r);
    remember(leaving);
    window.litetree.timings.push(performance.now() - typedAt);
  } catch (e) { if (seq === state.seq) showNote(`Search failed: ${e.message}`); }
  finally { clearTimeout(slow); }
}

function showResults(r) {
  const box = $('results');
  box.replaceChildren();
  box.dataset.query = r.query;   // which query the results answer (the browser tests wait for theirs)
  $('reader').hidden = true; box.hidden = false;
  status(`${r.sections.length} section${r.sections.length === 1 ? '' : 's'} · ${r.ms} ms`);
  if (!r.sections.length) { box.append(el('p', {class: 'note'}, r.note)); return; }
  r.sections.forEach(s => box.append(el('div', {class: 'hit', 'data-node': s.node_id, onclick: () => open(s.node_id)},
    el('div', {}, el('span', {class: 'crumb'}, s.breadcrumb), el('span', {class: 'pages'}, pages(s.pages))),
    el('div', {class: 'snippet'}, marked(s.snippet, s.marks)))));
  if (r.sections.length === state.limit && state.limit < 50)
    box.append(el('button', {class: 'more', onclick: () => { state.limit = 50; search(); }}, 'More sections'));
  select(0);
}

function select(i) {
  const items = [...document.querySelectorAll('#results .hit')];
  if (!items.length) return;
  state.selected = Math.max(0, Math.min(i, items.length - 1));
  items.forEach((e, j) => e.classList.toggle('selected', j === state.selected));
  items[state.selected].scrollIntoView({block: 'nearest'});
}

function showNote(...kids) {
  $('reader').hidden = true; $('results').hidden = false;
  $('results').replaceChildren(el('div', {class: 'note'}, ...kids));
  delete $('results').dataset.query;
  status('');
}

// ---- reading a section --------------------------------------------------------------------------------------
async function open(node, push = true) {
  const mine = ++state.opens;
  clearTimeout(state.timer);   // keys typed just before: the section asked for wins
  let r;
  try { r = await api('/api/section', {node, q: state.q}); }
  catch (e) { showNote(`Cannot open ${node}: ${e.message}`); return; }
  if (mine !== state.opens) return;   // another section was asked for meanwhile
  const art = $('reader');
  $('results').hidden = true; art.hidden = false;
  const step = (n, label) => !n ? el('span')
    : el('button', {'data-node': n.id, title: n.title, onclick: () => open(n.id)}, `${label}${n.title}`);
  const text = el('div', {class: 'text'}, el('h2', {}, r.title), rendered(r.text, r.markup, r.words));
  if (r.truncated) text.append(el('p', {class: 'note'}, `Cut at ${r.text.length} of ${r.chars} characters.`));
  const reading = el('div', {class: 'reading'}, text);
  if (r.page_images) reading.append(pageView(r));
  art.replaceChildren(
    el('div', {class: 'crumb'}, r.breadcrumb, el('span', {class: 'pages'}, pages(r.paged ? r.pages : null))),
    el('div', {class: 'nav'}, step(r.prev, '‹ '),
       el('button', {onclick: back}, state.hits.length ? 'Back to results (Esc)' : 'Home (Esc)'), step(r.next, '› ')),
    reading);
  art.dataset.node = r.id;
  art.scrollTop = 0;
  status('');
  remember(push, {node: r.id});
}

function back() {
  if (showing() !== 'reader') return;
  if (state.hits.length) {
    $('reader').hidden = true; $('results').hidden = false;
    remember(true); select(state.selected);
  }
  else { state.q = ''; remember(true); showHome(); }
}

// Markdown-like text as elements: headings, code blocks, lists, paragraphs and inline code. Nothing in it is HTML.
// Text of other kinds is paragraphs, and the `# Title` lines with which a section's subsections begin.
function rendered(text, markup, words) {
  const box = el('div', {});
  const heading = (n, s) => el(`h${Math.min(6, n + 2)}`, {}, markWords(s, words));
  if (!markup) {
    for (const p of text.split(/\n\s*\n/)) {
      const h = p.trim().match(/^(#{1,6})\s+([^\n]*)$/);
      if (h) box.append(heading(h[1].length, h[2])); else if (p.trim()) box.append(el('p', {}, markWords(p, words)));
    }
    return box;
  }
  const lines = text.split('\n'); let i = 0, para = [], list = null;
  const flush = () => {
    if (para.length) box.append(el('p', {}, inline(para.join(' '), words)));
    para = []; list = null;
  };
  while (i < lines.length) {
    const line = lines[i];
    const fence = line.match(/^\s*(`{3,}|~{3,})/);
    if (fence) {
      flush(); const body = [];
      for (i++; i < lines.length && !lines[i].trim().startsWith(fence[1]); i++) body.push(lines[i]);
      box.append(el('pre', {}, el('code', {}, body.join('\n')))); i++; continue;
    }
    const h = line.match(/^(#{1,6})\s+(.*)/), li = line.match(/^\s*(?:[-*+]|\d+[.)])\s+(.*)/);
    if (h) { flush(); box.append(heading(h[1].length, h[2])); }
    else if (li) {
      if (para.length) flush();
      if (!list) { list = el('ul', {}); box.append(list); }
      list.append(el('li', {}, inline(li[1], words)));
    }
    else if (!line.trim() || /^\s*\[[^\]]+\]:\s+\S+\s*$/.test(line)) flush();   // a link's target, defined apart
    else if (list && /^\s+/.test(line)) list.lastChild.append(' ', ...inline(line.trim(), words));
    else { list = null; para.push(line.trim()); }
    i++;
  }
  flush();
  return box;
}

// Markup that is for the document's own site, as the reader should see it: a link's or a MyST role's text
// (`[pip](https://…)`, `[PyPI][ref]`, {term}`wheel <Wheel>`) without its target.
const unlinked = s => s.replace(/\[([^\]\n]+)\]\([^)\s]*\)|\[([^\]\n]+)\]\[[^\]\n]*\]/g, (m, a, b) => a || b)
                       .replace(/\{[\w:-]+\}`([^`<]+?)\s*(?:<[^`>]*>)?`/g, '`$1`');

function inline(s, words) {   // `code`, **strong** and *em*, as elements
  return unlinked(s).split(/(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*)/).filter(Boolean).map(t =>
    t.startsWith('`') ? el('code', {}, t.slice(1, -1))
    : t.startsWith('**') ? el('strong', {}, markWords(t.slice(2, -2), words))
    : t.startsWith('*') && t.length > 2 ? el('em', {}, markWords(t.slice(1, -1), words))
    : markWords(t, words)).flat();
}

// A PDF section's page as an image, the query's words boxed where they are on the page. It opens at the first page
// of the section that holds one of the words; the image links to itself, to be seen at full size.
function pageView(r) {
  const view = el('div', {class: 'pageview'});
  let page = r.page || r.pages[0];
  const show = async () => {
    const src = `/api/page.png?${new URLSearchParams({doc: r.doc_id, page})}`;
    const frame = el('a', {class: 'frame', href: src, target: '_blank', title: 'the page at full size'});
    const img = el('img', {alt: `page ${page}`, src});
    img.addEventListener('error', () =>   // the pager stays: another page may show
      frame.replaceChildren(el('p', {class: 'note'}, `Page ${page} cannot be shown.`)));
    frame.append(img);
    const pager = el('div', {class: 'pager'},
      el('button', {onclick: () => { if (page > r.pages[0]) { page--; show(); } }}, '‹'),
      r.pages[0] === r.pages[1] ? `page ${page}` : `page ${page} of ${r.pages[0]}–${r.pages[1]}`,
      el('button', {onclick: () => { if (page < r.pages[1]) { page++; show(); } }}, '›'));
    view.replaceChildren(pager, frame);
    try {
      const m = await api('/api/marks', {doc: r.doc_id, page, q: state.q});
      for (const [x0, y0, x1, y1] of m.boxes) {   // placed through the CSSOM: the page's policy forbids style=""
        const box = el('div', {class: 'box'});
        Object.assign(box.style, {left: `${x0 * 100}%`, top: `${y0 * 100}%`, width: `${(x1 - x0) * 100}%`,
                                  height: `${(y1 - y0) * 100}%`});
        frame.append(box);
      }
    } catch (e) { view.append(el('p', {class: 'note'}, e.message)); }
  };
  show();
  return view;
}

// ---- the corpus tree ----------------------------------------------------------------------------------------
async function folder(path, into, offset = 0) {
  const f = await api('/api/folder', {path, offset});
  const ul = into.querySelector(':scope > ul') || into.appendChild(el('ul', {}));
  ul.querySelector(':scope > .more')?.remove();
  for (const sub of f.folders) ul.append(folderItem(sub));
  for (const d of f.docs) ul.append(docItem(d));
  if (f.more) {
    const more = el('li', {class: 'more'});
    more.append(el('span', {onclick: () => folder(path, into, offset + f.folders.length + f.docs.length)},
                   `… ${f.more} more`));
    ul.append(more);
  }
  return f;
}

function folderItem(sub) {
  const li = el('li', {class: 'folder', 'data-path': sub.path});
  li.append(el('span', {title: sub.summary || '', onclick: async () => {
    if (li.classList.toggle('open')) {
      try { await folder(sub.path, li); } catch (e) { li.append(el('p', {class: 'note'}, e.message)); }
      setWithin(sub.path);
    } else {
      li.querySelector('ul')?.remove();
      // searching goes on in the closest folder still open, or everywhere
      if (state.within.startsWith(sub.path)) setWithin(li.parentElement.closest('.folder.open')?.dataset.path || '');
    }
  }}, sub.name, el('span', {class: 'count'}, sub.documents)));
  return li;
}

function docItem(d) {
  const li = el('li', {class: 'doc'});
  li.append(el('span', {title: d.path, onclick: async () => {
    const shown = li.querySelector('ul, .note'); if (shown) { shown.remove(); return; }
    try { const t = await api('/api/doc', {id: d.doc_id}); li.append(nodes([t.tree], t.paged)); }
    catch (e) { li.append(el('p', {class: 'note'}, e.message)); }
  }}, d.title, el('span', {class: 'count'}, d.pages > 1 ? `${d.pages} pp.` : '')));
  return li;
}

function nodes(list, paged) {
  const ul = el('ul', {});
  for (const n of list) ul.append(el('li', {class: 'node'},
    el('span', {'data-node': n.id, onclick: () => open(n.id)}, n.title,
       el('span', {class: 'count'}, paged ? pages(n.pages) : '')),
    n.children && n.children.length ? nodes(n.children, paged) : null));
  return ul;
}

function setWithin(path, ask = true) {
  if (path === state.within) return;
  state.within = path;
  $('within').hidden = !path; $('within-name').textContent = path ? `within ${path}` : '';
  if (ask && $('q').value.trim()) typed();
}

async function showHome(seq) {
  state.hits = [];
  const a = await api('/api/about');
  if (seq !== undefined && seq !== state.seq) return;   // typed meanwhile: the results are what to show
  if (!a.documents) { showNote(el('p', {}, 'This index holds no documents yet. Add some, then reload this page:'),
                               el('p', {}, el('code', {}, a.add_hint))); return; }
  showNote(el('p', {}, `${a.documents} documents, ${a.sections} sections in ${a.db}.`),
           el('p', {}, 'Type to search; results are sections, best first. Open a folder on the left to search '
                       + 'inside it, or a document to read its table of contents.'));
}

// ---- keys ---------------------------------------------------------------------------------------------------
document.addEventListener('keydown', e => {
  const inBox = e.target === $('q'), results = showing() === 'results';
  if (e.key === '/' && !inBox) { e.preventDefault(); $('q').focus(); $('q').select(); }
  else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && results && (inBox || e.target === document.body)) {
    e.preventDefault(); select(state.selected + (e.key === 'ArrowDown' ? 1 : -1)); }
  else if (e.key === 'Enter' && inBox && results && state.hits[state.selected]) {
    e.preventDefault(); open(state.hits[state.selected].node_id); }
  else if (e.key === 'Enter' && !inBox && e.target.tabIndex === 0 && !['BUTTON', 'A'].includes(e.target.tagName)) {
    e.preventDefault(); e.target.click(); }   // a result or a tree entry reached by Tab
  else if (e.key === 'Escape') { e.preventDefault(); back(); }
});

window.addEventListener('DOMContentLoaded', async () => {
  $('q').addEventListener('input', typed);
  $('within-clear').addEventListener('click', () => setWithin(''));
  window.addEventListener('popstate', restore);
  try { await folder('', $('tree')); await restore(); }
  catch (e) { showNote(`The index cannot be read: ${e.message}`); }
  window.litetree.ready = true;
  $('q').focus();
});
