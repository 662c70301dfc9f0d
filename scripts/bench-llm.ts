// npm run bench, fourth part: LLM runs against the local OpenAI-compatible server of the tests.
// 1. The bundled tasks with --project=gpt4 answered from the reply cache, against do-nothing and
//    the oracle on the same tasks (whole `playwright test` commands, interleaved, median of 5:
//    runs of the same command vary by 20% on this 2-core machine), and the oracle acting as a
//    user (bench-llm/oracle-as-user.config.ts): the LLM agent acts as a user, the oracle sets the
//    fields directly, so only the oracle as a user does the rerun's page work.
// 2. Instances per minute when every call takes 1 s, with 2 workers and N calls in flight per
//    worker, and the most requests the server saw at once.
import { join } from 'node:path';
import { FakeOpenAI, firstOptionReply } from '../test/fake-openai.ts';
import { runPlaywrightAsync, tempDir } from '../test/helpers.ts';
import { median } from './stats.ts';
import { recordFigure } from './bench-figures.ts';


async function timed(args: string[], env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const run = await runPlaywrightAsync(['test', ...args], { BENCHWRIGHT_ALLURE: 'off', ...env });
  if (run.code !== 0) throw new Error(run.output);
  return (performance.now() - started) / 1000;
}

const fake = await FakeOpenAI.start((r) => ({ content: firstOptionReply(r) }));
try {
  const cache = join(tempDir(), 'replies');
  const llmEnv = { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-bench', BENCHWRIGHT_LLM_CACHE: cache };
  await timed(['--project=gpt4'], llmEnv);
  const asked = fake.requests.length;
  const cached: number[] = [];
  const nothing: number[] = [];
  const oracle: number[] = [];
  const asUser: number[] = [];
  for (let i = 0; i < 5; i++) {
    cached.push(await timed(['--project=gpt4'], llmEnv));
    nothing.push(await timed(['--project=do-nothing'], {}));
    oracle.push(await timed(['--project=oracle'], {}));
    asUser.push(await timed(['-c', 'scripts/bench-llm/oracle-as-user.config.ts', '--project=oracle-as-user'], {}));
  }
  // The oracle acts on the same fields as the model does: the page work without the model.
  const list = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
  recordFigure({ figure: 'gpt4 rerun from the reply cache, bundled tasks (s)', value: median(cached), floor: { value: median(oracle), name: 'oracle' }, target: { ratio: 1.1 } });
  recordFigure({ figure: 'gpt4 rerun from the reply cache, beside the same page work (s)', value: median(cached), floor: { value: median(asUser), name: 'oracle as a user' } });
  console.log(`runs (s): gpt4 from the cache ${list(cached)}; do-nothing ${list(nothing)}; oracle ${list(oracle)}; oracle as a user ${list(asUser)}`);
  const ratio = (floor: number[]) => (median(cached) / median(floor)).toFixed(2);
  console.log(`gpt4 from the cache: ${median(cached).toFixed(1)} s (requests sent: ${fake.requests.length - asked}); do-nothing: ${median(nothing).toFixed(1)} s (ratio ${ratio(nothing)}); oracle: ${median(oracle).toFixed(1)} s (ratio ${ratio(oracle)}); oracle as a user: ${median(asUser).toFixed(1)} s (ratio ${ratio(asUser)})`);
} finally {
  await fake.close();
}

for (const concurrency of [4, 8]) {
  const slow = await FakeOpenAI.start((r) => ({ content: firstOptionReply(r), delayMs: 1000 }));
  try {
    const env = { OPENAI_BASE_URL: slow.url, OPENAI_API_KEY: 'sk-bench', BENCHWRIGHT_LLM_CACHE: 'off', BENCHWRIGHT_LLM_OPTIONS: JSON.stringify({ concurrency }) };
    const seconds = await timed(['--project=gpt4', '--workers=2'], env);
    console.log(`1 s per call, 2 workers x ${concurrency} calls: ${slow.requests.length} calls for 10 instances in ${seconds.toFixed(1)} s = ${((10 / seconds) * 60).toFixed(1)} instances/min; at most ${slow.maxInFlight} in flight`);
  } finally {
    await slow.close();
  }
}
