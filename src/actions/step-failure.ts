import type { ActionOutcome, StepRunner } from './library.ts';

/**
 * Thrown inside a step's body so that traces and reports show the step failed with this
 * message; stepOrFailure catches it outside the step, so the test itself goes on.
 */
export class StepFailure extends Error {}

/** Runs a step whose body may end in a StepFailure: that failure as a value; any other error is thrown on. */
export function stepOrFailure<T>(step: StepRunner, title: string, body: () => Promise<T>): Promise<T | StepFailure> {
  return step(title, body).catch((e: unknown) => {
    if (e instanceof StepFailure) return e;
    throw e;
  });
}

/** An action that failed, as its step's failure: it carries the outcome the caller gets. */
export class ActionFailure extends StepFailure {
  constructor(readonly outcome: Extract<ActionOutcome, { ok: false }>) {
    super(outcome.error);
  }
}

