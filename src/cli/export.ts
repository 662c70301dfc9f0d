import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { DEFAULT_LLM_OPTIONS, type LlmOptions } from '../../agents/llm/options.ts';
import { buildMessages } from '../../agents/llm/prompt.ts';
import { buildStepMessages } from '../../agents/llm/step-prompt.ts';
import { parseActions } from '../action-set/parse.ts';
import { atCeiling } from '../record/evaluation.ts';
import { selectorArgs } from '../observe/observe.ts';
import { locateResults } from '../runs/run-folders.ts';
import { readTrajectories, TRAJECTORIES } from '../runs/trajectories.ts';
import type { Trajectory } from '../record/trajectory.ts';
import type { FieldTrajectory } from '../record/trajectory.ts';
import { benchmarks } from '../benchmarks/index.ts';
import type { ExportFormat } from '../benchmarks/types.ts';
import { oneOf, parseCommandLine } from '../usage-error.ts';
import { type Command, RUN_ARGUMENT } from './help.ts';

/** The formats benchmarks add (Benchmark.export), by name; chat is the core's own. */
const formats = (): Record<string, ExportFormat> => Object.fromEntries(benchmarks().flatMap((b) => (b.export ? [[b.name, b.export] as const] : [])));
const names = () => ['chat', ...Object.keys(formats())];

const CHAT_HELP = `--format chat: turns a run's successful instances into training data, one JSON object per line, {"messages": [...]}: what OpenAI's fine-tuning and most trainers read. An oracle run of the train split (npx playwright test --project=oracle) is supervised data this way.
- An episode (goal tasks, and form tasks run open-ended): for each step whose action was done, the chat messages the llm agent's prompt builder makes from what the agent was shown at that step (goal, tabs, accessibility tree, last error, earlier steps, the action set), and the action taken as the assistant's reply (a reference solution's element selectors written as the refs those elements had; a step whose element had none is left out).
- A form the oracle filled: for each field it set, the messages the llm agent's per-field prompt builder makes from the field as loaded and the relevant HTML around it (no demonstrations), and the oracle's action as the reply.

The chat prompts are built with the run's project settings (agentOptions) over the llm agent's defaults; a vision project's screenshots are not kept, so its records hold the text of its prompts.`;

export const exportRun: Command = {
  help: () => ({
    command: 'export',
    summary: "write a run as training data or as a benchmark's files",
    description: [`Writes a run in another form, chosen with --format, and prints what it wrote.`, CHAT_HELP, ...Object.values(formats()).map((f) => f.help)].join('\n\n'),
    arguments: [['[run]', `${RUN_ARGUMENT}; default: latest`]],
    options: [
      ['--format <name>', `${names().join(', ')}; required`],
      ['--split <name>', 'only instances of this split (repeatable; chat, and the formats that say so); chat: train, to keep test answers out of training data (default: every split, saying how many are not train)'],
      ['--out <path>', "where to write (default: chat.jsonl, or a folder named after the format, in the run's folder)"],
    ],
  }),
  run: exportCommand,
};

type Example = ChatCompletionMessageParam[];

async function exportCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(args, { format: { type: 'string' }, split: { type: 'string', multiple: true }, out: { type: 'string' } }, 1);
  const formatName = oneOf('--format', values.format, names());
  const { folder, results } = locateResults(positionals[0]);
  const format = formats()[formatName];
  if (format) {
    const lines = format.run({ folder, results, trajectories: () => readTrajectories(folder) }, { out: resolve(values.out ?? join(folder, formatName)), ...(values.split && { splits: values.split }) });
    for (const line of lines) console.log(line);
    return 0;
  }
  const records = readTrajectories(folder);
  if (!records.length) throw new Error(`${folder} has no trajectories (${TRAJECTORIES}): export takes runs of goal tasks, of form tasks run open-ended, and oracle runs of form tasks`);
  const chosen = values.split ? records.filter((r) => values.split!.includes(r.split ?? '')) : records;
  const lines: string[] = [];
  let used = 0;
  let notTrain = 0;
  // An answer the closed-book fallback gave is no example of its episode's steps.
  for (const record of chosen.filter((r) => atCeiling(r) && !r.trajectory?.answerFrom)) {
    const options: LlmOptions = { ...DEFAULT_LLM_OPTIONS, ...(results.meta.projects[record.project]?.agentOptions as Partial<LlmOptions> | undefined) };
    const examples = record.trajectory ? await episodeExamples(record.trajectory, options) : await fieldExamples(record.fieldTrajectory, options);
    if (!examples) continue;
    used++;
    if (record.split !== 'train') notTrain += examples.length;
    for (const messages of examples) lines.push(JSON.stringify({ messages }));
  }
  const out = resolve(values.out ?? join(folder, 'chat.jsonl'));
  writeFileSync(out, lines.map((l) => `${l}\n`).join(''));
  const left = chosen.length - used;
  console.log(`${lines.length} examples from ${used} successful instances${left ? ` (${left} left out: below their ceiling, or recorded before observations were)` : ''}: ${out}`);
  if (notTrain && !values.split) console.log(`${notTrain} of them come from instances outside the train split: --split train leaves them out of training data`);
  return 0;
}

/** An episode's steps as the llm agent would have been prompted at each; undefined when it was recorded without observations. */
async function episodeExamples(trajectory: Trajectory, options: LlmOptions): Promise<Example[] | undefined> {
  const { observations, actionSet } = trajectory;
  if (!observations || !actionSet) return undefined;
  // As a model writes them: a reference solution's selectors by the refs its elements had.
  const history = trajectory.steps.map((step) => ({ ...step, action: step.byRef ?? step.action }));
  const examples: Example[] = [];
  for (const [i, step] of history.entries()) {
    if (!step.action || !step.ok || namesBySelector(step.action)) continue;
    const { messages } = await buildStepMessages({ goal: trajectory.goal, ...(trajectory.answerFormat && { answerFormat: trajectory.answerFormat }), observation: observations[i]!, history: history.slice(0, i), actionSet }, options);
    examples.push([...messages, { role: 'assistant', content: `${step.reasoning ? `Reasoning: ${step.reasoning}\n` : ''}Action: ${step.action}` }]);
  }
  return examples;
}

/** A form's fields as the llm agent's per-field prompt asks them, each answered with the action taken. */
async function fieldExamples({ title, description, steps }: FieldTrajectory, options: LlmOptions): Promise<Example[]> {
  const examples: Example[] = [];
  for (const { field, html, action } of steps) {
    const { messages } = await buildMessages({ task: { title, description }, field, html, demos: [] }, options);
    examples.push([...messages, { role: 'assistant', content: action }]);
  }
  return examples;
}

/** A step whose element is named by a selector no ref could stand for: no model could have written it. */
function namesBySelector(written: string): boolean {
  const action = parseActions(written).actions[0];
  return action !== undefined && selectorArgs(action).length > 0;
}
