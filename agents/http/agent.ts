import type { Agent } from '../../src/agent/types.ts';
import { httpRun } from './form.ts';
import { missingServer, observeOptions } from './settings.ts';
import { httpStep } from './step.ts';

/**
 * An agent in any language behind an HTTP server (schemas/agent-protocol.schema.json): per
 * step of a goal task, or per field of a form task, the harness POSTs what the agent is told
 * and gets back action text, which it parses and runs (never evaluates). agentOptions: url
 * (required), timeoutMs, retries, observe ({ screenshot, html, boxes, browsergym } in each step's observation);
 * the rest is passed on to the server.
 */
export const http: Agent = {
  name: 'http',
  unavailable: missingServer,
  observes: observeOptions,
  step: httpStep,
  run: httpRun,
};
