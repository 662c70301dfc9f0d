import { doNothing } from './do-nothing.ts';
import { http } from './http/agent.ts';
import { llm } from './llm/agent.ts';
import { oracle } from './oracle.ts';
import { random } from './random.ts';
import type { Agent } from '../src/agent/types.ts';
import { exportsOf, importUserModule } from '../src/user-module.ts';

/** Every agent by name: a new agent is one file plus one line here. */
export const AGENTS: Record<string, Agent> = Object.fromEntries([oracle, doNothing, random, llm, http].map((a) => [a.name, a]));

/** A project's `agent` that is a module path, not a name: './agents/my-agent.ts', '/abs/agent.js'. */
const isModulePath = (agent: string) => /[\\/]/.test(agent) || /\.[cm]?[jt]s$/.test(agent);

const loaded = new Map<string, Promise<Agent>>();

/**
 * The agent a project names: a built-in one, or an agent of the user's own, the module at a
 * path from the working directory (TypeScript or JavaScript; Playwright's loader reads it) whose
 * default export, or export named `agent`, is an Agent. Loaded once per worker.
 */
export function findAgent(agent: string): Promise<Agent> {
  const builtIn = AGENTS[agent];
  if (builtIn) return Promise.resolve(builtIn);
  if (!isModulePath(agent)) return Promise.reject(new Error(`unknown agent "${agent}": name one of ${Object.keys(AGENTS).join(', ')}, or the path of a module that exports an Agent (./agents/my-agent.ts)`));
  let found = loaded.get(agent);
  if (!found) {
    found = importAgent(agent);
    loaded.set(agent, found);
  }
  return found;
}

async function importAgent(agent: string): Promise<Agent> {
  const { file, exports } = await importUserModule(agent, 'agent module');
  const candidate = exports.default ?? exports.agent;
  if (isAgent(candidate)) return candidate;
  throw new Error(`agent module "${agent}" (${file}) exports no agent: expected \`export default\` (or \`export const agent\`) of an object with a name and run(input) for form tasks and/or step(input) for goal tasks; ${exportsOf(exports)}`);
}

function isAgent(value: unknown): value is Agent {
  const agent = value as Partial<Agent> | null | undefined;
  return typeof agent?.name === 'string' && (typeof agent.run === 'function' || typeof agent.step === 'function');
}
