import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { goldFields, scoreInstance } from './score-fields.ts';
import { within } from '../../bounded.ts';
import type { Answer, Field } from '../../task/types.ts';
import { addressOf, stripFragment } from '../../values/page-session.ts';
import { readDocumentFields, type FieldState } from '../../values/read-fields.ts';
import { settleArgs, type Unsettled } from '../../values/settle.ts';
import type { Evaluator } from '../types.ts';

/** The gold-labelled fields of an instance and its annotators' answers. */
export interface FieldsExpected {
  fields: Field[];
  gold: Record<string, Answer[]>;
}

/** The page as loaded: the mark put on its document (the fields must be read back from the same one) and its fields. */
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
    // As loaded: what the agent is told, and what an annotator who left a choice untouched
    // answered; the document marked as the instance's, for the read back to check.
    const mark = randomUUID();
    const loaded = await within(READ_BACK_MS, 'reading the fields of the loaded page', readDocumentFields(page, namesOf(expected), { mark }));
    // A page may send itself elsewhere before it is looked at (history.pushState at load counts too).
    if (stripFragment(loaded.url) !== stripFragment(start.url)) throw await leftTheInstance(page);
    return { document: loaded.marked ?? mark, loaded: loaded.states };
  },

  async capture(page, expected, _episode, begun) {
    const { document, loaded } = begun as FieldsAsLoaded;
    // A collapse the last answer set off decides whether a field counts as visible: read once it is over.
    const read = await within(READ_BACK_MS, 'reading the fields back', readDocumentFields(page, namesOf(expected), { settle: settleArgs(0) }));
    // Read from another document, the fields would be "not on the page": silently out of the means.
    if (read.marked !== document) throw await leftTheInstance(page);
    return { after: read.states, loaded, ...(read.unsettled && { unsettled: read.unsettled }) };
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
