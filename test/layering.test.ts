import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { ROOT } from './helpers.ts';

// The layers of DESIGN.md, kept as Playwright keeps its own with DEPS.list files: per area, the
// areas of ours it may import (an area imports itself freely). `src/*` are the leaf utilities
// at the top of src/. An area not listed here may not be imported by anything of src/.
const MAY_IMPORT: Record<string, string[]> = {
  'src/*': [],
  // The action grammar is a leaf: a task file's solution is checked with it.
  'src/task': ['src/*', 'src/actions/parse-actions.ts', 'src/actions/signatures.ts'],
  'src/values': ['src/task', 'src/*'],
  'src/metrics': ['src/task', 'src/values', 'src/*'],
  'src/actions': ['src/metrics', 'src/task', 'src/values', 'src/*'],
  'src/agent': ['src/actions', 'src/observe', 'src/task', 'src/values', 'src/*'],
  'src/server': ['src/task', 'src/*'],
  'src/evaluators': ['src/metrics', 'src/task', 'src/values', 'src/*'],
  // The chat client, its reply cache and prices: the LLM agent's and the fuzzy_match judge's.
  'src/llm': ['src/metrics', 'src/*'],
  'src/observe': ['src/actions', 'src/values', 'src/*'],
  'src/setup': ['src/*'],
  'src/importers': ['src/metrics', 'src/server', 'src/task', 'src/values', 'src/*'],
  'src/runner': ['src/actions', 'src/agent', 'src/evaluators', 'src/metrics', 'src/observe', 'src/report', 'src/server', 'src/task', 'src/values', 'src/*'],
  'src/report': ['src/agent', 'src/evaluators', 'src/metrics', 'src/runner', 'src/task', 'src/*'],
  // export turns a run's steps into the llm agent's prompts: its prompt builders and settings.
  'src/cli': ['agents/llm/prompt.ts', 'agents/llm/step-prompt.ts', 'agents/llm/options.ts', 'src/actions/parse-actions.ts', 'src/observe', 'src/evaluators', 'src/importers', 'src/llm', 'src/metrics', 'src/report', 'src/runner', 'src/setup', 'src/task', 'src/*'],
  // An agent acts through the action library and gets what it needs in its input: it never
  // loads the benchmark, runs instances or reads reports.
  agents: ['src/actions', 'src/agent', 'src/llm', 'src/metrics', 'src/observe', 'src/values', 'src/*', 'src/task/types.ts'],
};

const areaOf = (file: string) => {
  const parts = file.split('/');
  if (parts[0] !== 'src') return parts[0]!;
  return parts.length > 2 ? `src/${parts[1]}` : 'src/*';
};

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** Every relative import of ours that crosses from one area to another. */
function crossings(): { from: string; to: string }[] {
  const found: { from: string; to: string }[] = [];
  for (const from of [...sourceFiles('src'), ...sourceFiles('agents')]) {
    const text = readFileSync(join(ROOT, from), 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const to = relative(ROOT, resolve(dirname(join(ROOT, from)), spec!));
      if (areaOf(to) !== areaOf(from)) found.push({ from, to });
    }
  }
  return found;
}

test('layering: every import of src/ and agents/ follows DESIGN.md\'s arrows', () => {
  const all = crossings();
  assert.ok(all.length > 50, `the import scan found ${all.length} crossings: it reads nothing?`);
  const forbidden = all
    .filter(({ from, to }) => !(MAY_IMPORT[areaOf(from)] ?? []).some((allowed) => areaOf(to) === allowed || to === allowed))
    .map(({ from, to }) => `${from} -> ${areaOf(to)}`);
  assert.deepEqual([...new Set(forbidden)], []);
});
