import type { Agent } from '../src/agent/types.ts';

/** The lower bound: leaves every field as the page set it, and ends an episode before its first action. */
export const doNothing: Agent = {
  name: 'do-nothing',
  async run() {},
  async step() {
    return null;
  },
};
