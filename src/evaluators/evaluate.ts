import type { Page } from '@playwright/test';
import type { EvaluatorEntry, Instance, Task } from '../task/types.ts';
import { EVALUATORS } from './registry.ts';
import type { EpisodeEnd, EpisodeStart, Evaluator, ScoreOptions } from './types.ts';
import type { Evaluation } from '../record/evaluation.ts';

/** One evaluator of an instance, with what it compares against and what it read at the start. */
interface EvaluatorUse {
  evaluator: Evaluator;
  expected: unknown;
  begun?: unknown;
}

/** A form task without `eval` is judged by its fields. */
const FORM_EVALUATION: EvaluatorEntry[] = [{ evaluator: 'fields', settings: {} }];

/**
 * The evaluators of one instance, through an episode: `begin` reads the page as loaded,
 * `end` captures what the episode left and scores it.
 */
export class InstanceEvaluation {
  private constructor(private readonly uses: EvaluatorUse[]) {}

  static async begin(page: Page, task: Task, instance: Instance, start: EpisodeStart): Promise<InstanceEvaluation> {
    const uses: EvaluatorUse[] = [];
    for (const entry of instance.eval ?? FORM_EVALUATION) {
      const evaluator = EVALUATORS[entry.evaluator];
      if (!evaluator) throw new Error(`unknown evaluator "${entry.evaluator}" (evaluators: ${Object.keys(EVALUATORS).join(', ')})`);
      const expected = evaluator.expected(entry.settings, task, instance);
      uses.push({ evaluator, expected, begun: await evaluator.begin?.(page, expected, start) });
    }
    return new InstanceEvaluation(uses);
  }

  /** How the answer must be written, as the evaluators that read it say; undefined when none does. */
  answerFormat(): string | undefined {
    const formats = this.uses.map((u) => u.evaluator.answerFormat?.(u.expected)).filter((f) => f !== undefined);
    return formats.length ? formats.join('\n\n') : undefined;
  }

  /** What an evaluator read of the page as loaded (the fields evaluator: the fields the agent is told). */
  begun(name: string): unknown {
    return this.uses.find((u) => u.evaluator.name === name)?.begun;
  }

  /**
   * Captures every evaluator's evidence first (the page as the agent left it), then scores.
   * Those reading the recorded traffic capture last: its recording ends with the page's context.
   */
  async end(page: Page, episode: EpisodeEnd, options: ScoreOptions): Promise<Evaluation[]> {
    const evidence: unknown[] = new Array(this.uses.length);
    const order = [...this.uses.keys()].sort((a, b) => Number(!!this.uses[a]!.evaluator.networkRecording) - Number(!!this.uses[b]!.evaluator.networkRecording));
    for (const i of order) {
      const u = this.uses[i]!;
      evidence[i] = await u.evaluator.capture(page, u.expected, episode, u.begun);
    }
    return Promise.all(this.uses.map(async (u, i) => {
      const evaluation = await u.evaluator.score(evidence[i], u.expected, options);
      return u.evaluator.keepsInputs === false ? evaluation : { ...evaluation, inputs: { evidence: evidence[i], expected: u.expected } };
    }));
  }
}

/** How an instance's traffic is recorded for its evaluators: undefined, not at all; 'embed' when one compares response bodies. */
export function networkRecording(instance: Instance): 'omit' | 'embed' | undefined {
  const modes = (instance.eval ?? []).map((e) => EVALUATORS[e.evaluator]?.networkRecording?.(e.settings)).filter((m) => m !== undefined);
  return modes.includes('embed') ? 'embed' : modes[0];
}

/** A stored evaluation scored again from its inputs (a model judge now available, a scorer mended); as it was when it kept none. */
export async function scoreAgain(evaluation: Evaluation, options: ScoreOptions): Promise<Evaluation> {
  const evaluator = EVALUATORS[evaluation.evaluator];
  if (!evaluator || !evaluation.inputs) return evaluation;
  const again = await evaluator.score(evaluation.inputs.evidence, evaluation.inputs.expected, options);
  return { ...again, inputs: evaluation.inputs };
}
