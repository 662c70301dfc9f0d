import type { Page } from '@playwright/test';
import { goldFields, scoreInstance } from './score-fields.ts';
import { within } from '../../bounded.ts';
import type { Answer, Field } from '../../task/types.ts';
import { addressOf, documentOf, stripFragment } from '../../values/page-session.ts';
import { readFields, type FieldState } from '../../values/read-fields.ts';
import { settle, type Unsettled } from '../../values/settle.ts';
import type { Evaluator } from '../types.ts';

/** The gold-labelled fields of an instance and its annotators' answers. */
export interface FieldsExpected {
  fields: Field[];
  gold: Record<string, Answer[]>;
}

/** The page as loaded: its document (the fields must be read back from the same one) and its fields. */
export interface FieldsAsLoaded {
  document: string;
  loaded: FieldState[];
}

/** The fields as the agent left them, and as the page loaded them (what an untouched choice means). */
export interface FieldsEvidence {
  after: FieldState[];
  loaded: FieldState[];
  /** The page still moved when it was read back (the wait for it hit its bound). */
  unsettled?: Unsettled;
}

/** A page that answers nothing in this time is stuck in a script: the instance errors, it is not waited on. */
const READ_BACK_MS = 10_000;

/**
 * TurkingBench's scoring (docs/architecture.md, "Scoring form fields"): the form's fields read back from the live page
 * and scored against the annotators' answers; the instance score is the mean over its scored
 * fields. A form task without `eval` is judged by this alone.
 */
export const fields: Evaluator<unknown, FieldsExpected, FieldsEvidence> = {
  name: 'fields',
  keepsInputs: false,
  expected: (_settings, task, instance) => ({ fields: goldFields(task.fields, instance), gold: instance.gold }),

  async begin(page, expected, start): Promise<FieldsAsLoaded> {
    const document = await documentOf(page);
    // A page may send itself elsewhere before it is looked at (history.pushState at load counts too).
    if (stripFragment(document.url) !== stripFragment(start.url)) throw await leftTheInstance(page);
    // As loaded: what the agent is told, and what an annotator who left a choice untouched answered.
    const loaded = await within(READ_BACK_MS, 'reading the fields of the loaded page', readFields(page, namesOf(expected)));
    return { document: document.id, loaded };
  },

  async capture(page, expected, _episode, begun) {
    const { document, loaded } = begun as FieldsAsLoaded;
    // A collapse the last answer set off decides whether a field counts as visible: read it once it is over.
    const unsettled = await settle(page, 0);
    const after = await within(READ_BACK_MS, 'reading the fields back', readFields(page, namesOf(expected)));
    // Read from another document, the fields would be "not on the page": silently out of the means.
    if ((await documentOf(page)).id !== document) throw await leftTheInstance(page);
    return { after, loaded, ...(unsettled && { unsettled }) };
  },

  score(evidence, expected, options) {
    const { records, score, ceiling } = scoreInstance(expected.fields, expected.gold, evidence.after, options, evidence.loaded);
    return { evaluator: 'fields', score, ceiling, records, ...(evidence.unsettled && { unsettled: evidence.unsettled }) };
  },
};


const namesOf = (expected: FieldsExpected) => expected.fields.map((f) => f.name);

async function leftTheInstance(page: Page): Promise<Error> {
  return new Error(`the page left the instance's document: it went to ${await addressOf(page)}`);
}
