import { DEFAULT_RESAMPLES } from '../analysis/aggregate.ts';
import { type Comparison, compareRuns, type Run } from '../analysis/compare.ts';
import { isRun, locateResults } from '../runs/run-folders.ts';
import { renderCompareMarkdown, renderCompareText } from '../render/compare.ts';
import { benchmarkCompareSections } from '../benchmarks/index.ts';
import type { CompareSection } from '../render/sections.ts';
import { oneOf, parseCommandLine, UsageError, wholeNumber } from '../usage-error.ts';
import { type Command, RUN_ARGUMENT } from './help.ts';

export const compare: Command = {
  help: () => ({
    command: 'compare',
    summary: 'compare two runs, project by project and task by task',
    description: `Compares two runs, e.g. before and after changing a prompt or a model. Per pair of projects and per task: the score in A and in B over the instances both runs scored, B - A with a 95% interval (paired bootstrap over those instances), the instances whose score or outcome changed, and those in only one run.

Projects of the same name are paired; two runs of one project each are paired whatever the names.`,
    arguments: [
      ['<run-a>', RUN_ARGUMENT],
      ['<run-b>', 'the run to compare with it, named the same ways'],
    ],
    options: [
      ['--pair <A project>=<B project>', 'compare these projects (repeatable; only the pairs named)'],
      ['--format text|markdown|json', 'what to print (default text)'],
      ['--json', 'print the comparison as JSON (--format json)'],
      ['--seed <n>', "bootstrap seed (default: run A's seed, else 1)"],
      ['--resamples <n>', `bootstrap resamples (default ${DEFAULT_RESAMPLES})`],
    ],
  }),
  run: (args) => {
    const { values, positionals } = parseCommandLine(args, {
      pair: { type: 'string', multiple: true, default: [] },
      format: { type: 'string', default: 'text' },
      json: { type: 'boolean', default: false },
      seed: { type: 'string' },
      resamples: { type: 'string', default: String(DEFAULT_RESAMPLES) },
    }, 2);
    if (positionals.length < 2) throw new UsageError(positionals.length ? 'missing run B' : 'missing runs A and B');
    const format = values.json ? 'json' : oneOf('--format', values.format, Object.keys(RENDER));
    const resamples = wholeNumber('--resamples', values.resamples);
    const chosenSeed = values.seed === undefined ? undefined : wholeNumber('--seed', values.seed);
    const [a, b] = [locateResults(positionals[0]), locateResults(positionals[1])];
    const pairs = pairProjects(projectsOf(a), projectsOf(b), values.pair);
    const [seedA, seedB] = [a.results.meta.selection?.seed, b.results.meta.selection?.seed];
    // A seeded instance (instances: { seeds }) is a problem made from the run's seed: instance 3 of another seed is another problem.
    if (seedA !== seedB) console.error(`benchwright compare: the runs chose different seeds (A ${seedA ?? '?'}, B ${seedB ?? '?'}): instances of seeded tasks (MiniWoB) and sampled instances differ, so a pair of rows may be two problems`);
    const added = benchmarkCompareSections();
    const comparison = compareRuns(a, b, pairs, { resamples, seed: chosenSeed ?? seedA ?? 1 }, added);
    console.log(RENDER[format]!(comparison, added));
    // Two runs (not results.json files) have viewers: the same instances side by side.
    if (format === 'text' && isRun(a.folder) && isRun(b.folder)) console.log(`\nSide by side, instance by instance: benchwright show ${positionals[0]} ${positionals[1]}`);
    return 0;
  },
};

const RENDER: Record<string, (comparison: Comparison, added: CompareSection[]) => string> = {
  text: renderCompareText,
  markdown: renderCompareMarkdown,
  json: (comparison) => JSON.stringify(comparison, null, 2),
};

const projectsOf = (run: Run) => [...new Set(run.results.instances.map((i) => i.project))];

/**
 * Which project of A is compared with which of B: the pairs named (--pair), else the projects
 * both runs have, else the only project of each.
 */
export function pairProjects(projectsA: string[], projectsB: string[], named: string[]): [string, string][] {
  const runs = `run A has ${list(projectsA)}; run B has ${list(projectsB)}`;
  if (named.length) {
    return named.map((pair) => {
      const at = pair.indexOf('=');
      const [a, b] = [pair.slice(0, at), pair.slice(at + 1)];
      if (at < 0 || !a || !b) throw new UsageError(`--pair expects <A project>=<B project>, not "${pair}"`);
      if (!projectsA.includes(a) || !projectsB.includes(b)) throw new UsageError(`--pair ${pair}: no such project (${runs})`);
      return [a, b];
    });
  }
  const shared = projectsA.filter((p) => projectsB.includes(p));
  if (shared.length) return shared.map((p) => [p, p]);
  if (projectsA.length === 1 && projectsB.length === 1) return [[projectsA[0]!, projectsB[0]!]];
  throw new UsageError(`the runs share no project name, so which projects to compare is unclear (${runs}): name them with --pair <A project>=<B project>`);
}

const list = (projects: string[]) => (projects.length ? `projects ${projects.map((p) => `"${p}"`).join(', ')}` : 'no project');
