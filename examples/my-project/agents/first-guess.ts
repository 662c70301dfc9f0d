import type { Agent } from 'benchwright';

/**
 * An agent of this project's own. A form: the first option of every field that has options.
 * A goal task: one look at the page, then the answer the page gives away, or giving up.
 */
const firstGuess: Agent = {
  name: 'first-guess',
  async run({ fields, actions }) {
    for (const field of fields) {
      const first = field.options?.[0];
      if (first === undefined) continue;
      const action = field.type === 'select' ? 'modify_select' : field.type === 'checkbox' ? 'modify_checkbox' : 'modify_radio';
      await actions.run({ name: action, args: [field.name, first] });
    }
  },
  async step({ goal, observation, history }) {
    if (history.length) return null;
    const lamp = /(\w+) lamp/.exec(goal)?.[1];
    const colour = lamp && new RegExp(`${lamp} lamp is (\\w+)`).exec(observation.snapshot)?.[1];
    return colour
      ? { action: `send_msg_to_user(${JSON.stringify(colour)})`, reasoning: 'the page names the colour' }
      : { action: 'report_infeasible("the page names no colour")' };
  },
};

export default firstGuess;
