'use strict';
// Opens the run beside this page and, with ?with=<another run's viewer folder>, the run it is
// compared with (benchwright show runA runB). The instance open is in the address (#key), so a
// link names it.

const withVerdict = (run, r, view) => ({ ...view, row: { ...view.row, verdict: run.index.verdicts[r[3]] } });

/** The project of the other run an instance is compared with, as benchwright compare pairs them: the same name, else the only project of each run. */
const pairedProject = (runA, runB, project) => {
  if (runB.index.projects.includes(project)) return project;
  return runA.index.projects.length === 1 && runB.index.projects.length === 1 ? runB.index.projects[0] : undefined;
};

const showError = (message) => {
  document.getElementById('instance').replaceChildren(h('p', { class: 'error' }, message));
};

/** The instance the address names (#key), when it is one. */
const wantedKey = () => {
  try {
    return decodeURIComponent(location.hash.slice(1));
  } catch {
    return '';
  }
};

/** Task files that could not be loaded have no instance to list: said above the list. */
const showTaskErrors = (errors) => {
  if (!errors.length) return;
  const list = h('ul', {}, errors.map((e) => h('li', {}, `${e.project} · ${e.task}: ${e.error}`)));
  document.getElementById('run').append(h('details', { class: 'task-errors error' }, h('summary', {}, `${BW.count(errors.length, 'task file')} could not be loaded`), list));
};

/** The run compared with; one that cannot be opened is said in the header, and this run is shown alone. */
const openOther = async (base) => {
  const other = document.getElementById('other-name');
  try {
    const run = await BW.openRun(base.endsWith('/') ? base : `${base}/`);
    other.textContent = `compared with ${run.index.run.name}`;
    return run;
  } catch (e) {
    other.textContent = `the run to compare with could not be opened: ${e.message}`;
    other.classList.add('error');
    return null;
  }
};

const start = async () => {
  const runA = await BW.openRun('');
  document.getElementById('run-name').textContent = `${runA.index.run.name} · ${BW.count(runA.index.rows.length, 'instance')}`;
  document.title = `${runA.index.run.name} · benchwright viewer`;
  showTaskErrors(runA.index.taskErrors);
  const otherBase = new URLSearchParams(location.search).get('with');
  const runB = otherBase ? await openOther(otherBase) : null;
  let opening = 0;
  const open = async (i) => {
    const ticket = ++opening;
    const r = runA.index.rows[i];
    const key = runA.key(r);
    history.replaceState(null, '', `#${encodeURIComponent(key)}`);
    const pane = document.getElementById('instance');
    pane.setAttribute('aria-busy', 'true');
    try {
      const view = withVerdict(runA, r, await runA.instance(r));
      const project = runB ? pairedProject(runA, runB, runA.index.projects[r[0]]) : undefined;
      const theirs = project === undefined ? undefined : runB.byKey.get(`${project}\u0000${runA.index.tasks[r[1]]}\u0000${r[2]}`);
      const other = theirs ? { base: runB.base, names: [runA.index.run.name, runB.index.run.name], view: withVerdict(runB, theirs, await runB.instance(theirs)) } : null;
      if (ticket !== opening) return;
      pane.replaceChildren(...BW.instancePane('', view, other).filter(Boolean));
      pane.dataset.loaded = key;
      pane.scrollTop = 0;
    } catch (e) {
      if (ticket === opening) showError(e.message);
    } finally {
      if (ticket === opening) pane.removeAttribute('aria-busy');
    }
  };
  BW.list.start(runA, open);
  const wanted = runA.byKey.get(wantedKey());
  if (wanted) BW.list.open(runA.index.rows.indexOf(wanted));
};

start().catch((e) => showError(`The viewer could not open this run: ${e.message}`));
