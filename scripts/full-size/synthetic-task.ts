import { test } from '@playwright/test';
import { instanceAnnotations, runAnnotations } from '../../src/record/notes.ts';
import { recordTraces, recordVerdict } from '../../src/record/write-test.ts';
import { MAX_TEST_GROUP_SIZE } from '../../src/runner/selection.ts';
import { madeUpInstance } from './records.ts';

// TurkingBench's train split as tests without a browser (bench-full-size.ts): each runs an
// oracle instance's steps and, unless bare, leaves its records as a real instance does. A spec
// file per task, handed to the workers in groups, as benchwright's suite is (src/runner/suite-plan.ts).
const PER_TASK = Number(process.env.FULL_SIZE_PER_TASK ?? 227);
const bare = process.env.FULL_SIZE_BARE === '1';

/** Declares task number `t`'s tests: called by its generated spec file (playwright.config.ts), with its `test`. */
export function declareSyntheticTask(t: number, declareTest: typeof test): void {
  const task = `task-${t}`;
  test.describe(task, { tag: ['@train', `@${task}`] }, () => {
    for (let start = 0; start < PER_TASK; start += MAX_TEST_GROUP_SIZE) {
      test.describe(() => {
        test.describe.configure({ mode: 'default' });
        for (let i = start; i < Math.min(PER_TASK, start + MAX_TEST_GROUP_SIZE); i++) {
          const instance = `instance-${i}`;
          declareTest(instance, { annotation: bare ? [] : instanceAnnotations({ task, split: 'train', instance }) }, async ({}, testInfo) => {
            const made = madeUpInstance(t, i);
            for (const action of made.actions) await test.step(action, () => {});
            if (bare) return;
            testInfo.annotations.push(...runAnnotations({ agent: 'oracle', browser: 'chromium' }));
            await recordVerdict(testInfo, made.verdict);
            await recordTraces(testInfo, made.traces);
          });
        }
      });
    }
  });
}
