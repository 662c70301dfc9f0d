import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseActions } from '../src/action-set/parse.ts';
import { formatAction } from '../src/action-set/signatures.ts';
import { selectorArgs } from '../src/observe/observe.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { readAxtree } from './fixtures/browsergym/tree.ts';
import { runPlaywrightAsync, tempDir } from './helpers.ts';

// An OpenAI-compatible chat completions server on 127.0.0.1 for the tests: it answers from a
// script and can inject the faults a real endpoint has (429 with retry-after, 500, a hang,
// malformed JSON, truncated or chatty replies). The real openai SDK talks to it.

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[];
  temperature?: number;
  max_tokens?: number;
}

/** What to answer one request with: a reply text, or a fault. */
export type Answer =
  | { content: string; delayMs?: number }
  | { status: number; body?: string; headers?: Record<string, string> }
  | { malformed: true }
  | { hang: true };

export interface SeenRequest {
  body: ChatRequest;
  headers: IncomingHttpHeaders;
  /** The field the prompt asks about (the last "Field: ..." line of the last user message). */
  field: string;
}

export class FakeOpenAI {
  readonly requests: SeenRequest[] = [];
  inFlight = 0;
  maxInFlight = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** `answer` gets each request and how many requests came before it for the same field. */
  static async start(answer: (request: SeenRequest, previous: number) => Answer): Promise<FakeOpenAI> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const fake = new FakeOpenAI(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`);
    server.on('request', (req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', async () => {
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
          res.writeHead(404).end();
          return;
        }
        const body = JSON.parse(text) as ChatRequest;
        const seen: SeenRequest = { body, headers: req.headers, field: fieldOf(body) };
        const previous = fake.requests.filter((r) => r.field === seen.field).length;
        fake.requests.push(seen);
        fake.inFlight++;
        fake.maxInFlight = Math.max(fake.maxInFlight, fake.inFlight);
        const reply = answer(seen, previous);
        // A hung request stays in flight until the client gives up.
        res.on('close', () => fake.inFlight--);
        if ('hang' in reply) return;
        if ('malformed' in reply) {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"id": "chatcmpl-1", "choices": [{"mess');
          return;
        }
        if ('status' in reply) {
          res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(reply.body ?? JSON.stringify({ error: { message: `injected ${reply.status}`, type: 'server_error' } }));
          return;
        }
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        const promptTokens = Math.ceil(JSON.stringify(body.messages).length / 4);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          id: `chatcmpl-${fake.requests.length}`,
          object: 'chat.completion',
          created: 0,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: promptTokens, completion_tokens: Math.ceil(reply.content.length / 4), total_tokens: promptTokens + Math.ceil(reply.content.length / 4) },
        }));
      });
    });
    return fake;
  }

  /** `npx playwright test --project=<project>` with its model behind this server: this key, Allure off, a reply cache of its own (`env` overrides). */
  run(project: string, key: string, env: Record<string, string> = {}, args: string[] = []) {
    return runPlaywrightAsync(['test', `--project=${project}`, ...args], {
      OPENAI_BASE_URL: this.url,
      OPENAI_API_KEY: key,
      BENCHWRIGHT_ALLURE: 'off',
      BENCHWRIGHT_LLM_CACHE: join(tempDir(), 'replies'),
      ...env,
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function fieldOf(body: ChatRequest): string {
  const last = [...body.messages].reverse().find((m) => m.role === 'user' && textOf(m.content).includes('Field: '));
  const matches = [...textOf(last?.content ?? '').matchAll(/^Field: (\S+)/gm)];
  return matches.at(-1)?.[1] ?? '';
}

export function textOf(content: ChatRequest['messages'][number]['content']): string {
  return typeof content === 'string' ? content : content.flatMap((p) => (p.text === undefined ? [] : [p.text])).join('\n');
}

/**
 * A stand-in model that reads the question: the first option of a radio or select, the first
 * option checked for a checkbox, the lower bound of a range, a word for text.
 */
export function firstOptionReply(request: SeenRequest): string {
  const user = [...request.body.messages].reverse().find((m) => m.role === 'user')!;
  const line = textOf(user.content).split('\n').filter((l) => l.startsWith('Field: ')).at(-1) ?? '';
  const kind = /\((\w[\w-]*)/.exec(line)?.[1] ?? 'text';
  const options = [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
  const field = JSON.stringify(request.field);
  if (kind === 'radio') return `modify_radio(${field}, ${JSON.stringify(options[0] ?? '')})`;
  if (kind === 'select') return `modify_select(${field}, ${JSON.stringify(options[0] ?? '')})`;
  if (kind === 'checkbox') return `modify_checkbox(${field}, [${JSON.stringify(options[0] ?? '')}])`;
  if (kind === 'range') return `modify_range(${field}, ${/from (-?[\d.]+)/.exec(line)?.[1] ?? '0'})`;
  return `modify_text(${field}, "good")`;
}

/** A goal-task step's prompt (agents/llm/step-prompt.ts) read back: what a scripted model sees. */
export interface StepPrompt {
  goal: string;
  url: string;
  /** The accessibility tree as the prompt holds it. */
  tree: string;
  /** How many steps the prompt lists as done before this one. */
  earlier: number;
  lastError?: string;
}

/** The step's own prompt (the first user message; re-prompts come after it), or undefined for a form field's prompt. */
export function readStepPrompt(request: SeenRequest): StepPrompt | undefined {
  const user = request.body.messages.find((m) => m.role === 'user');
  const text = textOf(user?.content ?? '');
  const parts = /^Goal: ([\s\S]*?)\n\nTabs:\n[\s\S]*?\n\nPage: (.*)\nAccessibility tree[^\n]*:\n([\s\S]*?)\n\n(?:Your last action failed: ([\s\S]*?)\n\n)?Earlier steps:\n([\s\S]*?)\n\nYour next action\?$/.exec(text);
  if (!parts) return undefined;
  const [, goal, url, tree, lastError, steps] = parts;
  return { goal: goal!, url: url!, tree: tree!, earlier: (steps!.match(/^\d+\. /gm) ?? []).length, ...(lastError !== undefined && { lastError }) };
}

/** One element of the tree: its role, its accessible name, its ref. */
export interface TreeElement {
  role: string;
  name: string;
  ref: string;
}

/**
 * The elements of an accessibility tree that have a ref, in order: `- link "Dune" [ref=e12] [cursor=pointer]:`,
 * or, in BrowserGym's tree, a bid: `[12] link 'Dune', clickable`.
 */
export function treeElements(tree: string): TreeElement[] {
  const browsergym = readAxtree(tree);
  if (browsergym.size) return [...browsergym].map(([bid, { role, name }]) => ({ role, name, ref: bid }));
  return [...tree.matchAll(/^\s*- (\w+)(?: "((?:[^"\\]|\\.)*)")?(?: \[[^\]]*\])*? \[ref=((?:f\d+)?e\d+)\]/gm)].map((m) => ({
    role: m[1]!,
    name: m[2] === undefined ? '' : (JSON.parse(`"${m[2]}"`) as string),
    ref: m[3]!,
  }));
}

/**
 * The ref of the element a solution's selector names, read from the tree: `role=ROLE[name='NAME']`
 * finds `- ROLE "NAME" [ref=eN]` (the exact name first, else Playwright's case-insensitive
 * substring match); a CSS attribute selector `input[name=password]` finds the one element whose
 * accessible name is that value (any case), as a password box is named by its label.
 */
export function refOf(tree: string, selector: string): string | undefined {
  const elements = treeElements(tree);
  const byRole = /^role=([\w-]+)\[name=(['"])(.*)\2\]$/.exec(selector);
  if (byRole) {
    const [, role, , name] = byRole;
    const ofRole = elements.filter((e) => e.role === role);
    return (ofRole.find((e) => e.name === name) ?? ofRole.find((e) => e.name.toLowerCase().includes(name!.toLowerCase())))?.ref;
  }
  const byAttribute = /^[\w-]*\[name=(['"]?)([^'"\]]+)\1\]$/.exec(selector);
  if (byAttribute) return elements.find((e) => e.name.toLowerCase() === byAttribute[2]!.toLowerCase())?.ref;
  return undefined;
}

/** Each goal of the task files' instances (as the prompt states it) with the instance's solution. */
export function goalSolutions(taskFiles: string[]): Map<string, string[]> {
  const solutions = new Map<string, string[]>();
  for (const file of taskFiles) {
    const { task, errors } = loadTaskFile(file);
    if (!task) throw new Error(`${file}: ${errors.map((e) => e.message).join('; ')}`);
    for (const instance of task.instances) {
      const episode = instance.episode;
      if (!episode || !('text' in episode.goal) || !episode.solution) throw new Error(`${file}: instance ${instance.id} has no goal text and solution`);
      if (solutions.has(episode.goal.text)) throw new Error(`${file}: the goal of ${instance.id} is another instance's too`);
      solutions.set(episode.goal.text, episode.solution);
    }
  }
  return solutions;
}

/**
 * A stand-in model for goal tasks that plays the instance's solution from what each step's
 * prompt shows: the goal line picks the instance, the earlier steps listed say how far it is,
 * and the solution's next action is written with refs read from the tree (click("e12"),
 * fill("e7", "2")); actions without an element (send_msg_to_user) pass as they are. Once the
 * solution is played, the model has no way to stop but to end the task: `whenDone` 'message'
 * tells the user it is done (the episode ends 'answered'), 'noop' waits on the page until the
 * harness stops it ('repeated action' after three). A selector it finds no element for gives
 * up saying so (report_infeasible): the instance scores 0 and the trajectory says why.
 */
export function solutionReply(solutions: Map<string, string[]>, options: { whenDone?: 'message' | 'noop' } = {}) {
  return (request: SeenRequest): string => {
    const prompt = readStepPrompt(request);
    if (!prompt) throw new Error(`not a step prompt: ${JSON.stringify(request.body.messages).slice(0, 300)}`);
    const solution = solutions.get(prompt.goal);
    if (!solution) return 'Reasoning: the script knows no such goal.\nAction: report_infeasible("no solution for this goal")';
    const next = solution[prompt.earlier];
    if (next === undefined) {
      return options.whenDone === 'noop'
        ? 'Reasoning: the solution is played; waiting.\nAction: noop(0)'
        : 'Reasoning: the solution is played.\nAction: send_msg_to_user("Done.")';
    }
    const parsed = parseActions(next);
    const action = parsed.actions[0];
    if (!action || parsed.errors.length || parsed.actions.length !== 1) throw new Error(`a solution step that is not one action: ${next}`);
    const args = [...action.args];
    for (const index of selectorArgs(action)) {
      const ref = refOf(prompt.tree, String(args[index]));
      if (!ref) return `Reasoning: step ${prompt.earlier + 1} of the solution names nothing in the tree.\nAction: report_infeasible(${JSON.stringify(`no element for ${String(args[index])} at ${prompt.url}`)})`;
      args[index] = ref;
    }
    return `Reasoning: step ${prompt.earlier + 1} of the solution is ${next}.\nAction: ${formatAction({ name: action.name, args })}`;
  };
}
