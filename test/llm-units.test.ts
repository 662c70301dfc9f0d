import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ReplyCache } from '../src/llm/reply-cache.ts';
import { callCost } from '../src/llm/pricing.ts';
import { PIECES_AFTER, PIECES_BEFORE, relevantHtml } from '../src/observe/relevant-html.ts';
import { countTokens, fitTokens, loadEncoding } from '../src/llm/tokens.ts';
import { tempDir } from './helpers.ts';

test('relevant HTML: the grandparent split at ">", 15 pieces before the field and 30 after', () => {
  const before = Array.from({ length: 40 }, (_, i) => `<p>b${i}</p>`).join('');
  const after = Array.from({ length: 40 }, (_, i) => `<p>a${i}</p>`).join('');
  const field = '<input name="q" type="text">';
  const html = `<div>${before}${field}${after}</div>`;
  const kept = relevantHtml(html, field);
  const pieces = kept.split('>');
  assert.equal(pieces.length, PIECES_BEFORE + 1 + PIECES_AFTER);
  assert.equal(pieces[PIECES_BEFORE], field.slice(0, -1));
  assert.ok(html.includes(kept));
  // Small pages stay whole; a field not found leaves the HTML as it is.
  assert.equal(relevantHtml(`<div>${field}</div>`, field), `<div>${field}</div>`);
  assert.equal(relevantHtml('<div></div>', field), '<div></div>');
});

test('prompts are cut to the token budget around the field, and say so', async () => {
  await loadEncoding('cl100k_base');
  await loadEncoding('o200k_base');
  const page = `${'<p>filler text here</p>'.repeat(400)}<input name="target">${'<p>more filler</p>'.repeat(400)}`;
  assert.ok(countTokens(page, 'cl100k_base') > 2000);
  const fitted = fitTokens(page, 200, 'name="target"', 'cl100k_base');
  const { text, cut } = fitted;
  assert.ok(text.includes('name="target"'));
  assert.ok(text.startsWith('[... page cut ...]') && text.endsWith('[... page cut ...]'));
  assert.ok(countTokens(text, 'cl100k_base') <= 200 + 20);
  assert.equal(cut, countTokens(page, 'cl100k_base') - 200);
  assert.deepEqual(fitTokens('<p>short</p>', 200, 'x', 'o200k_base'), { text: '<p>short</p>', cut: 0 });
});

test('reply cache: keyed by the request, empty replies never stored, "off" stores nothing', () => {
  const dir = tempDir();
  const cache = ReplyCache.at(dir);
  const key = ReplyCache.key({ model: 'm', messages: [{ role: 'user', content: 'q' }], temperature: 0 });
  assert.notEqual(key, ReplyCache.key({ model: 'm', messages: [{ role: 'user', content: 'q' }], temperature: 1 }));
  assert.equal(cache.get(key), undefined);
  cache.set(key, { reply: 'modify_radio("q", "a")', promptTokens: 10, completionTokens: 3 });
  assert.deepEqual(cache.get(key), { reply: 'modify_radio("q", "a")', promptTokens: 10, completionTokens: 3 });
  const empty = ReplyCache.key('empty');
  cache.set(empty, { reply: '  ', promptTokens: 10, completionTokens: 0 });
  assert.equal(cache.get(empty), undefined);
  const off = ReplyCache.at(false);
  off.set(key, { reply: 'x', promptTokens: 1, completionTokens: 1 });
  assert.equal(off.get(key), undefined);
  assert.equal(readdirSync(dir).length, 1);
  assert.equal(readdirSync(join(dir, key.slice(0, 2))).length, 1);
});

test('cost from the model catalogue (USD per million tokens); unknown models cost null', () => {
  // gpt-4: $30 per million prompt tokens, $60 per million completion tokens.
  assert.equal(callCost('gpt-4', 1000, 100), (1000 * 30 + 100 * 60) / 1e6);
  assert.equal(callCost('my-local-llama', 1000, 100), null);
});
