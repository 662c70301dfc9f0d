import type { Agent } from '../src/agent/types.ts';

/** The lower bound: leaves every field as the page set it. */
export const doNothing: Agent = {
  name: 'do-nothing',
  async run() {},
};
