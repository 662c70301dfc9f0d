import type { Page } from '@playwright/test';
import type { Action } from '../../src/action-set/signatures.ts';
import { documentHtml, type ActionLibrary } from '../../src/actions/library.ts';
import type { FieldState } from '../../src/values/read-fields.ts';
import type { AgentInput, AgentReport, Demonstration } from '../../src/agent/types.ts';
import { complete, type CallRecord } from '../../src/llm/client.ts';
import { actionsForField, askInRounds, runFieldActions } from '../field-actions.ts';
import { usageOf } from './call-usage.ts';
import { DEFAULT_LLM_OPTIONS, type LlmOptions } from './options.ts';
import { readRelevantHtml } from '../../src/observe/relevant-html.ts';
import { buildMessages, reprompt, type FieldPrompt } from './prompt.ts';

/** An LLM agent's run on a form. */
export async function runLlm({ page, actions, task, fields, options, report, demonstrations }: AgentInput): Promise<void> {
  const settings: LlmOptions = { ...DEFAULT_LLM_OPTIONS, ...(options as Partial<LlmOptions>) };
  const demos = demonstrations(settings.demos);
  if (demos.length) report.log.push({ demonstrations: demos.map(({ task: from, field, source }) => ({ task: from, field, source })) });
  await askInRounds(page, fields, (asked) => askAndAct({ page, actions, task, demos, settings, report }, asked));
}

/** What every round of an instance shares. */
interface Run {
  page: Page;
  actions: ActionLibrary;
  task: AgentInput['task'];
  demos: Demonstration[];
  settings: LlmOptions;
  report: AgentReport;
}

/** One round: the page read once, every field asked at once (up to the worker's cap), then the actions in field order. */
async function askAndAct({ page, actions, task, demos, settings, report }: Run, asked: FieldState[]): Promise<void> {
  const htmls = await pageHtml(page, asked, settings);
  const prompts: FieldPrompt[] = [];
  // Screenshots one field at a time: they scroll.
  for (const [i, field] of asked.entries()) prompts.push({ task, field, demos, html: htmls[i]!, ...(settings.vision && { screenshot: await screenshotAround(page, actions, field) }) });
  // A log entry per field, in field order, filled as its calls come back: what was paid for is
  // in the report at once, whatever happens to the instance after.
  const entries: FieldLog[] = asked.map((field) => ({ field: field.name, calls: [] }));
  report.log.push(...entries);
  const answers = await Promise.all(prompts.map((prompt, i) => answerField(prompt, settings, (call) => {
    entries[i]!.calls.push({ ...call, ms: Math.round(call.ms) });
    report.usage[prompt.field.name] = usageOf(entries[i]!.calls, undefined);
  })));
  for (const [i, field] of asked.entries()) {
    const { actions: chosen, pageCut } = answers[i]!;
    // The model's action could not be done (an option the field does not have...): said with the field.
    const error = answers[i]!.error ?? (await runFieldActions(actions, chosen));
    report.usage[field.name] = usageOf(entries[i]!.calls, error);
    Object.assign(entries[i]!, pageCut && { pageCut }, error && { error });
  }
}

/** What the agent log says of one field. */
interface FieldLog {
  field: string;
  pageCut?: number;
  calls: CallRecord[];
  error?: string;
}

/** Per field, the page as its prompt shows it: the whole HTML, or the relevant HTML around it. */
async function pageHtml(page: Page, fields: FieldState[], settings: LlmOptions): Promise<string[]> {
  if (settings.html === 'full') {
    const html = await documentHtml(page);
    return fields.map(() => html);
  }
  const around = await readRelevantHtml(page, fields.map((f) => f.name));
  // A field only in a frame: the main page's HTML.
  const whole = around.includes(null) ? await documentHtml(page) : '';
  return around.map((html) => html ?? whole);
}

/** The viewport around the field, as JPEG (a fraction of a PNG's bytes in every request). */
async function screenshotAround(page: Page, actions: ActionLibrary, field: FieldState): Promise<string> {
  // The library finds the field as every action does (frames, any name); a failure leaves the view as it is.
  await actions.scroll_to(field.name);
  return (await page.screenshot({ type: 'jpeg', quality: 70 })).toString('base64');
}

/** Ask, and re-ask quoting the parse error, until a reply holds an action for this field; each call is reported as it ends. */
async function answerField(prompt: FieldPrompt, settings: LlmOptions, called: (call: CallRecord) => void): Promise<FieldAnswer> {
  const { messages, cut } = await buildMessages(prompt, settings);
  const answer = (actions: Action[], error?: string): FieldAnswer => ({ actions, ...(cut && { pageCut: cut }), ...(error && { error }) });
  for (let attempt = 0; ; attempt++) {
    const call = await complete(messages, settings);
    called(call);
    if (call.error && call.reply === undefined) return answer([], call.error);
    const found = actionsForField(call.reply ?? '', prompt.field.name);
    if (found.error === undefined) return answer(found.actions);
    const why = found.error;
    if (attempt >= settings.reprompts) return answer([], `no usable action after ${attempt + 1} replies: ${why}`);
    messages.push(...reprompt(call.reply ?? '', why));
  }
}

/** A field's actions, the tokens of page the prompt left out, why there is no action. */
interface FieldAnswer {
  actions: Action[];
  pageCut?: number;
  error?: string;
}
