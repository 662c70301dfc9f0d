import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { actionForms, type ActionName } from '../../src/action-set/signatures.ts';
import type { AgentInput, StepRecord } from '../../src/agent/types.ts';
import type { Observation } from '../../src/observe/observe.ts';
import { packageFile } from '../../src/package-files.ts';
import type { FieldState } from '../../src/values/read-fields.ts';

// The HTTP agent protocol's messages (schemas/agent-protocol.schema.json describes each
// property): names as in the TypeScript types, so a request is the agent's input as it is.

/** The protocol's major version: a change an old agent cannot ignore makes it 2. */
export const PROTOCOL_VERSION = 1;
const PROTOCOL_SCHEMA = packageFile('schemas/agent-protocol.schema.json');

/** An action and its forms written out: { name: 'click', forms: ['click(target, button?)', 'click(x, y)'] }. */
export interface ActionForms {
  name: ActionName;
  forms: string[];
}

interface RequestBase {
  version: typeof PROTOCOL_VERSION;
  task: AgentInput['task'];
  instanceId: string;
  seed: number;
  actionSet: ActionForms[];
  /** agentOptions without url, timeoutMs and retries. */
  options: Record<string, unknown>;
}

export interface StepRequest extends RequestBase {
  kind: 'step';
  goal: string;
  observation: Observation;
  history: StepRecord[];
}

export interface FieldRequest extends RequestBase {
  kind: 'field';
  field: FieldState;
  html: string;
}

export interface AgentReply {
  action: string | null;
  reasoning?: string;
  usage?: { promptTokens?: number; completionTokens?: number; cost?: number };
  version?: typeof PROTOCOL_VERSION;
}

/** The action set as data, from the harness's own table of signatures (never written by hand). */
export function describeActions(names: readonly ActionName[]): ActionForms[] {
  return names.map((name) => ({ name, forms: actionForms(name) }));
}

export type MessageKind = 'stepRequest' | 'fieldRequest' | 'reply';

// Compiled on first use: a worker that never runs the http agent never pays for it.
let validators: Record<MessageKind, ValidateFunction> | undefined;

/** What makes a message not one of the protocol's (its schema's words), or [] when it is. */
export function protocolProblems(kind: MessageKind, message: unknown): string[] {
  if (!validators) {
    const schema = JSON.parse(readFileSync(PROTOCOL_SCHEMA, 'utf8')) as { $id: string };
    const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
    ajv.addSchema(schema);
    const compiled = (name: MessageKind) => ajv.getSchema(`${schema.$id}#/definitions/${name}`)!;
    validators = { stepRequest: compiled('stepRequest'), fieldRequest: compiled('fieldRequest'), reply: compiled('reply') };
  }
  const validate = validators[kind];
  if (validate(message)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath ? `${e.instancePath.slice(1).replaceAll('/', '.')} ` : ''}${e.message ?? 'is not valid'}`);
}

/** An agent server's answer read as a reply, or why it is not one. */
export function readReply(body: string): { reply: AgentReply } | { problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (e) {
    return { problem: `the reply is not JSON: ${(e as Error).message}` };
  }
  // Said first: a reply of another version is likely of another shape too, and this is why.
  const version = (data as { version?: unknown } | null)?.version;
  if (typeof data === 'object' && version !== undefined && version !== PROTOCOL_VERSION) {
    return { problem: `the reply is for protocol version ${JSON.stringify(version)}; this harness speaks version ${PROTOCOL_VERSION}` };
  }
  const problems = protocolProblems('reply', data);
  if (problems.length) return { problem: `the reply is not the protocol's (schemas/agent-protocol.schema.json): ${problems.join('; ')}` };
  return { reply: data as AgentReply };
}
