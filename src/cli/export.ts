import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { DEFAULT_LLM_OPTIONS, type LlmOptions } from '../../agents/llm/options.ts';
import { buildStepMessages } from '../../agents/llm/step-prompt.ts';
import { parseActions } from '../actions/parse-actions.ts';
import { selectorArgs } from '../observe/observe.ts';
import { locateResults } from '../report/run-folders.ts';
import { readTrajectories, TRAJECTORIES, type TrajectoryRecord } from '../report/trajectories.ts';
import { UsageError } from './usage.ts';

export const EXPORT_USAGE = `benchwright export [run] --format chat [--out <file>]

Turns a run's successful episodes (goal tasks, and form tasks run open-ended) into training
data: for each step whose action was done, the chat messages the llm agent's prompt builder
makes from what the agent was shown at that step (goal, tabs, accessibility tree, last error,
earlier steps, the action set), and the action taken as the assistant's reply (a reference
solution's element selectors written as the refs those elements had; a step whose element had
none is left out). One JSON object
per line, {"messages": [...]}: what OpenAI's fine-tuning and most trainers read. An oracle run
of the train split (npx playwright test --project=oracle) is supervised data this way. A run:
its folder, its name in the report folder, or latest (the default). The prompts are built with
the run's project settings (agentOptions) over the llm agent's defaults.

  --format chat   the only format so far
  --out <file>    where to write (default: chat.jsonl in the run's folder)`;

/** A step whose element is named by a selector no ref could stand for: no model could have written it. */
function namesBySelector(written: string): boolean {
  const action = parseActions(written).actions[0];
  return action !== undefined && selectorArgs(action).length > 0;
}

/** An episode counts when it scored its ceiling: a perfect agent's steps. */
const succeeded = (r: TrajectoryRecord) => r.score !== null && r.ceiling !== null && r.score >= r.ceiling - 1e-9;

export async function exportCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { format: { type: 'string' }, out: { type: 'string' } } });
  if (values.format !== 'chat') throw new UsageError(`--format must be chat${values.format === undefined ? '' : `, not "${values.format}"`}`, EXPORT_USAGE);
  if (positionals.length > 1) throw new UsageError('expected one run', EXPORT_USAGE);
  const { folder, results } = locateResults(positionals[0]);
  const episodes = readTrajectories(folder);
  if (!episodes.length) throw new Error(`${folder} has no episodes (${TRAJECTORIES}): export takes runs of goal tasks, or of form tasks run open-ended`);
  const lines: string[] = [];
  const kept = episodes.filter((e) => succeeded(e) && e.trajectory.observations && e.trajectory.actionSet);
  for (const { project, trajectory } of kept) {
    const options: LlmOptions = { ...DEFAULT_LLM_OPTIONS, ...(results.meta.projects[project]?.agentOptions as Partial<LlmOptions> | undefined) };
    // As a model writes them: a reference solution's selectors by the refs its elements had.
    const history = trajectory.steps.map((step) => ({ ...step, action: step.byRef ?? step.action }));
    for (const [i, step] of history.entries()) {
      if (!step.action || !step.ok || namesBySelector(step.action)) continue;
      const view = { goal: trajectory.goal, observation: trajectory.observations![i]!, history: history.slice(0, i), actionSet: trajectory.actionSet! };
      const { messages } = await buildStepMessages(view, options);
      const reply: ChatCompletionMessageParam = { role: 'assistant', content: `${step.reasoning ? `Reasoning: ${step.reasoning}\n` : ''}Action: ${step.action}` };
      lines.push(JSON.stringify({ messages: [...messages, reply] }));
    }
  }
  const out = resolve(values.out ?? join(folder, 'chat.jsonl'));
  writeFileSync(out, lines.map((l) => `${l}\n`).join(''));
  const left = episodes.length - kept.length;
  console.log(`${lines.length} examples from ${kept.length} successful episodes${left ? ` (${left} left out: below their ceiling, or recorded before observations were)` : ''}: ${out}`);
  return 0;
}
