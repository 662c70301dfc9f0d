'use strict';
// An episode step by step: what the agent saw (screenshot, URL, tabs, the tree folded with the
// element it acted on marked), what it chose and why, what came of it, and what it cost.

/** The element an action names: its first argument when that is a ref (e12, f1e3, x40) or a BrowserGym bid. */
BW.actedOn = (action) => /^[a-z_]+\(\s*"((?:f\d+)?[ex]?\d+)"/.exec(action ?? '')?.[1];

/** Where the tree marks an element: [ref=e12] in Playwright's snapshot, [12] at the start of a line in BrowserGym's. */
BW.markedLine = (tree, ref) => {
  const lines = tree.split('\n');
  const at = lines.findIndex((line) => line.includes(`[ref=${ref}]`) || line.trimStart().startsWith(`[${ref}]`));
  return { lines, at };
};

BW.treeView = (tree, ref) => {
  const details = h('details', { class: 'tree' }, h('summary', {}, `tree the agent saw (${tree.length.toLocaleString('en')} characters)${ref ? `, ${ref} marked` : ''}`));
  // Drawn when opened: a run's trees are most of its data, and few are read.
  details.addEventListener('toggle', () => {
    if (!details.open || details.querySelector('pre')) return;
    const { lines, at } = BW.markedLine(tree, ref);
    const pre = h('pre', {}, ...lines.map((line, i) => h('span', { class: i === at ? 'line acted' : 'line' }, `${line}\n`)));
    details.append(pre);
    // Scrolled within the tree only: the pane stays where the reader is.
    const acted = pre.querySelector('.acted');
    if (acted) pre.scrollTop = acted.offsetTop - pre.offsetTop - pre.clientHeight / 2;
  });
  return details;
};

BW.stepTitle = (step) => `step ${step.step} · ${step.action || 'no usable action'} · ${step.ok ? 'done' : step.error ?? 'failed'}`;

BW.stepCard = (base, episode, shots, i, differs) => {
  const step = episode.steps[i];
  const seen = episode.seen?.[i];
  const usage = step.usage;
  // A reference solution acts by selector; its ref is what a model would have named.
  const ref = BW.actedOn(step.byRef ?? step.action);
  const tree = seen ? seen.axtree ?? seen.snapshot : undefined;
  const shot = shots?.steps?.[step.step];
  return h('article', { class: `step${step.ok ? '' : ' failed'}${differs ? ' differs' : ''}`, 'data-step': step.step },
    h('h4', {}, BW.stepTitle(step)),
    differs && h('p', { class: 'difference' }, 'first step where the runs differ'),
    shot && h('img', { class: 'shot', src: base + shot, alt: `the page at step ${step.step}`, loading: 'lazy' }),
    h('p', { class: 'where' }, h('span', { class: 'url' }, step.url),
      seen?.tabs?.length > 1 ? h('span', { class: 'tabs', title: seen.tabs.map((t) => `${t.focused ? '▶ ' : ''}${t.title} ${t.url}`).join('\n') }, ` · ${seen.tabs.length} tabs`) : ''),
    step.reasoning && h('p', { class: 'reasoning' }, step.reasoning),
    step.byRef && h('p', { class: 'by-ref' }, `as refs: ${step.byRef}`),
    h('p', { class: 'spent' }, [
      `${(step.ms / 1000).toFixed(1)} s`,
      usage && `${usage.promptTokens.toLocaleString('en')} + ${usage.completionTokens.toLocaleString('en')} tokens`,
      usage && usage.cost !== null && BW.cost(usage.cost),
      usage?.cached ? `${usage.cached} cached` : '',
    ].filter(Boolean).join(' · ')),
    seen?.lastError && h('p', { class: 'last-error' }, `told: ${seen.lastError}`),
    tree !== undefined && BW.treeView(tree, ref),
    step.prompt && BW.promptView(step.prompt, tree));
};

/** The prompt, folded, with the step's tree back where the record wrote its placeholder. */
BW.promptView = (recorded, tree) => {
  const prompt = tree !== undefined && BW.promptTree ? recorded.split(BW.promptTree).join(tree) : recorded;
  return h('details', { class: 'prompt' }, h('summary', {}, `prompt (${prompt.length.toLocaleString('en')} characters)`), h('pre', {}, prompt));
};

/** The first step at which two episodes did something else (another action, or one ended). */
BW.firstDifference = (a, b) => {
  const n = Math.max(a.steps.length, b.steps.length);
  const acted = (step) => step && (step.byRef ?? step.action);
  for (let i = 0; i < n; i++) if (acted(a.steps[i]) !== acted(b.steps[i])) return i;
  return -1;
};

BW.episodeSection = (base, view, other) => {
  const { episode } = view;
  const summary = [
    `ended: ${episode.end ?? 'broke off'}`,
    episode.answer !== undefined && `answer: ${episode.answer}${episode.answerFrom ? ` (${episode.answerFrom})` : ''}`,
    episode.infeasible !== undefined && `infeasible: ${episode.infeasible}`,
    episode.failure !== undefined && `agent failed: ${episode.failure}`,
    episode.finalUrl !== undefined && `final URL: ${episode.finalUrl}`,
  ].filter(Boolean);
  const section = h('section', { class: 'episode' }, h('h3', {}, `Episode, ${BW.count(episode.steps.length, 'step')}`), h('p', { class: 'goal' }, episode.goal), h('ul', { class: 'ending' }, summary.map((s) => h('li', {}, s))));
  if (!other?.view.episode) {
    section.append(h('div', { class: 'steps' }, episode.steps.map((_, i) => BW.stepCard(base, episode, view.shots, i, false))));
    return section;
  }
  const theirs = other.view.episode;
  const differ = BW.firstDifference(episode, theirs);
  const rows = Math.max(episode.steps.length, theirs.steps.length);
  const grid = h('div', { class: 'side-by-side' }, h('h4', {}, other.names[0]), h('h4', {}, other.names[1]));
  for (let i = 0; i < rows; i++) {
    grid.append(
      episode.steps[i] ? BW.stepCard(base, episode, view.shots, i, i === differ) : h('div', { class: 'step none' }, 'no step'),
      theirs.steps[i] ? BW.stepCard(other.base, theirs, other.view.shots, i, i === differ) : h('div', { class: 'step none' }, 'no step'));
  }
  section.append(h('p', { class: 'difference-summary' }, differ < 0 ? 'the two episodes took the same actions' : `the episodes differ from step ${differ + 1}`), grid);
  return section;
};
