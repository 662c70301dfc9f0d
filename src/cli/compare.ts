import { parseArgs } from 'node:util';
import { DEFAULT_RESAMPLES } from '../analysis/aggregate.ts';
import { compareRuns, type Run } from '../analysis/compare.ts';
import { locateResults } from '../runs/run-folders.ts';
import { renderCompareMarkdown, renderCompareText } from '../render/compare.ts';
import { benchmarkCompareSections } from '../benchmarks/index.ts';
import { UsageError } from '../usage-error.ts';

export const COMPARE_USAGE = `benchwright compare <run A> <run B> [options]

Compares two runs, e.g. before and after changing a prompt or a model. A run is latest, a
run's name or folder in the report folder (benchwright runs), or a results.json. Per pair of projects and per task: the score in A and in B over
the instances both runs scored, B - A with a 95% interval (paired bootstrap over those
instances), the instances whose score or outcome changed, and those in only one run.

Projects of the same name are paired; two runs of one project each are paired whatever the
names.

  --pair <A project>=<B project>  compare these projects (repeatable; only the pairs named)
  --format text|markdown|json     what to print (default text)
  --seed <n>                      bootstrap seed (default: run A's seed, else 1)
  --resamples <n>                 bootstrap resamples (default ${DEFAULT_RESAMPLES})`;

const FORMATS = ['text', 'markdown', 'json'];

export function compareCommand(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      pair: { type: 'string', multiple: true, default: [] },
      format: { type: 'string', default: 'text' },
      seed: { type: 'string' },
      resamples: { type: 'string', default: String(DEFAULT_RESAMPLES) },
    },
  });
  if (positionals.length !== 2) throw new UsageError('expected two runs: each latest, a run\'s name or folder, or a results.json', COMPARE_USAGE);
  if (!FORMATS.includes(values.format)) throw new UsageError(`--format must be ${FORMATS.join(', ')}, not "${values.format}"`, COMPARE_USAGE);
  for (const option of ['seed', 'resamples'] as const) {
    const value = values[option];
    if (value !== undefined && !/^\d+$/.test(value)) throw new UsageError(`--${option} must be a whole number, not "${value}"`, COMPARE_USAGE);
  }
  const [a, b] = [locateResults(positionals[0]), locateResults(positionals[1])];
  const pairs = pairProjects(projectsOf(a), projectsOf(b), values.pair);
  const seed = values.seed !== undefined ? Number(values.seed) : (a.results.meta.selection?.seed ?? 1);
  const [seedA, seedB] = [a.results.meta.selection?.seed, b.results.meta.selection?.seed];
  // A seeded instance (instances: { seeds }) is a problem made from the run's seed: instance 3 of another seed is another problem.
  if (seedA !== seedB) console.error(`benchwright: the runs chose different seeds (A ${seedA ?? '?'}, B ${seedB ?? '?'}): instances of seeded tasks (MiniWoB) and sampled instances differ, so a pair of rows may be two problems`);
  const added = benchmarkCompareSections();
  const comparison = compareRuns(a, b, pairs, { resamples: Number(values.resamples), seed }, added);
  const render = { text: renderCompareText, markdown: renderCompareMarkdown, json: (c: object) => JSON.stringify(c, null, 2) }[values.format]!;
  console.log(render(comparison, added));
  return 0;
}

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
      if (at < 0 || !a || !b) throw new UsageError(`--pair expects <A project>=<B project>, not "${pair}"`, COMPARE_USAGE);
      if (!projectsA.includes(a) || !projectsB.includes(b)) throw new UsageError(`--pair ${pair}: no such project (${runs})`, COMPARE_USAGE);
      return [a, b];
    });
  }
  const shared = projectsA.filter((p) => projectsB.includes(p));
  if (shared.length) return shared.map((p) => [p, p]);
  if (projectsA.length === 1 && projectsB.length === 1) return [[projectsA[0]!, projectsB[0]!]];
  throw new UsageError(`the runs share no project name, so which projects to compare is unclear (${runs}): name them with --pair <A project>=<B project>`, COMPARE_USAGE);
}

const list = (projects: string[]) => (projects.length ? `projects ${projects.map((p) => `"${p}"`).join(', ')}` : 'no project');
