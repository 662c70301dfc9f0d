import { relative } from 'node:path';
import { expect, test } from '../fixtures/benchwright.ts';
import { formatError } from '../src/task/errors.ts';
import { instanceAnnotations } from '../src/record/notes.ts';
import { MANIFEST_SPEC, suitePlan, taskTitle } from '../src/runner/suite-plan.ts';

/** `test` as the generated spec file calls it, so that its tests are placed in that file (suite-files.ts). */
type DeclareTest = (...args: Parameters<typeof test>) => void;

/**
 * Declares the tests of one of the suite's generated spec files (suite-plan.ts: the manifest's
 * check, a task on pages, or the instances on sites), one per instance. Tests are declared
 * synchronously, in the runner and again in every worker: the loader is synchronous and
 * answers from its index cached by content hash.
 */
export function declareSpec(file: string, declareTest: DeclareTest): void {
  const { benchmark, selection, groupSize, files } = suitePlan();
  // A file of a suite generated for other tasks would otherwise declare nothing, silently.
  if (!files.has(file)) throw new Error(`${file} is not a spec file of this run's suite (${[...files.keys()].join(', ')}): the suite's folder is out of date; run again`);
  if (file === MANIFEST_SPEC) {
    declareTest('the manifest is valid', { tag: '@manifest' }, () => {
      expect(benchmark.errors.map((e) => formatError(e))).toEqual([]);
    });
  }
  // Instances on sites spread over their file, so that the workers use different sites' copies at once (schedule.ts).
  for (const { task, instances, first } of files.get(file) ?? []) {
    const name = taskTitle(task);
    const tag = [...(task.split ? [`@${task.split}`] : []), ...(task.id ? [`@${task.id}`] : [])];
    // Declared with the tests, these reach every reporter, also after merge-reports (notes.ts).
    const taskNotes = { task: name, ...(task.split && { split: task.split }), ...(task.goal && { goal: true }), ...(task.site && { sites: [task.site, ...(task.otherSites ?? [])] }) };
    test.describe(name, { tag }, () => {
      if (task.errors.length) {
        // A task file that failed validation: one failing test showing its errors.
        declareTest('loads', { annotation: instanceAnnotations({ ...taskNotes, errors: task.errors.map((e) => formatError(e)).join('\n') }) }, () => {
          expect(task.errors.map((e) => formatError(e)), `errors in ${relative(process.cwd(), task.file)}`).toEqual([]);
        });
      }
      for (let start = 0; start < instances.length; start += groupSize) {
        // Handed to a worker together (selection.ts, testGroupSize): an anonymous describe leaves
        // titles and test ids as they are; in its default mode a failed test's followers go on
        // in a new worker.
        test.describe(() => {
          if (groupSize > 1) test.describe.configure({ mode: 'default' });
          for (const [i, instance] of instances.slice(start, start + groupSize).entries()) {
            const tags = instance.tags ?? [];
            const annotation = instanceAnnotations({ ...taskNotes, instance: instance.id, tags });
            declareTest(instance.id, { tag: tags.map((t) => `@${t}`), annotation }, async ({ runBenchmarkInstance }) => {
              await runBenchmarkInstance(task.file, instance.id, selection.seed, first + start + i === 0);
            });
          }
        });
      }
    });
  }
}
