import type { ChatCompletionContentPart, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { isBrowserGymAction } from '../../src/actions/browsergym-actions.ts';
import { parseActions } from '../../src/action-set/parse.ts';
import { ACTION_HELP, actionForms, formatAction, type ActionName } from '../../src/action-set/signatures.ts';
import type { StepRecord } from '../../src/agent/types.ts';
import { countTokens, fitTokens, loadEncoding } from '../../src/llm/tokens.ts';
import type { Observation } from '../../src/observe/observe.ts';
import type { LlmOptions } from './options.ts';

/**
 * What one step's prompt is made of: what the agent is told at that step. The trajectory
 * records it for every step, so a run's steps can be turned into prompts again (export).
 */
export interface StepView {
  goal: string;
  /** How the final answer must be written, when the task's evaluators say. */
  answerFormat?: string;
  observation: Observation;
  history: StepRecord[];
  actionSet: ActionName[];
}

/** How the step names the page's elements: Playwright's refs, or BrowserGym's bids when its tree is shown. */
const naming = (view: StepView) => (view.observation.browsergym?.axtree !== undefined
  ? { marked: 'whose elements are marked [12] (their bid)', name: 'Name elements by their bid' }
  : { marked: 'whose elements are marked [ref=e12]', name: 'Name elements by their ref' });

const system = (actionSet: ActionName[], view: StepView) => `You are an agent acting in a web browser to reach a goal, one action per step. At each step you see the goal, the open tabs, the page as an accessibility tree ${naming(view).marked}, the error of your last action if it failed, and your earlier steps. ${naming(view).name}; pages of the site the task started on are shown by their path (goto takes a path too). When the goal is reached, end with send_msg_to_user, with the answer if the goal asks for information; when it cannot be done, say so with report_infeasible.

Answer with one short sentence of reasoning, then one action, exactly so:
Reasoning: <why>
Action: <one action call>

Actions (strings in double quotes):
${actionSet.map((name) => `${actionForms(name).join(' | ')}: ${ACTION_HELP[name]}`).join('\n')}`;

/** The chat messages of one step, the accessibility tree cut to the prompt budget (`cut`: tokens left out). */
export async function buildStepMessages(view: StepView, options: LlmOptions): Promise<{ messages: ChatCompletionMessageParam[]; cut: number }> {
  const head = system(view.actionSet, view);
  const tree = await fitTree(view, [head, userText(view, '', 0)].join('\n'), options);
  // BrowserGym's HTML, when shown, has what the tree leaves of the budget.
  const html = await fitHtml(view, [head, userText(view, tree.text, tree.cut)].join('\n'), options);
  const text = userText(view, tree.text, tree.cut, html);
  // BrowserGym's set-of-marks screenshot stands for the plain one.
  const image = view.observation.browsergym?.som ?? view.observation.screenshot;
  const content: ChatCompletionContentPart[] | string = image
    ? [{ type: 'text', text }, { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${image}` } }]
    : text;
  return { messages: [{ role: 'system', content: head }, { role: 'user', content }], cut: tree.cut + html.cut };
}

/** The follow-up when a reply holds no usable action: the problem, quoted (BrowserGym's parse-and-retry). */
export function stepReprompt(reply: string, error: string): ChatCompletionMessageParam[] {
  return [
    { role: 'assistant', content: reply },
    { role: 'user', content: `Your answer could not be used: ${error}\nAnswer again: one short sentence of reasoning, then exactly one action.\nReasoning: <why>\nAction: <one action call>` },
  ];
}

/**
 * A reply's reasoning and its one action (the text after "Action:", else the whole reply), or
 * why it holds none. With the step's action set, an action outside it (a form's modify_text in
 * an episode) is no usable action either: the model is told which ones it has. BrowserGym's
 * own names (mouse_click, keyboard_type...) are taken though not listed.
 */
export function readStepReply(reply: string, actionSet?: readonly ActionName[]): { action: string; reasoning?: string } | { error: string } {
  const marker = [...reply.matchAll(/^\s*Action:\s*/gim)].at(-1);
  const actionText = marker ? reply.slice(marker.index + marker[0].length) : reply;
  const parsed = parseActions(actionText);
  // The parser's own word for no call at all suggests a form's action: say it for this step.
  if (!parsed.actions.length) return { error: parsed.errors.length && !NO_CALL.test(parsed.errors[0]!.message) ? parsed.errors[0]!.message : 'no action call in the reply' };
  if (parsed.errors.length) return { error: parsed.errors[0]!.message };
  if (parsed.actions.length !== 1) return { error: `one action per step, not ${parsed.actions.length} (${parsed.actions.map(formatAction).join(', ')})` };
  const action = parsed.actions[0]!;
  if (actionSet && !actionSet.includes(action.name) && !isBrowserGymAction(action.name)) return { error: `${action.name} is not an action of this task (its actions: ${actionSet.join(', ')})` };
  // On one line: the reasoning is shown again among the earlier steps, one line each.
  const reasoning = marker ? reply.slice(0, marker.index).replace(/^\s*Reasoning:\s*/i, '').replace(/\s+/g, ' ').trim() : '';
  return { action: formatAction(action), ...(reasoning && { reasoning }) };
}

/** parseActions' error for text without any call. */
const NO_CALL = /^no action found\b/;

function userText(view: StepView, tree: string, cut: number, html = { text: '', cut: 0 }): string {
  const { observation: o } = view;
  const start = originOf(view.history[0]?.url ?? o.url);
  const shown = (url: string) => shownUrl(url, start);
  const tabs = o.tabs.map((t) => `[${t.index}] ${t.title || '(no title)'}: ${shown(t.url)}${t.focused ? ' (focused)' : ''}`).join('\n');
  const steps = view.history.map((s) => `${s.step}. ${s.action || '(no usable action)'}: ${s.ok ? 'done' : `failed: ${s.error ?? ''}`}${s.reasoning ? ` (${s.reasoning})` : ''}`);
  return [
    `Goal: ${view.goal}`,
    ...(view.answerFormat ? [`Answer format:\n${view.answerFormat}`] : []),
    `Tabs:\n${tabs}`,
    `Page: ${shown(o.url)}\nAccessibility tree${cut ? ` (${cut} tokens left out)` : ''}:\n${tree}`,
    ...(o.browsergym?.prunedHtml !== undefined ? [`HTML${html.cut ? ` (${html.cut} tokens left out)` : ''}:\n${html.text}`] : []),
    ...(o.lastError ? [`Your last action failed: ${o.lastError}`] : []),
    `Earlier steps:\n${steps.length ? steps.join('\n') : '(none)'}`,
    'Your next action?',
  ].join('\n\n');
}

/**
 * A URL as the prompt shows it: without the harness's own query parameters (benchwright-start,
 * a token new on every run; benchwright-seed), and on the origin the episode started on (the
 * task server's port is new on every run) as its path. The same page is then the same prompt
 * on every run: a rerun is answered from the reply cache.
 */
export function shownUrl(url: string, start: string | undefined): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  for (const name of [...parsed.searchParams.keys()]) if (name.startsWith('benchwright-')) parsed.searchParams.delete(name);
  const onStart = start !== undefined && start !== 'null' && parsed.origin === start;
  return onStart ? `${parsed.pathname}${parsed.search}${parsed.hash}` : parsed.href;
}

const originOf = (url: string): string | undefined => URL.canParse(url) ? new URL(url).origin : undefined;

/**
 * The tree the prompt shows: Playwright's, or BrowserGym's with its URLs shown as the page's
 * is (the task server's port and start token are new on every run: the prompt would be too).
 */
function treeOf(view: StepView): string {
  const { axtree } = view.observation.browsergym ?? {};
  if (axtree === undefined) return view.observation.snapshot;
  const start = originOf(view.history[0]?.url ?? view.observation.url);
  return axtree.replace(/url='([^'\\]*)'/g, (_, url: string) => `url='${shownUrl(url, start)}'`);
}

/** The element the last action named: its ref or bid. */
const lastNamed = (view: StepView) => /^\w+\("((?:f\d+)?e\d+|x\d+|\d+)"/.exec(view.history.at(-1)?.action ?? '')?.[1];

/** The tree, cut around the element last acted on (else the focused one) to what the rest of the prompt leaves of the budget. */
async function fitTree(view: StepView, fixed: string, options: LlmOptions): Promise<{ text: string; cut: number }> {
  const last = lastNamed(view);
  const bids = view.observation.browsergym?.axtree !== undefined;
  return fit(treeOf(view), fixed, last ? (bids ? `[${last}]` : `[ref=${last}]`) : bids ? 'focused' : '[active]', options);
}

/** BrowserGym's HTML (none when not asked for), cut around the element last acted on to what the rest leaves. */
async function fitHtml(view: StepView, fixed: string, options: LlmOptions): Promise<{ text: string; cut: number }> {
  const html = view.observation.browsergym?.prunedHtml;
  if (html === undefined) return { text: '', cut: 0 };
  const last = lastNamed(view);
  return fit(html, fixed, last ? `bid="${last.replace(/^x/, '')}"` : '<', options);
}

async function fit(text: string, fixed: string, anchor: string, options: LlmOptions): Promise<{ text: string; cut: number }> {
  // Every token holds at least one byte: a prompt of no more bytes than the budget needs no tokenizer.
  if (Buffer.byteLength(fixed) + Buffer.byteLength(text) <= options.maxPromptTokens) return { text, cut: 0 };
  await loadEncoding(options.encoding);
  return fitTokens(text, Math.max(0, options.maxPromptTokens - countTokens(fixed, options.encoding)), anchor, options.encoding);
}
