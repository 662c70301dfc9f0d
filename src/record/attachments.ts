import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type { TestInfo } from '@playwright/test';
import type { TestResult } from '@playwright/test/reporter';
import type { Usage } from '../agent/usage.ts';
import { csv } from '../csv.ts';
import type { Evaluation, FieldRecord } from './evaluation.ts';
import type { FieldTrajectory, Trajectory } from './trajectory.ts';

// What an instance's test attaches, by name and content type, written and read here only.

/**
 * The content type of the records (trajectories, evaluations), written compact, which the
 * reporters tell from the notes for people (Allure leaves them out).
 */
const JSON_DATA_TYPE = 'application/vnd.benchwright+json';
const JSON_TYPE = 'application/json';

/** The JSON attachments the reporter reads back, and what each holds. */
export interface RecordAttachments {
  /** Every evaluator's verdict on the instance (the fields evaluator's with its field records). */
  evaluations: Evaluation[];
  /** A goal task's episode: its steps, how it ended and its answer. */
  trajectory: Trajectory;
  /** A form filled field by field (by the oracle): per field, what the agent was shown and did. */
  fieldTrajectory: FieldTrajectory;
  /** What the agent spent per field, attached whatever happened: an errored instance's calls were paid for too. */
  usage: Record<string, Usage>;
}

/** For people (the HTML report, Allure, trace viewer): the reporter does not read them. */
export interface NoteAttachments {
  /** What the agent did through the action library. */
  actions: unknown;
  /** What the page did: its console errors, dialogs, popups, blocked requests. */
  pageEvents: unknown;
  /** What the agent logged. */
  agentLog: unknown;
}

type Kind = keyof RecordAttachments | keyof NoteAttachments;

const ATTACHMENTS: Record<Kind, { name: string; contentType: string; pretty?: true }> = {
  evaluations: { name: 'evaluations.json', contentType: JSON_DATA_TYPE },
  trajectory: { name: 'trajectory.json', contentType: JSON_DATA_TYPE },
  fieldTrajectory: { name: 'field-trajectory.json', contentType: JSON_DATA_TYPE },
  usage: { name: 'agent-usage.json', contentType: JSON_TYPE, pretty: true },
  actions: { name: 'actions.json', contentType: JSON_TYPE, pretty: true },
  pageEvents: { name: 'page-events.json', contentType: JSON_TYPE, pretty: true },
  agentLog: { name: 'agent-log.json', contentType: JSON_TYPE, pretty: true },
};

/** A site episode's traffic, recorded for the evaluators that read it (Playwright's HAR): kept with the run, where exports find it. */
export const NETWORK_HAR = 'network.har';
const FIELD_SCORES = 'field scores.csv';
const FINAL_PAGE = 'final page';
const FINAL_PAGE_BOXES = 'final page boxes.json';
/** `step 3.jpg`: an episode step's page as the agent saw it (screenshot setting `steps`). */
const STEP_PAGE = /^step (\d+)\.jpg$/;

/** Where each scored field is on the final page's screenshot: the viewport's size and each field's box in it, [x, y, width, height] in CSS pixels. */
export interface PageBoxes {
  width: number;
  height: number;
  boxes: Record<string, [number, number, number, number]>;
}

export async function attachJson<K extends Kind>(testInfo: TestInfo, kind: K, value: (RecordAttachments & NoteAttachments)[K]): Promise<void> {
  const { name, contentType, pretty } = ATTACHMENTS[kind];
  await attachBytes(testInfo, { name, contentType }, Buffer.from(pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value)));
}

/**
 * Attached as a file in the test's output folder: the runner keeps an attachment's body until
 * the run ends, every test's (at 26,532 instances ~70 MB of notes and ~300 MB of records), a
 * file only as its path; the HTML reporter would keep a body of JSON inline in one string per
 * spec file. As a body only where Playwright removes the folder as the test ends, before the
 * reporters read it (preserveOutput other than 'always').
 */
async function attachBytes(testInfo: TestInfo, { name, contentType, file = name }: { name: string; contentType: string; file?: string }, bytes: Buffer): Promise<void> {
  if (testInfo.config.preserveOutput !== 'always') return attachQuietly(testInfo, { name, contentType, body: bytes });
  await attachFile(testInfo, { name, contentType }, file, bytes);
}

/** `bytes` written as `file` in the test's output folder, and attached from there. */
async function attachFile(testInfo: TestInfo, attachment: { name: string; contentType: string }, file: string, bytes: Buffer): Promise<void> {
  const path = testInfo.outputPath(file);
  await writeFile(path, bytes);
  attachQuietly(testInfo, { ...attachment, path });
}

/**
 * Attached without a step of its own: testInfo.attach() adds an "Attach" step to every report
 * (an instance attaches five or more: at 26,532 instances a sixth of the HTML report's data and
 * of the runner's messages) and copies a file. A file attached stays where it is, in the test's
 * output folder, which Playwright keeps until the next run.
 */
function attachQuietly(testInfo: TestInfo, attachment: { name: string; contentType: string; body?: Buffer; path?: string }): void {
  testInfo.attachments.push(attachment);
}

/** The HAR the instance's context recorded (a file in the test's output folder). */
export const attachNetwork = (testInfo: TestInfo, path: string) => attachQuietly(testInfo, { name: NETWORK_HAR, path, contentType: JSON_TYPE });
/** One instance's field scores as a table (Allure shows a CSV attachment as one). */
export const attachFieldScores = (testInfo: TestInfo, records: FieldRecord[]) => attachBytes(testInfo, { name: FIELD_SCORES, contentType: 'text/csv' }, Buffer.from(fieldScoresCsv(records)));
export const attachFinalPage = (testInfo: TestInfo, jpeg: Buffer) => attachBytes(testInfo, { name: FINAL_PAGE, contentType: 'image/jpeg', file: 'final page.jpg' }, jpeg);
export const attachFinalPageBoxes = (testInfo: TestInfo, boxes: PageBoxes) => attachBytes(testInfo, { name: FINAL_PAGE_BOXES, contentType: JSON_TYPE }, Buffer.from(JSON.stringify(boxes)));
/** A step's page, attached as a file: a body would stay in the runner's memory for the whole run, every step of every instance. */
export async function attachStepPage(testInfo: TestInfo, step: number, jpeg: Buffer): Promise<void> {
  // Of its own: an infrastructure retry of the instance numbers its steps from 1 again.
  await attachFile(testInfo, { name: `step ${step}.jpg`, contentType: 'image/jpeg' }, `step-${step}-${testInfo.attachments.length}.jpg`, jpeg);
}

/** One of the records a program reads back (evaluations, trajectories), as opposed to the notes for people. */
export const isRecordAttachment = (attachment: { contentType: string }) => attachment.contentType === JSON_DATA_TYPE;

/** A JSON attachment of a test's attempt; undefined when it has none. Throws, naming it, when it cannot be read. */
export function readAttachment<K extends keyof RecordAttachments>(result: TestResult, kind: K): RecordAttachments[K] | undefined {
  const { name } = ATTACHMENTS[kind];
  const attachment = result.attachments.find((a) => a.name === name);
  if (!attachment) return undefined;
  try {
    return JSON.parse(attachment.body ? attachment.body.toString('utf8') : readFileSync(attachment.path!, 'utf8')) as RecordAttachments[K];
  } catch (e) {
    throw new Error(`${name} could not be read: ${(e as Error).message}`);
  }
}

/** An attachment's bytes, kept in the result or in a file. */
const bytesOf = (attachment: TestResult['attachments'][number]) => attachment.body ?? readFileSync(attachment.path!);

const namedBytes = (result: TestResult, name: string) => {
  const attachment = result.attachments.find((a) => a.name === name && (a.body || a.path));
  return attachment && bytesOf(attachment);
};

/** The attempt's final page (a JPEG), when it kept one. */
export const finalPageOf = (result: TestResult) => namedBytes(result, FINAL_PAGE);
/** Its field boxes (attachFinalPageBoxes), when it kept them. Throws, naming them, when they cannot be read. */
export function readFinalPageBoxes(result: TestResult): PageBoxes | undefined {
  try {
    const bytes = namedBytes(result, FINAL_PAGE_BOXES);
    return bytes && (JSON.parse(bytes.toString('utf8')) as PageBoxes);
  } catch (e) {
    throw new Error(`${FINAL_PAGE_BOXES} could not be read: ${(e as Error).message}`);
  }
}
/** The attempt's step pages (JPEGs), by step. */
export const stepPagesOf = (result: TestResult): { step: number; jpeg: Buffer }[] => result.attachments.flatMap((a) => {
  const match = STEP_PAGE.exec(a.name);
  return match && (a.body || a.path) ? [{ step: Number(match[1]), jpeg: bytesOf(a) }] : [];
});

/** Where the attempt's recorded traffic is, when it recorded any. */
export const networkFileOf = (result: TestResult | undefined) => result?.attachments.find((a) => a.name === NETWORK_HAR)?.path;

/** One instance's fields as CSV rows, as `field scores.csv` holds them. */
export function fieldScoresCsv(records: FieldRecord[]): string {
  const text = (value: unknown) => (value === null || value === undefined ? '' : Array.isArray(value) ? value.join('|') : String(value));
  return csv([
    ['field', 'type', 'metric', 'score', 'ceiling', 'prediction', 'gold', 'reason'],
    ...records.map((r) => [r.field, r.type ?? '', r.metric ?? '', r.score ?? '', r.ceiling ?? '', text(r.prediction), r.gold.map(text).join(' / '), r.reason ?? '']),
  ]);
}
