import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { ROOT } from './helpers.ts';

// A stand-in agent server for the HTTP agent's tests: it answers each request from a script
// (a reply, an error status, garbage, a hang) and keeps every request it was sent.

/** What to answer one request with. */
export type Scripted =
  | { status?: number; json: unknown }
  | { status?: number; text: string }
  /** Never answers: the client's timeout must end it. */
  | { hang: true };

export class ScriptedAgentServer {
  readonly requests: Record<string, unknown>[] = [];

  private constructor(private readonly server: Server, readonly url: string) {}

  /** `answer` gets each request and how many came before it. */
  static async start(answer: (request: Record<string, unknown>, previous: number) => Scripted | Promise<Scripted>): Promise<ScriptedAgentServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = new ScriptedAgentServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    server.on('request', (req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', async () => {
        const request = JSON.parse(text) as Record<string, unknown>;
        const scripted = await answer(request, agent.requests.length);
        agent.requests.push(request);
        if ('hang' in scripted) return;
        const body = 'json' in scripted ? JSON.stringify(scripted.json) : scripted.text;
        res.writeHead(scripted.status ?? 200, { 'content-type': 'application/json' }).end(body);
      });
    });
    return agent;
  }

  /** Stops at once, hung requests included. */
  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let closedSchema: Ajv | undefined;

/**
 * What a request holds that the protocol's schema does not describe (or gets wrong). The
 * published schema leaves objects open (agents must ignore properties they do not know), so
 * here every object with listed properties is closed: a property the harness sends that the
 * schema forgot shows up.
 */
export function requestProblems(kind: 'stepRequest' | 'fieldRequest', request: unknown): string[] {
  if (!closedSchema) {
    const close = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      const schema = node as Record<string, unknown>;
      if (schema.properties) schema.additionalProperties = false;
      Object.values(schema).forEach(close);
    };
    const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'agent-protocol.schema.json'), 'utf8')) as { $id: string };
    close(schema);
    closedSchema = new Ajv({ allErrors: true, allowUnionTypes: true });
    closedSchema.addSchema(schema, 'protocol');
  }
  const validate = closedSchema.getSchema(`protocol#/definitions/${kind}`)!;
  if (validate(request)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`);
}
