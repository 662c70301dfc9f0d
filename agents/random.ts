import { formatAction, type Action } from '../src/action-set/signatures.ts';
import { seededRandom } from '../src/seeded-random.ts';
import type { Agent } from '../src/agent/types.ts';

const WORDS = ['yes', 'no', 'the', 'answer', 'good', 'bad', 'maybe', 'person', 'sentence', 'question'];

/** Chance level: a seeded random option per radio/select, a random subset per checkbox, random words, a random range value. */
export const random: Agent = {
  name: 'random',
  async run({ actions, fields, seed }) {
    const next = seededRandom(seed);
    const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
    for (const field of fields) {
      if (!field.found || !field.visible || field.unsupported) continue;
      const options = field.options ?? [];
      if (field.type === 'radio' && options.length) await actions.modify_radio(field.name, pick(options));
      else if (field.type === 'select' && options.length) await actions.modify_select(field.name, pick(options));
      else if (field.type === 'checkbox') await actions.modify_checkbox(field.name, options.filter(() => next() < 0.5));
      else if (field.type === 'range') {
        const { min = 0, max = 100, step = 1 } = field;
        const steps = step > 0 ? Math.floor((max - min) / step) : 100;
        await actions.modify_range(field.name, min + Math.floor(next() * (steps + 1)) * (step > 0 ? step : (max - min) / 100));
      } else if (field.type === 'text' || field.type === 'textarea') {
        await actions.modify_text(field.name, Array.from({ length: 1 + Math.floor(next() * 5) }, () => pick(WORDS)).join(' '));
      }
    }
  },
  // An episode: a seeded pick among the elements the snapshot shows, with the action their role takes.
  async step({ observation, seed }) {
    const next = seededRandom(seed * 7919 + observation.step);
    const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
    const words = () => Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(WORDS)).join(' ');
    const elements = [...observation.snapshot.matchAll(ELEMENT)].map((m) => ({ role: m[1]!, ref: m[2]! }));
    const roll = next();
    if (!elements.length || roll < 0.05) return { action: formatAction({ name: 'scroll', args: [pick(['up', 'down'])] }) };
    if (roll < 0.08) return { action: formatAction({ name: 'send_msg_to_user', args: [words()] }) };
    const { role, ref } = pick(elements);
    const action: Action = TYPED.has(role) ? { name: 'fill', args: [ref, words()] } : { name: 'click', args: [ref] };
    return { action: formatAction(action) };
  },
};

/** A snapshot line's role and ref: `- button "Save" [ref=e5]`. */
const ELEMENT = /^\s*- ([a-z]+)\b[^\n]*\[ref=((?:f\d+)?e\d+)\]/gm;
const TYPED = new Set(['textbox', 'searchbox', 'spinbutton']);
