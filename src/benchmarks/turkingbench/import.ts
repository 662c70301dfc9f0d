import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { linksOutside } from '../../task/folders.ts';
import { classifyColumns, goldColumns } from '../../task/instances.ts';
import { scanTemplate } from '../../task/template.ts';
import { slugFor, writeManifest, writeTaskFile, type ImportedTask, type ImportResult } from '../../task/import-output.ts';

/**
 * TurkingBench (github.com/JHU-CLSP/turking-bench): a task is a folder named after the task,
 * holding template.html (the Turkle page) and batch.csv (one row per worker: input columns,
 * then Answer.<field> columns). data/splits/*.txt list the task names of each split.
 */
const SPLIT_FILES: Record<string, string> = {
  'evaluation_tasks_easy.txt': 'test',
  'evaluation_tasks_hard.txt': 'challenge',
  'subjective_evaluation_tasks.txt': 'subjective',
};
const SPLITS = {
  train: 'TurkingBench tasks outside the evaluation splits',
  test: 'evaluation tasks (evaluation_tasks_easy.txt)',
  challenge: 'harder evaluation tasks (evaluation_tasks_hard.txt)',
  subjective: 'tasks left out of evaluation (subjective_evaluation_tasks.txt)',
};
const SOURCE = 'https://github.com/JHU-CLSP/turking-bench';
const FLATTEN_OBJECTS = /<crowd-form\b[^>]*\banswer-format\s*=\s*["']?flatten-objects/i;

/** Accepts a checkout (tasks/ and data/splits/), its tasks folder, or one task folder. */
export function importTurkingBench(input: string, out: string): ImportResult {
  const root = resolve(input);
  if (!existsSync(root)) throw new Error(`${input}: no such folder`);
  let taskDirs: string[];
  let splitsDir: string;
  if (existsSync(join(root, 'template.html'))) {
    taskDirs = [root];
    splitsDir = join(root, '..', '..', 'data', 'splits');
  } else {
    const tasksDir = existsSync(join(root, 'tasks')) ? join(root, 'tasks') : root;
    taskDirs = readdirSync(tasksDir)
      .map((name) => join(tasksDir, name))
      .filter((dir) => statSync(dir).isDirectory())
      .sort();
    splitsDir = join(tasksDir, '..', 'data', 'splits');
  }
  if (taskDirs.length === 0) throw new Error(`${input}: no task folders (expected folders with template.html and batch.csv)`);
  const splitOf = readSplits(splitsDir);

  const outDir = resolve(out);
  mkdirSync(outDir, { recursive: true });
  const used = new Set<string>();
  const tasks = taskDirs.map((dir) => importTask(dir, outDir, slugFor(basename(dir), used), splitOf.get(basename(dir)) ?? 'train'));
  writeManifest(outDir, 'TurkingBench', SPLITS);
  return { tasks, notes: splitOf.size ? [] : ['no data/splits/*.txt found beside the tasks: every task is in split "train"'] };
}

function readSplits(dir: string): Map<string, string> {
  const splitOf = new Map<string, string>();
  if (!existsSync(dir)) return splitOf;
  for (const [file, split] of Object.entries(SPLIT_FILES)) {
    if (!existsSync(join(dir, file))) continue;
    for (const line of readFileSync(join(dir, file), 'utf8').split(/\r?\n/)) {
      const name = line.trim();
      if (name) splitOf.set(name, split);
    }
  }
  return splitOf;
}

function importTask(dir: string, outDir: string, id: string, split: string): ImportedTask {
  const title = basename(dir);
  const target = join(outDir, id);
  const missing = ['template.html', 'batch.csv'].filter((f) => !existsSync(join(dir, f)));
  if (missing.length) return { id, title, split, dir: target, error: `${dir}: missing ${missing.join(' and ')}` };
  // A checkout may come from anyone: its files are read and copied only from inside the task folder.
  const outside = ['template.html', 'batch.csv'].filter((f) => linksOutside(join(dir, f), dir));
  if (outside.length) return { id, title, split, dir: target, error: `${dir}: ${outside.join(' and ')} ${outside.length === 1 ? 'is a link' : 'are links'} to a file outside the task folder` };

  const html = readFileSync(join(dir, 'template.html'), 'utf8');
  const csv = readFileSync(join(dir, 'batch.csv'));
  // The header and first record are enough here; the loader reads the rest.
  const [header = [], first = []] = parse(csv, { bom: true, to: 2, relax_column_count: true }) as string[][];
  const columns = classifyColumns(header);
  const scan = scanTemplate(html);
  // A crowd-form with answer-format="flatten-objects" sends a True/False column per option.
  const answerFormat = FLATTEN_OBJECTS.test(html) ? 'flatten-objects' as const : undefined;
  // Answer columns that answer no field of the static page name fields that page scripts create.
  const dynamic = goldColumns(columns.gold, new Map(scan.fields.map((f) => [f.name, f])), answerFormat).unknown.map(([, name]) => name);
  // Turkle leaves ${name} as written when no column has that name: so do we, knowingly.
  const inputs = new Set(columns.inputs.map(([, name]) => name));
  const unfilled = [...new Set(scan.placeholders.map((p) => p.name))].filter((name) => !inputs.has(name));
  const description = first[header.indexOf('Description')] ?? '';

  // The whole folder (pages may load files next to them), with the batch as instances.csv;
  // nothing left of an earlier import (sources are often read-only: copies would be too).
  // Links are copied as written: one inside the folder stays inside the copy (the loader and
  // the server refuse one that leads out).
  rmSync(target, { recursive: true, force: true });
  cpSync(dir, target, { recursive: true, verbatimSymlinks: true, filter: (src) => src !== join(dir, 'batch.csv') });
  copyFileSync(join(dir, 'batch.csv'), join(target, 'instances.csv'));
  writeTaskFile(join(target, 'task.yaml'), {
    comment: `Imported from the TurkingBench task folder "${title}" by benchwright import turkingbench.`,
    task: {
      id,
      title,
      ...(description && { description }),
      split,
      source: SOURCE,
      license: 'Apache-2.0',
      template: 'template.html',
      ...(unfilled.length && { keep_placeholders: unfilled }),
      instances: { csv: 'instances.csv', ...(answerFormat && { answer_format: answerFormat }) },
      ...(dynamic.length && { fields: Object.fromEntries(dynamic.map((name) => [name, { dynamic: true }])) }),
    },
  });
  return { id, title, split, dir: target };
}
