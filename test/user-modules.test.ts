import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findAgent } from '../agents/registry.ts';
import { EVALUATORS, registerEvaluatorsFrom } from '../src/evaluators/registry.ts';
import { formatError } from '../src/task/errors.ts';
import { summarizeTaskFile } from '../src/task/task-index.ts';
import { tempDir } from './helpers.ts';
// Registers the built-in benchmarks, as the config and the CLI do: their evaluators, protocols and page helpers.
import '../src/benchmarks/index.ts';

const MODULES = 'test/fixtures/user-modules';

test('an agent from a module of the user\'s: its default export or `agent`, ESM or compiled to CommonJS, loaded once', async () => {
  const named = await findAgent(`./${MODULES}/named-agent.ts`);
  assert.equal(named.name, 'named');
  assert.equal(await findAgent(`./${MODULES}/named-agent.ts`), named);
  assert.equal((await findAgent(`./${MODULES}/compiled-agent.cjs`)).name, 'compiled');
});

test('an agent module that is missing, exports no agent or breaks: errors name the path and what was expected', async () => {
  await assert.rejects(findAgent('./agents/nowhere.ts'), /^Error: agent module "\.\/agents\/nowhere\.ts" not found: no file \/.*\/agents\/nowhere\.ts$/);
  await assert.rejects(findAgent(`./${MODULES}/no-agent.ts`), /agent module ".*no-agent\.ts" \(.*\) exports no agent: expected `export default` \(or `export const agent`\) of an object with a name and run\(input\) for form tasks and\/or step\(input\) for goal tasks; it exports default, helper$/);
  await assert.rejects(findAgent(`./${MODULES}/broken.ts`), /agent module ".*broken\.ts" \(.*\) failed to load: this module breaks as it loads/);
  await assert.rejects(findAgent('orcale'), /unknown agent "orcale": name one of oracle, do-nothing, random, llm, http, or the path of a module that exports an Agent/);
});

test('evaluators of the user\'s: registered from a module, named in task files, their settings checked at load', async () => {
  await assert.rejects(registerEvaluatorsFrom(`${MODULES}/no-agent.ts`), /evaluators module ".*no-agent\.ts" \(.*\) exports no evaluator: .*; it exports default, helper$/);
  const file = `${MODULES}/short-answer.yaml`;
  // Through the task index, cached by content hash: registering changes the verdict on the same file.
  process.env.BENCHWRIGHT_CACHE_DIR = tempDir();
  const errorsOf = () => summarizeTaskFile(file).errors.map((e) => formatError(e));
  assert.deepEqual(errorsOf(), [`${file}:8:5: eval[0].answer_length: unknown evaluator "answer_length"; expected one of: fields, page, answer, url, html, agent-response, network, workarena-list-sort, workarena-list-filter, workarena-record, workarena-knowledge, workarena-order, workarena-url, workarena-impersonation, workarena-chart`]);
  assert.deepEqual(await registerEvaluatorsFrom(`${MODULES}/evaluators.ts`), ['answer_length']);
  assert.ok(EVALUATORS.answer_length);
  assert.deepEqual(errorsOf(), [`${file}:8:31: eval[0].answer_length.at_most: expected a whole number, got "a few"`]);
  await assert.rejects(registerEvaluatorsFrom('src/evaluators/answer.ts'), /evaluator "answer" is built in: give yours another name/);
});
