// litetree ui: the page's behaviour. Every text that comes from an index (titles, paths, snippets, sections) is put
// in the page as a text node, never parsed as HTML: a document that contains <script> shows it as text.
'use strict';
const $ = id => document.getElementById(id);
const state = {q: '', within: '', hits: [], selected: -1, seq: 0, typedAt: 0, timer: 0, node: null};
window.litetree = {timings: [], ready: false};   // what the browser tests and bench/ui.py read

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'onclick') e.addEventListener('click', v); else e.setAttribute(k, v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k instanceof Node ? k : String(k));
  return e;
}

async function api(path, params) {
  const r = await fetch(path + '?' + new URLSearchParams(params || {}));
  const body = await r.json();
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
}

function pages(p) { return !p ? '' : p[0] === p[1] ? `p. ${p[0]}` : `pp. ${p[0]}–${p[1]}`; }

// A text with the spans [start, end) in `marks` wrapped in <mark>.
function marked(text, marks) {
  const out = []; let at = 0;
  for (const [a, b] of marks || []) { out.push(text.slice(at, a), el('mark', {}, text.slice(a, b))); at = b; }
  out.push(text.slice(at));
  return out;
}

function status(s) { $('status').textContent = s; }

// ---- search -------------------------------------------------------------------------------------------------
function typed() {
  state.typedAt = performance.now();
  clearTimeout(state.timer);
  state.timer = setTimeout(search, 40);   // debounced: a burst of keys asks once
}

async function search() {
  const q = $('q').value.trim(), seq = ++state.seq, typedAt = state.typedAt;
  if (!q) { showHome(); return; }
  const slow = setTimeout(() => { if (seq === state.seq) status('searching…'); }, 150);
  try {
    const r = await api('/api/search', {q, within: state.within});
    if (seq !== state.seq) return;   // a newer query was asked meanwhile
    state.q = q; state.hits = r.sections;
    showResults(r);
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
  status('');
}

// ---- reading a section --------------------------------------------------------------------------------------
async function open(node) {
  let r;
  try { r = await api('/api/section', {node, q: state.q}); }
  catch (e) { showNote(`Cannot open ${node}: ${e.message}`); return; }
  state.node = node;
  const art = $('reader');
  $('results').hidden = true; art.hidden = false;
  const step = (n, label) => !n ? el('span')
    : el('button', {'data-node': n.id, title: n.title, onclick: () => open(n.id)}, `${label}${n.title}`);
  const text = el('div', {class: 'text'}, el('h2', {}, r.title), rendered(r.text, r.markup));
  if (r.truncated) text.append(el('p', {class: 'note'}, `Cut at ${r.text.length} of ${r.chars} characters.`));
  const reading = el('div', {class: 'reading'}, text);
  if (r.page_images) reading.append(pageView(r));
  art.replaceChildren(
    el('div', {class: 'crumb'}, r.breadcrumb, el('span', {class: 'pages'}, pages(r.paged ? r.pages : null))),
    el('div', {class: 'nav'}, step(r.prev, '‹ '),
       state.hits.length ? el('button', {onclick: back}, 'Back to results (Esc)') : el('span'), step(r.next, '› ')),
    reading);
  art.scrollTop = 0;
  status('');
}

function back() { if (state.hits.length) { $('reader').hidden = true; $('results').hidden = false; } }

// Markdown-like text as elements: headings, code blocks, lists, paragraphs and inline code. Nothing in it is HTML.
function rendered(text, markup) {
  const box = el('div', {});
  if (!markup) { for (const p of text.split(/\n\s*\n/)) if (p.trim()) box.append(el('p', {}, p)); return box; }
  const lines = text.split('\n'); let i = 0, para = [], list = null;
  const flush = () => { if (para.length) box.append(el('p', {}, inline(para.join(' ')))); para = []; list = null; };
  while (i < lines.length) {
    const line = lines[i];
    const fence = line.match(/^\s*(`{3,}|~{3,})/);
    if (fence) {
      flush(); const body = [];
      for (i++; i < lines.length && !lines[i].trim().startsWith(fence[1]); i++) body.push(lines[i]);
      box.append(el('pre', {}, el('code', {}, body.join('\n')))); i++; continue;
    }
    const h = line.match(/^(#{1,6})\s+(.*)/), li = line.match(/^\s*(?:[-*+]|\d+[.)])\s+(.*)/);
    if (h) { flush(); box.append(el(`h${Math.min(6, h[1].length + 2)}`, {}, inline(h[2]))); }
    else if (li) {
      if (para.length) flush();
      if (!list) { list = el('ul', {}); box.append(list); }
      list.append(el('li', {}, inline(li[1])));
    }
    else if (!line.trim()) flush();
    else if (list && /^\s+/.test(line)) list.lastChild.append(' ', ...inline(line.trim()));
    else { list = null; para.push(line.trim()); }
    i++;
  }
  flush();
  return box;
}

function inline(s) {   // `code`, **strong** and *em*, as elements
  return s.split(/(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*)/).filter(Boolean).map(t =>
    t.startsWith('`') ? el('code', {}, t.slice(1, -1)) : t.startsWith('**') ? el('strong', {}, t.slice(2, -2))
    : t.startsWith('*') && t.length > 2 ? el('em', {}, t.slice(1, -1)) : t);
}

// A PDF section's page as an image, the query's words boxed where they are on the page.
function pageView(r) {
  const view = el('div', {class: 'pageview'});
  let page = r.pages[0];
  const show = async () => {
    const frame = el('div', {class: 'frame'}),
          img = el('img', {alt: `page ${page}`, src: `/api/page.png?${new URLSearchParams({doc: r.doc_id, page})}`});
    frame.append(img);
    const pager = el('div', {class: 'pager'},
      el('button', {onclick: () => { if (page > r.pages[0]) { page--; show(); } }}, '‹'),
      `page ${page} (${pages(r.pages)})`,
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
  view.addEventListener('error', () => view.replaceChildren(el('p', {class: 'note'}, `Page ${page} cannot be shown.`)),
                        true);   // an image's error does not bubble: caught on the way down
  show();
  return view;
}

// ---- the corpus tree ----------------------------------------------------------------------------------------
async function folder(path, into) {
  const f = await api('/api/folder', {path});
  const ul = el('ul', {});
  for (const sub of f.folders) {
    const li = el('li', {class: 'folder'});
    li.append(el('span', {title: sub.summary || '', onclick: async () => {
      if (li.classList.toggle('open')) { if (!li.querySelector('ul')) await folder(sub.path, li); setWithin(sub.path); }
      else li.querySelector('ul')?.remove();
    }}, sub.name, el('span', {class: 'count'}, sub.documents)));
    ul.append(li);
  }
  for (const d of f.docs) {
    const li = el('li', {class: 'doc'});
    li.append(el('span', {title: d.path, onclick: async () => {
      const open_ = li.querySelector('ul'); if (open_) { open_.remove(); return; }
      const t = await api('/api/doc', {id: d.doc_id});
      li.append(nodes([t.tree]));
    }}, d.title, el('span', {class: 'count'}, d.pages > 1 ? `${d.pages} pp.` : '')));
    ul.append(li);
  }
  into.append(ul);
  return f;
}

function nodes(list) {
  const ul = el('ul', {});
  for (const n of list) ul.append(el('li', {class: 'node'},
    el('span', {'data-node': n.id, onclick: () => open(n.id)}, n.title, el('span', {class: 'count'}, pages(n.pages))),
    n.children && n.children.length ? nodes(n.children) : null));
  return ul;
}

function setWithin(path) {
  state.within = path;
  $('within').hidden = !path; $('within-name').textContent = path ? `within ${path}` : '';
  if ($('q').value.trim()) typed();
}

async function showHome() {
  state.hits = []; state.q = '';
  const a = await api('/api/about');
  if (!a.documents) { showNote(el('p', {}, 'This index holds no documents yet. Add some, then reload this page:'),
                               el('p', {}, el('code', {}, a.add_hint))); return; }
  showNote(el('p', {}, `${a.documents} documents, ${a.sections} sections in ${a.db}.`),
           el('p', {}, 'Type to search; results are sections, best first. Open a folder on the left to search '
                       + 'inside it, or a document to read its table of contents.'));
}

// ---- keys ---------------------------------------------------------------------------------------------------
document.addEventListener('keydown', e => {
  const inBox = e.target === $('q');
  if (e.key === '/' && !inBox) { e.preventDefault(); $('q').focus(); $('q').select(); }
  else if (e.key === 'ArrowDown' && !$('results').hidden) { e.preventDefault(); select(state.selected + 1); }
  else if (e.key === 'ArrowUp' && !$('results').hidden) { e.preventDefault(); select(state.selected - 1); }
  else if (e.key === 'Enter' && !$('results').hidden && state.selected >= 0 && state.hits[state.selected]) {
    e.preventDefault(); open(state.hits[state.selected].node_id); }
  else if (e.key === 'Escape') back();
});

window.addEventListener('DOMContentLoaded', async () => {
  $('q').addEventListener('input', typed);
  $('within-clear').addEventListener('click', () => setWithin(''));
  try { await folder('', $('tree')); await showHome(); }
  catch (e) { showNote(`The index cannot be read: ${e.message}`); }
  window.litetree.ready = true;
  $('q').focus();
});
