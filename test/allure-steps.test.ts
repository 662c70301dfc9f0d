// Allure's runtime and allure-playwright keep every test's steps and what they gathered for it
// until the run ends; benchwright's Allure reporter drops them once the test is written
// (reporters/allure.ts).
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { InMemoryWriter, ReporterRuntime } from 'allure-js-commons/sdk/reporter';
import type { TestResult } from 'allure-js-commons';
import type { Suite, TestStep } from '@playwright/test/reporter';
import BenchmarkAllureReporter, { forgetWrittenSteps, forgetWrittenTest, type AllureRuntime, type AllureTestMaps } from '../reporters/allure.ts';
import { UnflushedWriter } from '../reporters/allure-writer.ts';

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

test("allure-playwright's maps forget a written test and its steps at any depth, and keep the others'", () => {
  const reporter = new BenchmarkAllureReporter({ resultsDir: mkdtempSync(join(tmpdir(), 'allure-')) }) as unknown as Required<AllureTestMaps>;
  const bySteps = [reporter.pwStepUuid, reporter.attachmentTargetByStep];
  // The library's own maps: a version that renames them fails here rather than leaking again.
  assert.ok(reporter.allureResultsUuids instanceof Map);
  for (const map of bySteps) assert.ok(map instanceof WeakMap);
  const step = (steps: TestStep[] = []) => ({ steps }) as unknown as TestStep;
  const inner = step();
  const written = [step([inner])];
  const other = step();
  for (const [id, steps] of [['written', [...written, inner]], ['running', [other]], ['retried', []]] as const) {
    reporter.allureResultsUuids.set(id, `${id} 1`);
    for (const s of steps) for (const map of bySteps) map.set(s, id);
  }
  forgetWrittenTest(reporter, 'written', 'written 1', written);
  // A retry that began before its last attempt's end was written keeps its own id.
  reporter.allureResultsUuids.set('retried', 'retried 2');
  forgetWrittenTest(reporter, 'retried', 'retried 1', []);
  assert.deepEqual([...reporter.allureResultsUuids], [['running', 'running 1'], ['retried', 'retried 2']]);
  assert.deepEqual([...written, inner, other].map((s) => bySteps.some((map) => map.has(s))), [false, false, true]);
});

test('the reporter writes each result and attachment into place without a flush per file, nothing left aside', () => {
  const dir = mkdtempSync(join(tmpdir(), 'allure-'));
  const reporter = new BenchmarkAllureReporter({ resultsDir: dir });
  reporter.onBegin({} as Suite);
  const { writer } = (reporter as unknown as { allureRuntime: AllureRuntime }).allureRuntime;
  assert.ok(writer instanceof UnflushedWriter);
  const source = join(mkdtempSync(join(tmpdir(), 'page-')), 'final page.jpg');
  writeFileSync(source, 'jpeg bytes');
  writer.writeResult({ uuid: 'u1', name: 'an instance' } as TestResult);
  writer.writeAttachment('a1-attachment.csv', Buffer.from('field,score\n'));
  writer.writeAttachmentFromPath('a2-attachment.jpg', source);
  assert.deepEqual(readdirSync(dir).sort(), ['a1-attachment.csv', 'a2-attachment.jpg', 'u1-result.json']);
  assert.equal(JSON.parse(readFileSync(join(dir, 'u1-result.json'), 'utf8')).name, 'an instance');
  assert.equal(readFileSync(join(dir, 'a1-attachment.csv'), 'utf8'), 'field,score\n');
  assert.equal(readFileSync(join(dir, 'a2-attachment.jpg'), 'utf8'), 'jpeg bytes');
});
