import type { FieldsAsLoaded } from '../../evaluators/fields/evaluator.ts';
import { InstanceEvaluation } from '../../evaluators/evaluate.ts';
import { carriesNoAnswer } from '../../task/types.ts';
import { demonstrations } from '../demonstrations.ts';
import { taskBrief, type Mode } from './mode.ts';

/** A form as TurkingBench runs it: the agent is told the fields (as the page loaded them) and fills them. */
export const formMode: Mode = {
  kind: 'form',
  runs: (agent) => agent.run !== undefined,
  async act({ page, url, task, instance, agent, actions, seed, options, report }) {
    const evaluation = await InstanceEvaluation.begin(page, task, instance, { url });
    const loaded = (evaluation.begun('fields') as FieldsAsLoaded | undefined)?.loaded ?? [];
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
