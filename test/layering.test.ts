import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { ROOT } from './helpers.ts';

// The layers of docs/architecture.md, kept as Playwright keeps its own with DEPS.list files:
// per area, the areas of ours it may import (an area imports itself freely). An area is a
// folder of src/ (`src/*`: the small utilities at its top), a benchmark's folder, or a folder
// at the top (agents, cli's callers). A file named here is an area of its own where a folder's
// other files may not be imported.
const LEAVES = ['src/*', 'src/python', 'src/action-set', 'src/settings'];
const TASKS = ['src/task', ...LEAVES];
const BROWSER = ['src/actions', 'src/observe', 'src/values', 'src/metrics', ...TASKS];
const CONTRACTS = ['src/record', 'src/agent', ...BROWSER];
const SCORING = ['src/evaluators', 'src/llm', ...CONTRACTS];
const CORE = ['src/runner', 'src/runs', 'src/analysis', 'src/render', 'src/viewer', 'src/server', 'src/setup', ...SCORING];
/** What a benchmark's folder may use: the core, and the interface it implements. */
const PLUGIN = [...CORE, 'src/benchmarks/types.ts'];

const MAY_IMPORT: Record<string, string[]> = {
  // Leaves: they import nothing of ours but the small utilities, metrics and tasks each other.
  'src/*': [],
  'src/python': ['src/*'],
  // The run's settings: options and variables, read by every layer.
  'src/settings': ['src/*'],
  // The actions and their grammar: a task file's solution is checked with it.
  'src/action-set': ['src/*'],
  'src/metrics': TASKS,
  'src/task': LEAVES,
  'src/server': TASKS,
  'src/setup': ['src/*'],
  // Acting on a page and reading it.
  'src/values': TASKS,
  'src/actions': ['src/values', 'src/metrics', ...TASKS],
  'src/observe': ['src/actions', 'src/values', ...TASKS],
  // The contracts: what an agent gets and gives, what a test leaves for its reporters.
  'src/agent': BROWSER,
  'src/record': ['src/agent', ...BROWSER],
  'src/llm': LEAVES,
  'src/evaluators': ['src/llm', ...CONTRACTS],
  // The core: running an instance, storing runs, analysing and rendering them.
  'src/runner': ['src/server', ...SCORING],
  'src/runs': ['src/render', 'src/analysis', ...SCORING],
  'src/analysis': SCORING,
  'src/render': ['src/analysis', ...SCORING],
  // The viewer reads what a run kept (src/runs) and writes it for the page.
  'src/viewer': ['src/runs', ...SCORING],
  // Plugins: benchmarks and agents. WebArena-Verified's tasks are WebArena's, imported alike.
  'src/benchmarks/turkingbench': PLUGIN,
  'src/benchmarks/miniwob': PLUGIN,
  'src/benchmarks/webarena': PLUGIN,
  'src/benchmarks/webarena-verified': [...PLUGIN, 'src/benchmarks/webarena'],
  'src/benchmarks/assistantbench': PLUGIN,
  'src/benchmarks/workarena': PLUGIN,
  'src/benchmarks/types.ts': CORE,
  // An agent acts through the action library and gets what it needs in its input: it never
  // loads the benchmark, runs instances or reads reports.
  agents: ['src/llm', 'src/evaluators/fields/gold-action.ts', 'src/evaluators/fields/score-fields.ts', ...CONTRACTS],
  // The entry points: the registry of benchmarks is read here and handed down as data.
  'src/benchmarks': ['src/benchmarks/turkingbench', 'src/benchmarks/miniwob', 'src/benchmarks/webarena', 'src/benchmarks/webarena-verified', 'src/benchmarks/assistantbench', 'src/benchmarks/workarena', 'src/benchmarks/types.ts', ...CORE],
  // export turns a run's steps into the llm agent's prompts: its prompt builders and settings.
  'src/cli': ['agents/llm/prompt.ts', 'agents/llm/step-prompt.ts', 'agents/llm/options.ts', 'src/benchmarks', 'src/benchmarks/types.ts', ...CORE],
  config: ['fixtures', 'agents', 'src/benchmarks', 'src/benchmarks/types.ts', ...CORE],
  fixtures: ['agents', 'src/benchmarks', ...CORE],
  reporters: ['src/benchmarks', ...CORE],
  specs: ['fixtures', 'agents', ...CORE],
  // The harness's own tests (Playwright tests of the fixture): they may use anything, as test/ does.
  'specs/harness': ['test', 'fixtures', 'agents', 'src/benchmarks', 'src/benchmarks/turkingbench', ...CORE],
};

const FOLDERS = ['src', 'agents', 'config', 'fixtures', 'reporters', 'specs'];

const areaOf = (file: string) => {
  if (file in MAY_IMPORT) return file;
  const parts = file.split('/');
  if (parts[0] === 'specs' && parts[1] === 'harness') return 'specs/harness';
  if (parts[0] !== 'src') return parts[0]!;
  if (parts[1] === 'benchmarks' && parts.length > 3) return `src/benchmarks/${parts[2]}`;
  return parts.length > 2 ? `src/${parts[1]}` : 'src/*';
};

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

const ALL = FOLDERS.flatMap(sourceFiles);

/** Every relative import of ours that crosses from one area to another. */
function crossings(): { from: string; to: string }[] {
  const found: { from: string; to: string }[] = [];
  for (const from of ALL) {
    const text = readFileSync(join(ROOT, from), 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const to = relative(ROOT, resolve(dirname(join(ROOT, from)), spec!));
      if (areaOf(to) !== areaOf(from)) found.push({ from, to });
    }
  }
  return found;
}

const allowed = (from: string, to: string) => (MAY_IMPORT[areaOf(from)] ?? []).some((a) => areaOf(to) === a || to === a);

test('layering: every import of src/, agents/, config/, fixtures/, reporters/ and specs/ follows docs/architecture.md\'s arrows', () => {
  const all = crossings();
  assert.ok(all.length > 100, `the import scan found ${all.length} crossings: it reads nothing?`);
  const forbidden = all.filter(({ from, to }) => !allowed(from, to)).map(({ from, to }) => `${from} -> ${to}`);
  assert.deepEqual([...new Set(forbidden)], []);
});

test('layering: no circle between areas', () => {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of crossings()) {
    const [a, b] = [areaOf(from), areaOf(to)];
    if (!edges.has(a)) edges.set(a, new Set());
    edges.get(a)!.add(b);
  }
  const circles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (area: string, path: string[]) => {
    if (state.get(area) === 'done') return;
    if (state.get(area) === 'open') {
      circles.push([...path.slice(path.indexOf(area)), area].join(' -> '));
      return;
    }
    state.set(area, 'open');
    for (const next of edges.get(area) ?? []) visit(next, [...path, area]);
    state.set(area, 'done');
  };
  for (const area of edges.keys()) visit(area, []);
  assert.deepEqual(circles, []);
});

test('layering: the core names no benchmark; metrics are pure', () => {
  // A benchmark's folder is imported by the registry alone (and WebArena-Verified's by no one but it).
  const plugin = (area: string) => /^src\/benchmarks\/[^/.]+$/.test(area);
  const intoBenchmarks = crossings().filter(({ from, to }) => plugin(areaOf(to)) && !['src/benchmarks', 'specs/harness'].includes(areaOf(from))
    && !(areaOf(from) === 'src/benchmarks/webarena-verified' && areaOf(to) === 'src/benchmarks/webarena'));
  assert.deepEqual(intoBenchmarks.map(({ from, to }) => `${from} -> ${to}`), []);
  // Metrics compare values: no browser, no files, no network.
  const impure = sourceFiles('src/metrics').filter((f) => /from ['"](node:|@playwright|playwright)/.test(readFileSync(join(ROOT, f), 'utf8')));
  assert.deepEqual(impure, []);
  assert.ok(existsSync(join(ROOT, 'docs', 'architecture.md')), 'docs/architecture.md holds the layers this test keeps');
});

test('docs/architecture.md names every folder of src/ and every benchmark, in its text and in its Layout', () => {
  const architecture = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const layout = architecture.slice(architecture.indexOf('## Layout'));
  const folders = (dir: string) => readdirSync(join(ROOT, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  const missing = [
    ...folders('src').flatMap((f) => [...(layout.includes(`src/${f}/`) ? [] : [`Layout: src/${f}/`]), ...(architecture.slice(0, architecture.indexOf('## Layout')).includes(`src/${f}`) ? [] : [`architecture: src/${f}`])]),
    ...folders('src/benchmarks').flatMap((b) => [...(layout.includes(b) ? [] : [`Layout: ${b}`]), ...(architecture.includes(`\`${b}/\``) ? [] : [`architecture: ${b}/`])]),
  ];
  assert.deepEqual(missing, []);
});
