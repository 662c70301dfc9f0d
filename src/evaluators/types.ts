import type { Page } from '@playwright/test';
import type { ScoringOptions } from './fields/score-fields.ts';
import type { Evaluation } from '../record/evaluation.ts';
import type { FuzzyJudge } from '../llm/judge.ts';
import type { SiteAccount } from '../task/manifest.ts';
import type { Instance, Task } from '../task/types.ts';

/**
 * How an instance is judged, in two halves (docs/architecture.md, "The evaluator seam"): `capture` takes
 * what it needs from the live browser at the end of the episode and returns plain JSON (the
 * evidence); `score` is a function of that JSON alone, so any stored run can be scored again
 * without a browser. `Expected` is what the evaluator compares against (gold labels, reference
 * answers, a reference URL), made per instance from the task's settings.
 */
export interface Evaluator<Settings = unknown, Expected = unknown, Evidence = unknown> {
  name: string;
  /** JSON Schema of its settings in task files, checked when they load (an evaluator of your own; default: any). */
  settingsSchema?: object;
  /** What this instance is compared against, from the evaluator's settings in the task file. */
  expected(settings: Settings, task: Task, instance: Instance): Expected;
  /**
   * true: its settings keep their `__SITE__` placeholders (a site task's others have them
   * filled with the run's site URLs): it reads them with those URLs itself (EpisodeEnd.siteBases).
   */
  keepsSitePlaceholders?: true;
  /** How the final answer must be written for this evaluator to read it: told to the agent with the goal. */
  answerFormat?(expected: Expected): string;
  /** The page as loaded, before the agent acts (the fields as an annotator found them). */
  begin?(page: Page, expected: Expected, start: EpisodeStart): Promise<unknown>;
  /** What the episode left behind, read from the live browser; `begun` is what `begin` returned. */
  capture(page: Page, expected: Expected, episode: EpisodeEnd, begun: unknown): Promise<Evidence>;
  score(evidence: Evidence, expected: Expected, options: ScoreOptions): Evaluation | Promise<Evaluation>;
  /**
   * This evaluator reads the episode's traffic (EpisodeEnd.network): a site episode is recorded
   * as a HAR, response bodies omitted or embedded. It captures after the other evaluators, once
   * the recording is closed.
   */
  networkRecording?(settings: Settings): 'omit' | 'embed';
  /**
   * false: the evaluation does not keep what `score` was given (the fields evaluator: its
   * per-field records are what a rescore reads, and its evidence is every field of the page).
   */
  keepsInputs?: false;
}

/** How a run scores: the field metrics it chose, and the model judge of fuzzy answers (none: not scored). */
export interface ScoreOptions extends ScoringOptions {
  judge?: FuzzyJudge;
}

export interface EpisodeStart {
  /** The URL the instance was opened at. */
  url: string;
}

/** What the episode itself (not the page) tells the evaluators. */
export interface EpisodeEnd {
  /** The agent's final answer (send_msg_to_user), when it gave one; "N/A" when it gave up. */
  answer?: string;
  /** The agent gave up (report_infeasible): its answer is "N/A". */
  gaveUp?: boolean;
  /** The URL the instance started at: relative references are read against it. */
  startUrl: string;
  /** A site task's base URL: a reference that is a path (/notes/4) is on the site. */
  siteBase?: string;
  /** Every site's base URL by name (WebArena's helpers read the shop's API). */
  siteBases?: Record<string, string>;
  /** The start site's account (`account:`), for an evaluator that reads the site's API (WorkArena's records). */
  siteAccount?: SiteAccount;
  /** A goal task's goal, as the agent was told it (a model judge reads it). */
  goal?: string;
  /** The HAR file of the episode's traffic, when it was recorded: closes the recording (its browser context) first. */
  network?: () => Promise<string | undefined>;
}

