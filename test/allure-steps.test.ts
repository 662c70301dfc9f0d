// Allure's runtime keeps every step it was given until the run ends; benchwright's Allure
// reporter drops a test's steps once the test is written (reporters/allure.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InMemoryWriter, ReporterRuntime } from 'allure-js-commons/sdk/reporter';
import { forgetWrittenSteps, type AllureRuntime } from '../reporters/allure.ts';

test("a written test's steps are in its result, nested as they ran, and no longer in the runtime", () => {
  const writer = new InMemoryWriter();
  const runtime = new ReporterRuntime({ writer });
  const { state, stepStack } = runtime as unknown as { state: { getStepResult(uuid: string): unknown }; stepStack: { rootsByStep: Map<string, string> } };
  forgetWrittenSteps(runtime as unknown as AllureRuntime);
  const written = runtime.startTest({ name: 'written' });
  const running = runtime.startTest({ name: 'still running' });
  const outer = runtime.startStep(written, undefined, { name: 'outer' })!;
  const inner = runtime.startStep(written, outer, { name: 'inner' })!;
  const other = runtime.startStep(running, undefined, { name: 'other' })!;
  for (const step of [inner, outer]) runtime.stopStep(step);
  runtime.stopTest(written);
  runtime.writeTest(written);
  assert.deepEqual(writer.tests.map((t) => [t.name, t.steps.map((s) => [s.name, s.steps.map((n) => n.name)])]), [['written', [['outer', ['inner']]]]]);
  assert.equal(state.getStepResult(outer), undefined);
  assert.equal(state.getStepResult(inner), undefined);
  assert.deepEqual([outer, inner].map((step) => stepStack.rootsByStep.has(step)), [false, false]);
  // Another test's steps stay until it is written.
  assert.notEqual(state.getStepResult(other), undefined);
  assert.equal(stepStack.rootsByStep.get(other), running);
});

test('a runtime without the methods relied on is left as it is', () => {
  const runtime = { startStep: () => 'a', writeTest: () => {} } as unknown as AllureRuntime;
  const { startStep, writeTest } = runtime;
  forgetWrittenSteps(runtime);
  assert.equal(runtime.startStep, startStep);
  assert.equal(runtime.writeTest, writeTest);
});
