import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  return typeof content === 'string' ? content : content.map((p) => p.text ?? '').join('\n');
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
