import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TestResult } from '@playwright/test/reporter';
import { carryScreenshots, instanceFileId, keepScreenshots, SCREENSHOTS } from '../src/runs/screenshot-files.ts';
import { tempDir } from './helpers.ts';

// A run folder's screenshots/: each instance's final page, its field boxes and its steps' pages,
// in a folder named by the instance's file id, the last attempt's only; carried into a resumed run.

const KEY = { project: 'oracle', task: 'review-sentiment', instance: 'r1' };
const jpeg = (text: string) => Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.from(text)]);

/** A test's attempt with these attachments (bodies, or files as Playwright keeps large ones). */
const resultWith = (attachments: { name: string; body?: Buffer; path?: string }[]) => ({ attachments: attachments.map((a) => ({ contentType: 'image/jpeg', ...a })) }) as unknown as TestResult;

/** Every file kept, as `<id>/<name>`. */
const listing = (runFolder: string) => readdirSync(join(runFolder, SCREENSHOTS)).flatMap((id) => readdirSync(join(runFolder, SCREENSHOTS, id)).map((name) => `${id}/${name}`)).sort();

test('the file id: 16 hex digits of the sha1 of [project, task, instance]', () => {
  const sha1 = createHash('sha1').update('["oracle","review-sentiment","r1"]').digest('hex');
  assert.equal(instanceFileId(KEY), sha1.slice(0, 16));
  assert.notEqual(instanceFileId(KEY), instanceFileId({ ...KEY, instance: 'r2' }));
});

test('an attempt\'s final page, its boxes and its steps\' pages are kept; a retry replaces them, one without pictures leaves none', () => {
  const run = tempDir();
  const id = instanceFileId(KEY);
  const file = join(tempDir(), 'final.jpg');
  writeFileSync(file, jpeg('final from a file'));
  const boxes = { width: 1280, height: 800, boxes: { reason: [10, 20, 300, 40] } };
  keepScreenshots(run, KEY, resultWith([
    { name: 'final page', path: file },
    { name: 'final page boxes.json', body: Buffer.from(JSON.stringify(boxes)) },
    { name: 'step 1.jpg', body: jpeg('one') },
    { name: 'step 2.jpg', body: jpeg('two') },
    { name: 'actions.json', body: Buffer.from('[]') },
  ]));
  assert.deepEqual(listing(run), [`${id}/final.jpg`, `${id}/final.json`, `${id}/step-1.jpg`, `${id}/step-2.jpg`]);
  assert.deepEqual(readFileSync(join(run, SCREENSHOTS, id, 'final.jpg')), jpeg('final from a file'));
  assert.deepEqual(JSON.parse(readFileSync(join(run, SCREENSHOTS, id, 'final.json'), 'utf8')), boxes);
  assert.deepEqual(readFileSync(join(run, SCREENSHOTS, id, 'step-2.jpg')), jpeg('two'));

  // Another instance's files stay; this one's retry keeps only what it left.
  const other = instanceFileId({ ...KEY, instance: 'r2' });
  keepScreenshots(run, { ...KEY, instance: 'r2' }, resultWith([{ name: 'final page', body: jpeg('r2') }]));
  keepScreenshots(run, KEY, resultWith([{ name: 'step 1.jpg', body: jpeg('retried') }]));
  assert.deepEqual(listing(run), [`${other}/final.jpg`, `${id}/step-1.jpg`].sort());
  assert.deepEqual(readFileSync(join(run, SCREENSHOTS, id, 'step-1.jpg')), jpeg('retried'));
  keepScreenshots(run, KEY, resultWith([]));
  assert.deepEqual(listing(run), [`${other}/final.jpg`]);
});

test('boxes without a final page are not kept; a run without screenshots gets no folder', () => {
  const run = tempDir();
  keepScreenshots(run, KEY, resultWith([{ name: 'final page boxes.json', body: Buffer.from('{"width":1,"height":1,"boxes":{}}') }]));
  assert.deepEqual(readdirSync(run), []);
});

test('a resumed run starts with the earlier run\'s screenshots; an instance run again replaces its own', () => {
  const earlier = tempDir();
  const resumed = tempDir();
  carryScreenshots(earlier, resumed, [KEY]);
  assert.deepEqual(readdirSync(resumed), [], 'nothing to carry');
  const id = instanceFileId(KEY);
  keepScreenshots(earlier, KEY, resultWith([{ name: 'final page', body: jpeg('earlier') }, { name: 'step 1.jpg', body: jpeg('earlier step') }]));
  carryScreenshots(earlier, resumed, [KEY]);
  assert.deepEqual(listing(resumed), [`${id}/final.jpg`, `${id}/step-1.jpg`]);
  keepScreenshots(resumed, KEY, resultWith([{ name: 'final page', body: jpeg('again') }]));
  assert.deepEqual(listing(resumed), [`${id}/final.jpg`]);
  assert.deepEqual(readFileSync(join(resumed, SCREENSHOTS, id, 'final.jpg')), jpeg('again'));
});
