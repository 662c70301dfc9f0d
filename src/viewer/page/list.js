'use strict';
// The list of instances: filters over the index's rows, and only the rows in sight drawn
// (30,000 rows would be 30,000 elements; the list is a tall empty space with ~40 in it).

const ROW_HEIGHT = 26;

BW.list = {
  run: null,
  shown: [],
  selected: null,
  onOpen: null,

  start(run, onOpen) {
    this.run = run;
    this.onOpen = onOpen;
    const { index } = run;
    const form = document.getElementById('filters');
    const fill = (name, labels, counts) => {
      const select = form.elements[name];
      select.replaceChildren(h('option', { value: '' }, 'all'), ...labels.map((label, i) => h('option', { value: String(i) }, counts ? `${label} (${counts[i] ?? 0})` : label)));
    };
    const verdictCounts = [];
    for (const r of index.rows) verdictCounts[r[3]] = (verdictCounts[r[3]] ?? 0) + 1;
    fill('project', index.projects);
    fill('task', index.tasks);
    fill('tag', index.tags);
    fill('verdict', index.verdicts, verdictCounts);
    fill('end', index.ends);
    form.addEventListener('input', () => this.filter());
    form.addEventListener('submit', (e) => e.preventDefault());
    const list = document.getElementById('list');
    list.addEventListener('scroll', () => this.draw());
    list.addEventListener('keydown', (e) => this.key(e));
    new ResizeObserver(() => this.draw()).observe(list);
    this.filter();
  },

  /** The rows every filter keeps. */
  filter() {
    const form = document.getElementById('filters').elements;
    const pick = (name) => (form[name].value === '' ? -1 : Number(form[name].value));
    const project = pick('project'), task = pick('task'), tag = pick('tag'), verdict = pick('verdict'), end = pick('end');
    const costMin = form.costMin.value === '' ? -Infinity : Number(form.costMin.value);
    const costMax = form.costMax.value === '' ? Infinity : Number(form.costMax.value);
    const costed = costMin > -Infinity || costMax < Infinity;
    const text = form.text.value.trim().toLowerCase();
    const { rows, tasks } = this.run.index;
    this.shown = [];
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if ((project >= 0 && r[0] !== project) || (task >= 0 && r[1] !== task) || (verdict >= 0 && r[3] !== verdict) || (end >= 0 && r[7] !== end)) continue;
      if (tag >= 0 && !r[9].includes(tag)) continue;
      if (costed && (r[8] === null || r[8] < costMin || r[8] > costMax)) continue;
      if (text && !tasks[r[1]].toLowerCase().includes(text) && !r[2].toLowerCase().includes(text)) continue;
      this.shown.push(i);
    }
    document.getElementById('count').textContent = `${this.shown.length.toLocaleString('en')} of ${rows.length.toLocaleString('en')}`;
    document.getElementById('list-space').style.height = `${this.shown.length * ROW_HEIGHT}px`;
    this.draw();
  },

  draw() {
    const list = document.getElementById('list');
    const space = document.getElementById('list-space');
    const first = Math.max(0, Math.floor(list.scrollTop / ROW_HEIGHT) - 5);
    const last = Math.min(this.shown.length, Math.ceil((list.scrollTop + list.clientHeight) / ROW_HEIGHT) + 5);
    const rows = [];
    for (let n = first; n < last; n++) rows.push(this.rowElement(this.shown[n], n));
    space.replaceChildren(...rows);
  },

  rowElement(i, n) {
    const { index } = this.run;
    const r = index.rows[i];
    const verdict = index.verdicts[r[3]];
    const score = r[4] === null ? '–' : r[5] !== null && r[5] < 1 ? `${BW.number(r[4], 2)}/${BW.number(r[5], 2)}` : BW.number(r[4], 2);
    return h('div', {
      class: `row${i === this.selected ? ' selected' : ''}`, role: 'option', 'aria-selected': i === this.selected ? 'true' : 'false',
      'data-row': i, style: { top: `${n * ROW_HEIGHT}px` }, onclick: () => this.open(i),
    },
    h('span', { class: `verdict v-${verdict.replace(/ /g, '-')}`, title: verdict }, verdict),
    h('span', { class: 'project' }, index.projects[r[0]]),
    h('span', { class: 'task', title: index.tasks[r[1]] }, index.tasks[r[1]]),
    h('span', { class: 'id', title: r[2] }, r[2]),
    h('span', { class: 'score' }, score),
    h('span', { class: 'n-steps', title: 'steps' }, r[6] === null ? '' : r[6]),
    h('span', { class: 'end' }, r[7] < 0 ? '' : index.ends[r[7]]),
    h('span', { class: 'cost' }, BW.cost(r[8])));
  },

  open(i) {
    this.selected = i;
    this.draw();
    this.onOpen(i);
  },

  /** Up and down move through the list shown, as in a file list. */
  key(e) {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const at = this.shown.indexOf(this.selected);
    const next = this.shown[Math.min(this.shown.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))];
    if (next === undefined) return;
    const list = document.getElementById('list');
    const top = this.shown.indexOf(next) * ROW_HEIGHT;
    if (top < list.scrollTop || top + ROW_HEIGHT > list.scrollTop + list.clientHeight) list.scrollTop = top - list.clientHeight / 2;
    this.open(next);
  },
};
