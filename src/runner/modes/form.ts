import type { FieldsAsLoaded } from '../../evaluators/fields/evaluator.ts';
import { InstanceEvaluation } from '../../evaluators/evaluate.ts';
import { carriesNoAnswer } from '../../task/types.ts';
import { demonstrations } from '../demonstrations.ts';
import type { FieldState } from '../../values/read-fields.ts';
import { taskBrief, type ActInput, type Mode } from './mode.ts';

/** A form's evaluators begun on the page as loaded, and its fields as the `fields` evaluator read them then. */
export async function beginForm({ page, url, task, instance }: ActInput): Promise<{ evaluation: InstanceEvaluation; loaded: FieldState[] }> {
  const evaluation = await InstanceEvaluation.begin(page, task, instance, { url });
  return { evaluation, loaded: (evaluation.begun('fields') as FieldsAsLoaded | undefined)?.loaded ?? [] };
}

/** A form as TurkingBench runs it: the agent is told the fields (as the page loaded them) and fills them. */
export const formMode: Mode = {
  kind: 'form',
  runs: (agent) => agent.run !== undefined,
  async act(input) {
    const { page, task, instance, agent, actions, seed, options, report } = input;
    const { evaluation, loaded } = await beginForm(input);
    await agent.run!({
      page,
      actions,
      task: taskBrief(task),
      instanceId: instance.id,
      // Buttons named in the gold columns are recorded, not offered: they carry no answer.
      // Copies: what the agent does with them cannot change how the page was loaded.
      fields: structuredClone(loaded.filter((f) => !carriesNoAnswer(f.type))),
      seed,
      options,
      report,
      demonstrations: (count) => demonstrations(task.id, count),
      ...(agent.needsGold && { gold: instance.gold }),
    });
    const steps = report.fieldSteps;
    return { evaluation, page, told: {}, ...(steps?.length && { fieldTrajectory: { title: task.title, description: task.description, steps } }) };
  },
};
