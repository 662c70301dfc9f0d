import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { readSettings } from '../src/settings/read.ts';

test('settings: a variable wins over its option, the option over the default; paths resolve from the working directory', () => {
  const defaults = readSettings({}, {});
  assert.equal(defaults.tasks, resolve('tasks.yaml'));
  assert.equal(defaults.reportDir, resolve('benchwright-report'));
  assert.equal(defaults.allure, true);
  assert.equal(defaults.screenshot, 'auto');
  assert.equal(defaults.modelProjects, 'when-named');
  assert.equal(defaults.instances, undefined, "the manifest's");
  const options = { instances: 3, split: ['train'], reportDir: 'runs', maxCost: 2.5, allure: false };
  const fromOptions = readSettings(options, {});
  assert.deepEqual([fromOptions.instances, fromOptions.split, fromOptions.reportDir, fromOptions.maxCost, fromOptions.allure], [3, ['train'], resolve('runs'), 2.5, false]);
  const fromVariables = readSettings(options, { BENCHWRIGHT_INSTANCES: 'all', BENCHWRIGHT_SPLIT: 'test, challenge', BENCHWRIGHT_MAX_COST: '0.75', BENCHWRIGHT_ALLURE: 'on', BENCHWRIGHT_LLM_CACHE: 'off' });
  assert.deepEqual([fromVariables.instances, fromVariables.split, fromVariables.maxCost, fromVariables.allure, fromVariables.llmCache], ['all', ['test', 'challenge'], 0.75, true, false]);
  // An empty variable is not set.
  assert.equal(readSettings(options, { BENCHWRIGHT_INSTANCES: '' }).instances, 3);
});

test('settings: one rule for every switch, one error style naming the variable or the option and what it takes', () => {
  for (const [text, value] of [['on', true], ['TRUE', true], ['1', true], ['yes', true], ['off', false], ['false', false], ['0', false], ['No', false]] as const) {
    assert.equal(readSettings({}, { BENCHWRIGHT_ALLURE: text }).allure, value, text);
    assert.equal(readSettings({}, { BENCHWRIGHT_PROGRESS: text }).progress, value, text);
  }
  const refused: [Record<string, string>, RegExp][] = [
    [{ BENCHWRIGHT_ALLURE: 'maybe' }, /^Error: BENCHWRIGHT_ALLURE must be on or off \(or true\/false, 1\/0, yes\/no\), not "maybe"$/],
    [{ BENCHWRIGHT_SCREENSHOT: 'foo' }, /^Error: BENCHWRIGHT_SCREENSHOT must be auto, on, off, only-on-failure or steps, not "foo"$/],
    [{ BENCHWRIGHT_MAX_COST: '-1' }, /^Error: BENCHWRIGHT_MAX_COST must be an amount in USD above 0, like 2.50, not "-1"$/],
    [{ BENCHWRIGHT_MAX_CALLS: '1.5' }, /^Error: BENCHWRIGHT_MAX_CALLS must be a positive whole number, not "1.5"$/],
    [{ BENCHWRIGHT_INSTANCES: '0' }, /^Error: BENCHWRIGHT_INSTANCES must be a positive whole number or "all", not "0"$/],
  ];
  for (const [env, message] of refused) assert.throws(() => readSettings({}, env), message);
  assert.throws(() => readSettings({ instances: 0 }, {}), /^Error: benchmarkConfig's instances must be a positive whole number or "all", not 0$/);
  assert.throws(() => readSettings({ allure: 'off' as unknown as boolean }, {}), /^Error: benchmarkConfig's allure must be true or false, not "off"$/);
  assert.throws(() => readSettings({ split: 'train' as unknown as string[] }, {}), /benchmarkConfig's split must be a list of split names, or "all", not "train"/);
});
