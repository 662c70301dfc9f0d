import type { FullConfig, Suite, TestCase, TestResult, TestStep } from '@playwright/test/reporter';
import { AllureReporter } from 'allure-playwright';
import { ALLURE_RUNTIME_MESSAGE_CONTENT_TYPE, type Writer } from 'allure-js-commons/sdk/reporter';
import { isRecordAttachment } from '../src/record/attachments.ts';
import { readNotes } from '../src/record/notes.ts';
import { UnflushedWriter } from './allure-writer.ts';

/** allure-js-commons' FileSystemWriter: the folder it was given (its config is private in its types). */
interface LibraryWriter {
  config: { resultsDir: string };
}

/**
 * allure-playwright, less the records a program reads (evaluations.json, trajectory.json,
 * field-trajectory.json): the run folder keeps them (journal.jsonl, trajectories.jsonl) and the
 * HTML report shows them. Allure is read by people: each instance keeps its field scores as a
 * table, its actions, what its page did, the agent's log and spending, and its screenshots. At
 * TurkingBench's size the records were two thirds of Allure's results (docs/performance.md).
 */
export default class BenchmarkAllureReporter extends AllureReporter {
  private benchmark?: string;

  override onConfigure(config: FullConfig): void {
    this.benchmark = (config.metadata?.benchwright as { benchmark?: string } | undefined)?.benchmark;
    super.onConfigure(config);
  }

  override onBegin(suite: Suite): void {
    super.onBegin(suite);
    const runtime = (this as unknown as { allureRuntime: AllureRuntime }).allureRuntime;
    // By name: allure-playwright takes the library's CommonJS build, an import here may get its ES one. Allure's own test mode writes to a message channel: left as it is.
    if (runtime.writer.constructor.name === 'FileSystemWriter') runtime.writer = new UnflushedWriter((runtime.writer as unknown as LibraryWriter).config.resultsDir);
    forgetWrittenSteps(runtime);
  }

  override async onTestEnd(test: TestCase, result: TestResult): Promise<void> {
    const maps = this as unknown as AllureTestMaps;
    const uuid = maps.allureResultsUuids?.get(test.id);
    try {
      await super.onTestEnd(test, { ...result, attachments: [...result.attachments.filter((a) => !isRecordAttachment(a)), ...this.metadataOf(test, result)] });
    } finally {
      forgetWrittenTest(maps, test.id, uuid, result.steps);
    }
  }

  /**
   * An instance's Allure labels (benchmark, task, split) and parameters (its id, its agent), as
   * allure's own calls in the test would send them: given here, from its annotations, no test
   * carries them, in every report, as annotations, attachments and steps of their own.
   */
  private metadataOf(test: TestCase, result: TestResult): TestResult['attachments'] {
    const { task, split, instance, agent } = readNotes(test, result);
    if (task === undefined) return [];
    const labels = [
      ...(this.benchmark !== undefined ? [{ name: 'epic', value: this.benchmark }] : []),
      { name: 'feature', value: task },
      ...(split !== undefined ? [{ name: 'story', value: split }] : []),
    ];
    const parameters = [...(instance !== undefined ? [{ name: 'instance', value: instance }] : []), ...(agent !== undefined ? [{ name: 'agent', value: agent }] : [])];
    const message = { type: 'metadata', data: { labels, parameters } };
    return [{ name: 'benchwright labels', contentType: ALLURE_RUNTIME_MESSAGE_CONTENT_TYPE, body: Buffer.from(JSON.stringify(message)) }];
  }
}

/** allure-playwright's (3.x) maps that outlive a test (private in its types). */
export interface AllureTestMaps {
  /** By the test's id, its Allure result's id. */
  allureResultsUuids?: Map<string, string>;
  /** By Playwright's step: its Allure step's id, and where its attachments go. */
  pwStepUuid?: WeakMap<TestStep, unknown>;
  attachmentTargetByStep?: WeakMap<TestStep, unknown>;
}

/**
 * allure-playwright drops most of what it gathered for a test when the test ends, but keeps
 * its result's id by the test's id, and for each of its steps what it made of it, keyed by
 * Playwright's step, which the runner keeps to the end of the run: at TurkingBench's size
 * ~65 MB of what the runner holds when the last test ends (docs/performance.md). Once the test
 * is written they are dropped; a retry begun meanwhile (Playwright does not wait for a
 * reporter's onTestEnd) keeps the id it was given. `uuid`: the result's id as the test ended.
 */
export function forgetWrittenTest(reporter: AllureTestMaps, testId: string, uuid: string | undefined, steps: TestStep[]): void {
  if (reporter.allureResultsUuids?.get(testId) === uuid) reporter.allureResultsUuids?.delete(testId);
  for (let left = [...steps], step = left.pop(); step; step = left.pop()) {
    reporter.pwStepUuid?.delete(step);
    reporter.attachmentTargetByStep?.delete(step);
    left.push(...step.steps);
  }
}

/** What forgetWrittenSteps uses of allure-js-commons' ReporterRuntime (its state is private in its types). */
export interface AllureRuntime {
  writer: Writer;
  startStep(root: string, parent: string | null | undefined, result: object): string | undefined;
  writeTest(uuid: string): void;
  state: { deleteStepResult(uuid: string): void };
  stepStack: { removeRoot(uuid: string): void; rootsByStep?: Map<string, string> };
}

/**
 * allure-js-commons (3.x) keeps every step it was given until the run ends: a test's steps stay
 * in its state after the test is written: at TurkingBench's size ~110 MB of the runner's peak
 * (docs/performance.md). A test's steps are dropped once it is written.
 */
export function forgetWrittenSteps(runtime: AllureRuntime): void {
  // Another version of the library, without these: left as it is.
  if (typeof runtime.state?.deleteStepResult !== 'function' || typeof runtime.stepStack?.removeRoot !== 'function') return;
  const stepsOf = new Map<string, string[]>();
  const { startStep, writeTest } = runtime;
  runtime.startStep = (root, parent, result) => {
    const uuid = startStep(root, parent, result);
    if (uuid === undefined) return uuid;
    const steps = stepsOf.get(root) ?? [];
    steps.push(uuid);
    stepsOf.set(root, steps);
    return uuid;
  };
  runtime.writeTest = (uuid) => {
    writeTest(uuid);
    for (const step of stepsOf.get(uuid) ?? []) {
      runtime.state.deleteStepResult(step);
      // Allure drops a stopped step from its root's list but not from this map, and removeRoot clears the map from the list.
      runtime.stepStack.rootsByStep?.delete(step);
    }
    stepsOf.delete(uuid);
    runtime.stepStack.removeRoot(uuid);
  };
}
