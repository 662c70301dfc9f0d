import { relative } from 'node:path';
import { expect, test } from '../fixtures/benchwright.ts';
import { chosenBenchmark } from '../src/runner/chosen-benchmark.ts';
import { schedule } from '../src/runner/schedule.ts';
import { selectInstances, testGroupSize } from '../src/runner/selection.ts';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { formatError } from '../src/task/errors.ts';
import { instanceAnnotations } from '../src/record/notes.ts';

// Tests are declared synchronously, in the runner and again in every worker: the loader is
// synchronous and answers from its index cached by content hash.
const benchmark = loadBenchmark(chosenBenchmark());
const selection = selectInstances(benchmark);
const groupSize = testGroupSize(selection);

test('the manifest is valid', { tag: '@manifest' }, () => {
  expect(benchmark.errors.map((e) => formatError(e))).toEqual([]);
});

// Instances on sites spread over the run, so that the workers use different sites' copies at once (schedule.ts).
for (const { task, instances, first } of schedule(selection.tasks)) {
  const name = task.id ?? relative(process.cwd(), task.file);
  const tag = [...(task.split ? [`@${task.split}`] : []), ...(task.id ? [`@${task.id}`] : [])];
  // Declared with the tests, these reach every reporter, also after merge-reports (notes.ts).
  const taskNotes = { task: name, ...(task.split && { split: task.split }), ...(task.goal && { goal: true }), ...(task.site && { sites: [task.site, ...(task.otherSites ?? [])] }) };
  test.describe(name, { tag }, () => {
    if (task.errors.length) {
      // A task file that failed validation: one failing test showing its errors.
      test('loads', { annotation: instanceAnnotations({ ...taskNotes, errors: task.errors.map((e) => formatError(e)).join('\n') }) }, () => {
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
          test(instance.id, { tag: tags.map((t) => `@${t}`), annotation }, async ({ runBenchmarkInstance }) => {
            await runBenchmarkInstance(task.file, instance.id, selection.seed, first + start + i === 0);
          });
        }
      });
    }
  });
}
