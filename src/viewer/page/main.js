'use strict';
// Opens the run beside this page and, with ?with=<another run's viewer folder>, the run it is
// compared with (benchwright show runA runB). The instance open is in the address (#key), so a
// link names it.

const withVerdict = (run, r, view) => ({ ...view, row: { ...view.row, verdict: run.index.verdicts[r[3]] } });

const showError = (message) => {
  document.getElementById('instance').replaceChildren(h('p', { class: 'error' }, message));
};

const start = async () => {
  const runA = await BW.openRun('');
  const otherBase = new URLSearchParams(location.search).get('with');
  const runB = otherBase ? await BW.openRun(otherBase.endsWith('/') ? otherBase : `${otherBase}/`) : null;
  document.getElementById('run-name').textContent = `${runA.index.run.name} · ${BW.count(runA.index.rows.length, 'instance')}`;
  if (runB) document.getElementById('other-name').textContent = `compared with ${runB.index.run.name}`;
  document.title = `${runA.index.run.name} · benchwright viewer`;
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
      const theirs = runB?.match(runA.index.projects[r[0]], runA.index.tasks[r[1]], r[2]);
      const other = theirs && { base: runB.base, names: [runA.index.run.name, runB.index.run.name], view: withVerdict(runB, theirs, await runB.instance(theirs)) };
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
  const wanted = runA.byKey.get(decodeURIComponent(location.hash.slice(1)));
  if (wanted) BW.list.open(runA.index.rows.indexOf(wanted));
};

start().catch((e) => showError(`The viewer could not open this run: ${e.message}`));
