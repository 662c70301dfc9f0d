// WebArena-Verified's value types that the 394 tasks here do not use but the whole dataset does
// (coordinates, clone URLs, integers), read through the agent-response scorer as answers are.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scoreAgentResponse, type AgentResponseSpec } from '../src/benchmarks/webarena-verified/answers/agent-response.ts';

const spec = (data: unknown[], items: object): AgentResponseSpec => ({
  expected: { task_type: 'retrieve', status: 'SUCCESS', retrieved_data: data },
  results_schema: { type: 'array', items },
});
const score = (answer: unknown, expected: AgentResponseSpec) => {
  const result = scoreAgentResponse(JSON.stringify({ task_type: 'RETRIEVE', status: 'SUCCESS', retrieved_data: answer }), expected);
  return result.status === 'error' ? `error: ${result.error}` : result.score;
};

test('coordinates: a pair, an object with lat/lng keys, or text with hemispheres and degrees; within 1e-5 degrees', () => {
  const where = spec([[40.7484, -73.9857]], { type: 'string', format: 'coordinates' });
  assert.equal(score([[40.748404, -73.985696]], where), 1);
  assert.equal(score([{ lat: 40.7484, lng: -73.9857 }], where), 1);
  assert.equal(score(['40.7484, -73.9857'], where), 1);
  assert.equal(score(['40.7484N 73.9857W'], where), 1);
  assert.equal(score(['40° 44′ 54.24″ N, 73° 59′ 8.52″ W'], where), 1);
  assert.equal(score([[40.7485, -73.9857]], where), 0);
  // Longitudes wrap as geopy wraps them; a latitude past 90 is no point.
  assert.equal(score([[40.7484, 286.0143]], where), 1);
  assert.equal(score([[91, 0]], where), 0);
  assert.match(String(score([[1, 2]], spec([[91, 0]], { type: 'string', format: 'coordinates' }))), /^error: latitude must be between -90 and 90/);
});

test('clone URLs: over SSH, any host and port, the user and the path compared without case', () => {
  const clone = spec(['git@__SSH_HOST__:byteblaze/dotfiles.git'], { type: 'string', format: 'url' });
  assert.equal(score(['git@10.0.0.5:ByteBlaze/dotfiles.git'], clone), 1);
  assert.equal(score(['ssh://git@10.0.0.5:2222/byteblaze/dotfiles.git'], clone), 1);
  assert.equal(score(['git@10.0.0.5:byteblaze/dotfiles'], clone), 0);
  // As the reference reads it: a port written SCP-style stays in the path.
  assert.equal(score(['git@10.0.0.5:2222/byteblaze/dotfiles.git'], clone), 0);
  const page = spec(['http://10.0.0.5:8023/byteblaze/dotfiles'], { type: 'string', format: 'url' });
  assert.equal(score(['HTTP://10.0.0.5:8023/byteblaze/dotfiles/'], page), 1);
  assert.equal(score(['http://10.0.0.5:8023/byteblaze/dotfiles?tab=1'], page), 0);
});

test('integers read as numbers: words and separators too', () => {
  const count = spec([1200], { type: 'integer' });
  assert.equal(score(['1,200'], count), 1);
  assert.equal(score([1200.0], count), 1);
  assert.equal(score(['one thousand two hundred'], count), 1);
  assert.equal(score([1201], count), 0);
});

test('__SSH_HOST__ in an expected clone URL names no site: the task needs none configured for it', async () => {
  const { sitesNamedIn } = await import('../src/task/site-placeholders.ts');
  assert.deepEqual(sitesNamedIn([{ expected: { retrieved_data: ['git@__SSH_HOST__:a/b.git'] } }, '__GITLAB__/a/b']), ['gitlab']);
});

test('base64 content compared decoded and exactly (a regex over the decoded text); none written as null, "", N / A or none', async () => {
  const { base64, empty } = await import('../src/benchmarks/webarena-verified/answers/formats.ts');
  const { normalizeAs, sameValue } = await import('../src/benchmarks/webarena-verified/answers/types.ts');
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const content = normalizeAs(base64, b64('MIT License\r\nCopyright (c) 2023\n'));
  assert.ok(sameValue(content, normalizeAs(base64, b64('MIT License\nCopyright (c) 2023'))));
  assert.ok(!sameValue(content, normalizeAs(base64, b64('mit license\nCopyright (c) 2023'))));
  assert.ok(sameValue(normalizeAs(base64, '^MIT License.*2023$'), content));
  assert.throws(() => normalizeAs(base64, 'not base64!'), /invalid base64/);
  // [] is a list of no alternatives: refused, as the reference's base type refuses it.
  for (const none of [null, '', 'N / A', 'None', {}]) assert.ok(sameValue(normalizeAs(empty, 'null'), normalizeAs(empty, none)), JSON.stringify(none));
  assert.throws(() => normalizeAs(empty, 0), /numeric zero/);
  assert.throws(() => normalizeAs(empty, 'nothing here'), /not an empty value/);
});

test('an expected regex matches an answer whole, and also the same regex written back (the reference compares the texts after the patterns)', () => {
  const order = spec(['^#?\\s*0*170$'], { type: 'string' });
  for (const answer of ['#170', '000170', '^#?\\s*0*170$']) assert.equal(score([answer], order), 1, answer);
  assert.equal(score(['#171'], order), 0);
});
