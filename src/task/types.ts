// The data model of a benchmark task, after loading and validation.

/** Form control kinds a field can have (the value-carrying HTML form controls). */
export const FIELD_TYPES = [
  'text', 'textarea', 'radio', 'checkbox', 'select', 'range', 'number', 'hidden',
  'email', 'url', 'tel', 'search', 'password',
  'date', 'time', 'datetime-local', 'month', 'week', 'color',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/**
 * Named controls that carry no answer a worker gives: buttons (a page script may write
 * bookkeeping such as the seconds spent into a submit button's value) and file inputs. A gold
 * column may name one; it is read and recorded, never scored.
 */
export const NON_ANSWER_TYPES = ['submit', 'button', 'reset', 'image', 'file'] as const;
export type NonAnswerType = (typeof NON_ANSWER_TYPES)[number];
/** What a named control is: a field type, or a control that carries no answer. */
export type ControlType = FieldType | NonAnswerType;

const NON_ANSWER = new Set<string>(NON_ANSWER_TYPES);
export const carriesNoAnswer = (type: string | undefined): type is NonAnswerType => type !== undefined && NON_ANSWER.has(type);

/** One problem found in a task file, with the place a task author must look at. */
export interface TaskError {
  /** Absolute path of the file the error is in (the task YAML, its template or its CSV). */
  file: string;
  /** 1-based line and column in that file. */
  line: number;
  col: number;
  /** Where in the YAML document (`fields.q1.type`), or '' for errors outside it. */
  path: string;
  message: string;
}

export interface Field {
  name: string;
  /** Undefined for a dynamic field whose kind is only known once page scripts ran. */
  type?: ControlType;
  /** Allowed values (radio/checkbox/select options), where known. */
  options?: string[];
  min?: number;
  max?: number;
  step?: number;
  /** Metric override; undefined = the default metric of the field type. */
  metric?: string;
  /** false = never scored (bookkeeping fields). */
  score: boolean;
  /** Created by page scripts: absent from the static template. */
  dynamic: boolean;
}

/** One annotator's answer: a string, or for checkbox fields the set of checked values. */
export type Answer = string | string[];

export interface Instance {
  id: string;
  /** Placeholder values, inserted raw into the template. */
  values: Record<string, string>;
  /** Per field, the answers of the instance's annotators (one entry per annotator). */
  gold: Record<string, Answer[]>;
  annotators: number;
  /** How it is judged (its own list, else the task's); undefined: by its fields. */
  eval?: EvaluatorEntry[];
  /** Its tags (a subset it is in): its test's @tags. */
  tags?: string[];
  /** Its revision in the source benchmark. */
  revision?: number;
  /** A goal task's instance: its goal, start and solution, placeholders filled. */
  episode?: InstanceEpisode;
}

/** An evaluator named in a task file, with its settings as written there. */
export interface EvaluatorEntry {
  evaluator: string;
  settings: unknown;
}

/** What a goal task's instance is asked and judged on, with the instance's values filled in. */
export interface InstanceEpisode {
  /** The goal in words, or a page expression that yields it after setup. */
  goal: { text: string } | { expression: string };
  /** With a site: the start page relative to the site's base URL. */
  startUrl?: string;
  /** With a site: pages opened in tabs after the start page (paths on the site, or `__SITE__/...`); the start page stays in front. */
  tabs?: string[];
  /** With a site: every site the instance uses (its start site first, then those its task's sites, login and `__SITE__` placeholders name). */
  sites?: string[];
  /** The reference actions, in action text; the oracle replays them. */
  solution?: string[];
}

/** A goal task's episode protocol: page expressions around the agent's steps. */
export interface EpisodeProtocol {
  /** Run once the start page loaded; the instance's seed is the variable `seed`. */
  setup?: string;
  /** The episode starts once this is true. */
  ready?: string;
  /** The episode ends once this is true after a step. */
  done?: string;
  maxSteps: number;
}

/** Where an instance starts: the task's page served by the task server, or a site of the manifest. */
export type TaskStart = { kind: 'served'; path: string } | SiteStart;

/** A task on sites of the manifest: where it starts, the sites it starts logged in to, whether they are reset first. */
export interface SiteStart {
  kind: 'site';
  site: string;
  login: string[];
  requireReset: boolean;
  /** The sites it changes (held alone while it runs; the others shared with readers): `changes_sites`, all its sites when it resets them. */
  changes: 'all' | string[];
  /** The protocol it names: a benchmark's lifecycle for it (src/runner/lifecycles.ts) runs around each instance. */
  protocol?: string;
}

export interface Task {
  id: string;
  title: string;
  description: string;
  split: string;
  /** Absolute path of the task's YAML file. */
  file: string;
  /** The HTML template, and the file it came from (the YAML itself when inline); '' for a site's page. */
  html: string;
  templateFile: string;
  /** Where instances start; the served page's path below the instance's folder ('' for a template). */
  start: TaskStart;
  /** A goal task's protocol; undefined for a form task. */
  protocol?: EpisodeProtocol;
  /** The files holding the task's data (this file, its instances CSV): gold labels, never served to a page. */
  dataFiles: string[];
  fields: Field[];
  instances: Instance[];
  /** `instances: { seeds: N }`: the instances a run takes by default; a run may ask for more (seeds.ts). */
  seeds?: number;
  /** Where the page's clock starts (ISO 8601), or 'real'; undefined = the manifest's defaults.clock. */
  clock?: string;
  /** 'real': the browser's own Math.random and crypto; undefined = seeded per instance. */
  random?: 'seeded' | 'real';
  source?: string;
  license?: string;
}

/** What collection needs of a task: small enough to cache for 30K+ instances. */
export interface TaskSummary {
  file: string;
  /** Undefined when the file is too broken to name its task. */
  id?: string;
  title?: string;
  split?: string;
  /** A site task's start site (checked against the manifest's sites). */
  site?: string;
  /** Every other site its instances use (login, `__SITE__` placeholders): checked too. */
  otherSites?: string[];
  /** The sites its instances hold alone (they reset or change them: `changes_sites`), for the order tests are handed out (schedule.ts). */
  holdsAlone?: string[];
  /** A goal task (judged by evaluators over an episode). */
  goal?: true;
  instances: { id: string; annotators: number; tags?: string[] }[];
  /** A seeded task: its instances by default (a run may ask for more). */
  seeds?: number;
  fields: Pick<Field, 'name' | 'type' | 'dynamic' | 'score'>[];
  /** Fields that have gold labels. */
  goldFields: string[];
  errors: TaskError[];
}
