import { doNothing } from './do-nothing.ts';
import { llm } from './llm/agent.ts';
import { oracle } from './oracle.ts';
import { random } from './random.ts';
import type { Agent } from '../src/agent/types.ts';

/** Every agent by name: a new agent is one file plus one line here. */
export const AGENTS: Record<string, Agent> = Object.fromEntries([oracle, doNothing, random, llm].map((a) => [a.name, a]));
