'use strict';
// One instance: what it is and how it ended, its episode, its form's fields on the final page,
// and each evaluator's verdict with what it expected against what it found.

const json = (value) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

BW.headerSection = (view) => {
  const { row } = view;
  const verdict = row.verdict;
  const facts = [
    ['project', `${row.project} (agent ${row.agent})`],
    ['score', row.score === null ? 'not scored' : `${BW.number(row.score)}${row.ceiling !== null && row.ceiling < 1 ? ` of a ceiling of ${BW.number(row.ceiling)}` : ''}`],
    ['outcome', `${row.outcome} · ${row.status}${row.retries ? ` · ${row.retries} retries` : ''}`],
    row.error && ['error', row.error],
    row.budgetReached && ['budget reached', row.budgetReached],
    row.pageLimited?.length && ['page-limited', row.pageLimited.join(', ')],
    row.usage && ['spent', `${BW.count(row.usage.calls, 'call')} · ${row.usage.promptTokens.toLocaleString('en')} + ${row.usage.completionTokens.toLocaleString('en')} tokens${row.usage.cost !== null ? ` · ${BW.cost(row.usage.cost)}` : ''}`],
    row.tags?.length && ['tags', row.tags.join(', ')],
    row.sites?.length && ['sites', row.sites.join(', ')],
  ].filter(Boolean);
  return h('header', { class: 'instance-head' },
    h('h2', {}, h('span', { class: `verdict v-${verdict.replace(/ /g, '-')}` }, verdict), ` ${row.task} · ${row.instance}`),
    h('dl', {}, facts.map(([term, value]) => [h('dt', {}, term), h('dd', {}, value)])));
};

/** The final page with a box drawn where each field is, when it was in view. */
BW.finalPage = (base, shots, fieldName) => {
  if (!shots?.final) return null;
  const frame = h('figure', { class: 'final-page' }, h('img', { src: base + shots.final, alt: 'the final page' }));
  const boxes = shots.boxes;
  if (boxes) {
    for (const [field, [x, y, w, hgt]] of Object.entries(boxes.boxes)) {
      const percent = (value, of) => `${(100 * value) / of}%`;
      const style = { left: percent(x, boxes.width), top: percent(y, boxes.height), width: percent(w, boxes.width), height: percent(hgt, boxes.height) };
      frame.append(h('div', { class: `field-box${field === fieldName ? ' marked' : ''}`, 'data-field': field, style, title: field }));
    }
  }
  frame.append(h('figcaption', {}, 'the final page'));
  return frame;
};

BW.formSection = (base, view) => {
  const { fields, shots } = view;
  const located = new Set(Object.keys(shots?.boxes?.boxes ?? {}));
  const mark = (field) => {
    for (const box of document.querySelectorAll('.field-box')) box.classList.toggle('marked', box.dataset.field === field);
    for (const tr of document.querySelectorAll('tr[data-field]')) tr.classList.toggle('marked', tr.dataset.field === field);
  };
  const answer = (value) => (value === null || value === undefined ? '' : Array.isArray(value) ? value.join(' | ') : String(value));
  const table = h('table', { class: 'fields' },
    h('thead', {}, h('tr', {}, ['field', 'kind', "annotators' answers", 'read', 'score', 'ceiling', 'why'].map((t) => h('th', {}, t)))),
    h('tbody', {}, fields.map((f) => h('tr', { 'data-field': f.field, class: located.has(f.field) ? 'located' : '', onclick: () => mark(f.field) },
      h('td', {}, f.field), h('td', {}, f.type ?? ''),
      h('td', {}, h('ol', {}, f.gold.map((g) => h('li', {}, answer(g))))),
      h('td', { class: 'prediction' }, f.prediction === null ? 'unreadable' : answer(f.prediction)),
      h('td', {}, BW.number(f.score)), h('td', {}, f.ceiling === undefined ? '' : BW.number(f.ceiling)), h('td', {}, f.reason ?? '')))));
  // The final page is the viewport as the agent left it: fields scrolled out of it cannot be marked.
  const hint = located.size ? `choose a field to mark it on the final page (${located.size} of ${fields.length} were in view when it was captured)` : '';
  return h('section', { class: 'form' }, h('h3', {}, `Form, ${BW.count(fields.length, 'field')}`), hint && h('p', { class: 'hint' }, hint), BW.finalPage(base, shots), table);
};

BW.evaluationsSection = (evaluations) => h('section', { class: 'evaluations' }, h('h3', {}, 'Evaluators'),
  evaluations.map((e) => h('article', { class: 'evaluation', 'data-evaluator': e.evaluator },
    h('h4', {}, `${e.evaluator}: ${e.score === null ? 'not scored' : BW.number(e.score)}${e.ceiling !== undefined && e.ceiling !== null && e.ceiling < 1 ? ` (ceiling ${BW.number(e.ceiling)})` : ''}`),
    e.reason && h('p', { class: 'reason' }, e.reason),
    (e.expected !== undefined || e.got !== undefined) && h('div', { class: 'evidence' },
      h('div', {}, h('h5', {}, 'expected'), h('pre', { class: 'expected' }, json(e.expected ?? null))),
      h('div', {}, h('h5', {}, 'found'), h('pre', { class: 'got' }, json(e.got ?? null)))),
    e.recorded && h('details', {}, h('summary', {}, 'recorded'), h('pre', {}, json(e.recorded))),
    e.unsettled && h('p', { class: 'unsettled' }, `the page still moved when it was read: ${json(e.unsettled)}`))));

/** The instance's pane; `other` is the same instance in the run it is compared with. */
BW.instancePane = (base, view, other) => {
  const parts = [BW.headerSection(view)];
  if (other) parts.push(h('p', { class: 'other' }, `in ${other.names[1]} (${other.view.row.project}): `, h('span', { class: `verdict v-${other.view.row.verdict.replace(/ /g, '-')}` }, other.view.row.verdict), ` score ${BW.number(other.view.row.score)}`));
  if (view.episode) parts.push(BW.episodeSection(base, view, other));
  else if (view.row.episode) parts.push(h('p', { class: 'hint' }, "Its episode's steps were not kept (the run's trajectories.jsonl has no steps for it)."));
  if (view.episode && view.shots?.final) parts.push(BW.finalPage(base, view.shots));
  if (view.fields?.length) parts.push(BW.formSection(base, view));
  if (view.evaluations?.length) parts.push(BW.evaluationsSection(view.evaluations));
  return parts;
};
