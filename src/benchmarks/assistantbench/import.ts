import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { writeManifest, writeTaskFile, type ImportedTask, type ImportResult } from '../../task/import-output.ts';

/** One question of AssistantBench's data (assistant_bench_v1.0_<split>.jsonl). */
interface Question {
  id: string;
  set?: string;
  task: string;
  answer?: string | null;
  gold_url?: string;
  difficulty?: string;
  /** benchwright's addition, in a copy: the reference actions the oracle replays. */
  solution?: string[];
}

const INSTANCE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const UNSCORED = 'no gold answer (AssistantBench\'s test answers are kept for its leaderboard: export --format assistantbench)';

/**
 * AssistantBench's questions as task files: one per split and difficulty
 * (assistantbench-dev-easy), each question an instance (its id kept) whose goal is the
 * question, starting on the manifest's search page (the site `search`, from
 * ASSISTANTBENCH_SEARCH), judged by AssistantBench's scorer against its gold answer. A question
 * without one (the test split) runs, and its answer is kept, not scored.
 */
export function importAssistantBench(input: string, out: string): ImportResult {
  const notes: string[] = [];
  const groups = new Map<string, Question[]>();
  for (const { question, split } of readQuestions(resolve(input), notes)) {
    const key = `${split}\u0000${(question.difficulty ?? 'unrated').toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), question]);
  }
  const tasksDir = join(resolve(out), 'tasks');
  mkdirSync(tasksDir, { recursive: true });
  const tasks = [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([key, questions]): ImportedTask => {
    const [split, difficulty] = key.split('\u0000') as [string, string];
    const id = `assistantbench-${split}-${difficulty}`.replace(/[^A-Za-z0-9_.-]+/g, '-');
    const file = join(tasksDir, `${id}.yaml`);
    const title = `AssistantBench ${split}, ${difficulty} questions`;
    try {
      writeTaskFile(file, { comment: `AssistantBench's ${split} questions rated ${difficulty}, written by benchwright import assistantbench. Instance ids are its question ids.`, task: taskOf(id, title, split, questions) });
      return { id, title, split, dir: tasksDir, file };
    } catch (e) {
      return { id, title, split, dir: tasksDir, file, error: (e as Error).message };
    }
  });
  writeManifest(resolve(out), 'AssistantBench', Object.fromEntries([...new Set(tasks.map((t) => t.split))].map((s) => [s, s === 'test' ? 'AssistantBench\'s test questions: answers kept for its leaderboard, not scored' : `AssistantBench's ${s} questions`])), {
    tasks: ['tasks/*.yaml'],
    sites: { search: { env: 'ASSISTANTBENCH_SEARCH' } },
  });
  return { tasks, notes };
}

function taskOf(id: string, title: string, split: string, questions: Question[]) {
  return {
    id,
    title,
    description: 'Realistic, time-consuming questions answered on the open web, starting from a search page (AssistantBench).',
    split,
    site: 'search',
    start_url: '/',
    goal: '${question}',
    instances: questions.map((q) => {
      const gold = q.answer === null || q.answer === undefined || q.answer === '' ? undefined : q.answer;
      return {
        id: q.id,
        values: { question: q.task },
        // Its difficulty, for the tables' metrics per difficulty and --grep @hard.
        tags: [(q.difficulty ?? 'unrated').toLowerCase().replace(/[^a-z0-9_.-]+/g, '-')],
        eval: [{ answer: gold === undefined ? { unscored: UNSCORED } : { assistantbench: gold } }],
        ...(Array.isArray(q.solution) && { solution: q.solution }),
      };
    }),
    source: 'https://huggingface.co/datasets/AssistantBench/AssistantBench',
    license: 'Apache-2.0',
  };
}

/** Every question of a JSONL file, or of each .jsonl in a folder, with its split (its `set`, else the file's name); a line that is no question is a note. */
function readQuestions(path: string, notes: string[]): { question: Question; split: string }[] {
  if (!existsSync(path)) throw new Error(`${path}: no such file or folder`);
  const files = statSync(path).isDirectory() ? readdirSync(path).filter((f) => f.endsWith('.jsonl')).sort().map((f) => join(path, f)) : [path];
  if (!files.length) throw new Error(`${path}: no .jsonl file in it (expected AssistantBench's assistant_bench_v1.0_dev.jsonl, ...)`);
  const found: { question: Question; split: string }[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const fromName = /(?:^|[^a-z])(dev|test|train|validation)(?:[^a-z]|$)/i.exec(basename(file))?.[1];
    let unnamed = 0;
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      if (!line.trim()) return;
      let question: Question;
      try {
        question = JSON.parse(line) as Question;
      } catch (e) {
        notes.push(`${file}:${i + 1}: not JSON (${(e as Error).message}); left out`);
        return;
      }
      if (typeof question?.id !== 'string' || typeof question.task !== 'string') {
        notes.push(`${file}:${i + 1}: not an AssistantBench question (expected "id" and "task" strings); left out`);
        return;
      }
      if (!INSTANCE_ID.test(question.id)) {
        notes.push(`${file}:${i + 1}: question id "${question.id}" cannot be an instance id (letters, digits, '.', '_' and '-'); left out`);
        return;
      }
      if (seen.has(question.id)) {
        notes.push(`${file}:${i + 1}: question ${question.id} again; the first is kept`);
        return;
      }
      seen.add(question.id);
      // Hugging Face calls the dev split validation.
      const split = String(question.set ?? fromName ?? '').toLowerCase().replace(/^validation$/, 'dev');
      if (!split) unnamed++;
      found.push({ question, split: split || 'dev' });
    });
    if (unnamed) notes.push(`${file}: ${unnamed} questions without "set", and no split in the file's name: imported as dev`);
  }
  return found;
}
