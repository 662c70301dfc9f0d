// npm run bench, sixth part: many LLM episodes in flight. An episode waits on the model most of
// the time; how many workers does a 2-core machine take before something else limits it?
// A local OpenAI-compatible server (test/fake-openai.ts) answers every call after 2 s with a
// fixed 3-step episode (fill, click, send_msg_to_user("done"): the step read from the prompt's
// "Earlier steps:"), on one small goal task with many instances. For each --workers N, one
// `npx playwright test --project=gpt4o --workers=N` (Playwright's cli.js run by node, as npx
// does) over max(16, 4 x N) instances, so each worker runs at least 4 episodes, with
// BENCHWRIGHT_ALLURE=off and BENCHWRIGHT_SCREENSHOT=off (a large run's settings), a fresh reply
// cache (nothing answered from it) and the LLM agent's concurrency at 64 (no cap). Measured:
//   wall time (spawn to exit: startup, browsers and reports included), episodes/minute;
//   CPU: user+sys of the whole process tree (runner, workers, browsers) and its share of the
//     machine's cores: the larger of two figures, both short of the truth in their own way:
//     every 200 ms each process's utime+stime (/proc/<pid>/stat), its last sample counted (a
//     process's last < 200 ms missed), and this process's children's rusage once the runner is
//     reaped (cutime+cstime of /proc/self/stat: only what each parent waited for; browsers
//     killed as a worker exits are not). The machine's own busy share beside it: the fake
//     server and this sampler run here, and other work on the machine shows there;
//   memory: every 200 ms the RSS (/proc/<pid>/stat, VmRSS) summed over the runner and all its
//     descendants, the peak reported; PSS (smaps_rollup, shared pages split between the
//     processes that map them) every second, its peak: Chromium's processes share much;
//   the server's most calls in flight, and that results.json has every instance scored;
//   where the wall time goes outside the episodes: from the start to the first call (runner,
//   workers, browsers starting), and from the last call's answer to the exit (reports).
// Usage: tsx scripts/bench-llm-episodes.ts [workers...]; default 2 4 8 16 (about 4 minutes).
// 32 workers on 2 cores took 5 minutes alone in one run (100 s before the first call).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readResults } from '../src/runs/results-file.ts';
import { FakeOpenAI, textOf, type SeenRequest } from '../test/fake-openai.ts';
import { ROOT } from '../test/helpers.ts';

const DELAY_MS = 2000;
/** The episode every instance gets: one action per step, by the number of earlier steps. */
const SCRIPT = [
  'Reasoning: the note goes in the box.\nAction: fill("role=textbox[name=\'Note\']", "looking")',
  'Reasoning: save it.\nAction: click("role=button[name=\'Save\']")',
  'Reasoning: saved.\nAction: send_msg_to_user("done")',
];
const CALLS = SCRIPT.length;
const PER_WORKER = 4;
const MIN_EPISODES = 16;
const SAMPLE_MS = 200;
const PSS_EVERY = 5;
const CORES = availableParallelism();
const TICK_S = 0.01; // USER_HZ: 100 on Linux
const PAGE_KIB = 4;

const args = process.argv.slice(2).map(Number).filter((n) => n > 0);
const workerCounts = args.length ? args : [2, 4, 8, 16];
const episodesFor = (workers: number) => Math.max(MIN_EPISODES, PER_WORKER * workers);

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Notes</title></head>
<body>
<h1>Notes</h1>
<p>Write a note and save it.</p>
<label>Note <input type="text" id="note"></label>
<button id="save" type="button">Save</button>
<p id="saved">Nothing saved yet.</p>
<script>
document.getElementById('save').addEventListener('click', () => {
  document.getElementById('saved').textContent = 'Saved: ' + document.getElementById('note').value;
});
</script>
</body></html>
`;

/** One goal task with `count` instances, judged by the answer. */
function writeTaskSet(folder: string, count: number): string {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'index.html'), PAGE);
  const instances = Array.from({ length: count }, (_, i) => `  - id: n${String(i + 1).padStart(3, '0')}\n    values: { n: "${i + 1}" }`);
  const file = join(folder, 'notes.yaml');
  writeFileSync(file, `id: bench-notes
title: Notes
description: Write a note, save it and say done.
split: test
page: index.html
goal: Write a note in the box, save it, then tell the user "done".
eval:
  - answer: { must_include: ["done"] }
instances:
${instances.join('\n')}
`);
  return file;
}

/** The step a request asks for: how many lines "Earlier steps:" lists ("(none)": 0). */
function stepOf(request: SeenRequest): number {
  const user = request.body.messages.map((m) => textOf(m.content)).find((t) => t.includes('\nEarlier steps:\n'));
  const listed = user?.split('\nEarlier steps:\n')[1]?.split('\n\n')[0] ?? '(none)';
  return listed === '(none)' ? 0 : listed.split('\n').length;
}

interface Proc {
  ppid: number;
  ticks: number;
  rssKiB: number;
}

/** Every process of the machine: parent, CPU ticks (user+sys), resident memory. */
function processes(): Map<number, Proc> {
  const all = new Map<number, Proc>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      all.set(Number(name), { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]), rssKiB: Number(rest[21]) * PAGE_KIB });
    } catch {
      // gone between the listing and the read
    }
  }
  return all;
}

/** The process and all its descendants. */
function tree(root: number, all: Map<number, Proc>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, p] of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
  const found = [root];
  for (let i = 0; i < found.length; i++) found.push(...(children.get(found[i]!) ?? []));
  return found.filter((pid) => all.has(pid));
}

function pssKiB(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** CPU ticks of this process's reaped children and grandchildren (cutime + cstime). */
function childTicks(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(rest[13]) + Number(rest[14]);
}

/** The machine's busy and total ticks, over all cores (/proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

function availableMiB(): number {
  return Number(/^MemAvailable:\s+(\d+)/m.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0) / 1024;
}

interface Row {
  workers: number;
  episodes: number;
  wallS: number;
  cpuS: number;
  rusageCpuS: number;
  sampledCpuS: number;
  machinePct: number;
  peakRssMiB: number;
  peakPssMiB: number;
  maxInFlight: number;
  /** Seconds from the start to the first call, and from the last call's answer to the runner's exit. */
  firstCallS: number;
  afterLastS: number;
  steady: Steady;
  calls: number;
  problems: string[];
  samplerCpuS: number;
}

interface CpuSample {
  at: number;
  /** The tree's CPU so far (each process's last sample). */
  ticks: number;
}

/**
 * After the start: from the end of the W-th episode (each of W workers has finished about one:
 * runner, workers and browsers have started) to the last one's end, the rate of episodes and
 * the tree's CPU per episode. Startup that lags past the W-th episode still counts in it.
 */
interface Steady {
  episodes: number;
  seconds: number;
  perMinute: number;
  cpuPerEpisodeS: number;
}

function steadyState(workers: number, ends: number[], series: CpuSample[]): Steady {
  const sorted = [...ends].sort((a, b) => a - b);
  const [from, to] = [sorted[workers - 1] ?? NaN, sorted.at(-1) ?? NaN];
  const ticksAt = (t: number) => series.filter((s) => s.at <= t).at(-1)?.ticks ?? 0;
  const episodes = sorted.length - workers;
  const seconds = (to - from) / 1000;
  return { episodes, seconds, perMinute: (episodes / seconds) * 60, cpuPerEpisodeS: ((ticksAt(to) - ticksAt(from)) * TICK_S) / episodes };
}

async function run(workers: number, work: string, taskFile: string, episodes = episodesFor(workers)): Promise<Row> {
  const dir = join(work, `w${workers}`);
  const callTimes: number[] = [];
  const episodeEnds: number[] = [];
  const fake = await FakeOpenAI.start((request) => {
    const step = Math.min(stepOf(request), CALLS - 1);
    callTimes.push(performance.now());
    if (step === CALLS - 1) episodeEnds.push(performance.now() + DELAY_MS);
    return { content: SCRIPT[step]!, delayMs: DELAY_MS };
  });
  try {
    const env = {
      ...process.env,
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-bench',
      BENCHWRIGHT_TASKS: taskFile,
      BENCHWRIGHT_INSTANCES: String(episodes),
      BENCHWRIGHT_ALLURE: 'off',
      BENCHWRIGHT_ALLURE_RESULTS: join(dir, 'allure-results'),
      BENCHWRIGHT_SCREENSHOT: 'off',
      BENCHWRIGHT_LLM_CACHE: join(dir, 'replies'),
      BENCHWRIGHT_LLM_OPTIONS: JSON.stringify({ concurrency: 64 }),
      BENCHWRIGHT_REPORT_DIR: join(dir, 'report'),
      BENCHWRIGHT_CACHE_DIR: join(work, 'cache'),
      PLAYWRIGHT_HTML_OUTPUT_DIR: join(dir, 'html'),
    };
    const cli = join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
    const ticksBefore = childTicks();
    const machineBefore = machineTicks();
    const samplerBefore = process.cpuUsage();
    const started = performance.now();
    const child = spawn(process.execPath, [cli, 'test', '--project=gpt4o', `--workers=${workers}`, `--output=${join(dir, 'test-results')}`], { cwd: ROOT, env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // Sampled until exit: peak memory, and each process's last CPU figure (a lower bound of the tree's CPU).
    let peakRss = 0;
    let peakPss = 0;
    const lastTicks = new Map<number, number>();
    const cpuSeries: CpuSample[] = [];
    let samples = 0;
    const sample = () => {
      const all = processes();
      const pids = tree(child.pid!, all);
      for (const pid of pids) lastTicks.set(pid, all.get(pid)!.ticks);
      cpuSeries.push({ at: performance.now(), ticks: [...lastTicks.values()].reduce((a, b) => a + b, 0) });
      peakRss = Math.max(peakRss, pids.reduce((sum, pid) => sum + all.get(pid)!.rssKiB, 0));
      if (samples++ % PSS_EVERY === 0) peakPss = Math.max(peakPss, pids.reduce((sum, pid) => sum + pssKiB(pid), 0));
    };
    const timer = setInterval(sample, SAMPLE_MS);
    sample();
    const code = await exited;
    clearInterval(timer);
    const wallS = (performance.now() - started) / 1000;
    const sampler = process.cpuUsage(samplerBefore);
    const machineAfter = machineTicks();
    const rusageCpuS = (childTicks() - ticksBefore) * TICK_S;
    const sampledCpuS = [...lastTicks.values()].reduce((a, b) => a + b, 0) * TICK_S;
    const problems: string[] = [];
    if (code !== 0) problems.push(`exit code ${code}: ${output.split('\n').filter((l) => /error|failed/i.test(l)).slice(0, 3).join(' | ')}`);
    try {
      const results = readResults(join(dir, 'report', 'latest', 'results.json'));
      const rows = results.instances.filter((i) => i.project === 'gpt4o');
      const notScored = rows.filter((i) => i.outcome !== 'scored' || i.score !== 1);
      if (rows.length !== episodes) problems.push(`${rows.length} instances in results.json, not ${episodes}`);
      if (notScored.length) problems.push(`${notScored.length} not scored 1: ${notScored.slice(0, 3).map((i) => `${i.instance} ${i.outcome} ${i.error ?? i.episode?.end ?? ''}`).join('; ')}`);
      const ends = rows.filter((i) => i.episode && (i.episode.steps !== CALLS || i.episode.end !== 'answered'));
      if (ends.length) problems.push(`${ends.length} episodes not ${CALLS} steps ending 'answered'`);
    } catch (e) {
      problems.push((e as Error).message);
    }
    if (fake.requests.length !== episodes * CALLS) problems.push(`${fake.requests.length} calls, not ${episodes} x ${CALLS}`);
    return {
      workers, episodes, wallS, cpuS: Math.max(rusageCpuS, sampledCpuS), rusageCpuS, sampledCpuS,
      machinePct: (100 * (machineAfter.busy - machineBefore.busy)) / (machineAfter.total - machineBefore.total),
      peakRssMiB: peakRss / 1024, peakPssMiB: peakPss / 1024,
      maxInFlight: fake.maxInFlight,
      firstCallS: ((callTimes[0] ?? NaN) - started) / 1000,
      afterLastS: wallS - ((callTimes.at(-1) ?? NaN) + DELAY_MS - started) / 1000,
      steady: steadyState(workers, episodeEnds, cpuSeries),
      calls: fake.requests.length, problems,
      samplerCpuS: (sampler.user + sampler.system) / 1e6,
    };
  } finally {
    await fake.close();
  }
}

const work = mkdtempSync(join(tmpdir(), 'benchwright-bench-episodes-'));
try {
  const taskFile = writeTaskSet(join(work, 'tasks'), episodesFor(Math.max(...workerCounts)));
  console.log(`LLM episodes in flight: every call answered after ${DELAY_MS / 1000} s, ${CALLS} calls an episode; --project=gpt4o, max(${MIN_EPISODES}, ${PER_WORKER} x workers) episodes a run;`);
  console.log(`BENCHWRIGHT_SCREENSHOT=off, BENCHWRIGHT_ALLURE=off, a fresh reply cache, LLM concurrency 64; ${CORES} cores, ${(availableMiB() / 1024).toFixed(1)} GiB available at the start`);
  // Not counted: the first run after a change compiles and caches what the later ones reuse.
  await run(2, join(work, 'warm-up'), writeTaskSet(join(work, 'warm-up-tasks'), 2), 2).then((r) => console.log(`warm-up: 2 workers, 2 episodes, ${r.wallS.toFixed(1)} s${r.problems.length ? ` (${r.problems.join('; ')})` : ''}`));
  const table = (head: string[]) => {
    const widths = head.map((h) => Math.max(8, h.length + 2));
    const line = (cells: string[]) => console.log(cells.map((c, n) => c.padStart(widths[n]!)).join(''));
    line(head);
    return line;
  };
  const ideal = (workers: number) => (workers * 60) / ((CALLS * DELAY_MS) / 1000);
  const line = table(['workers', 'episodes', 'wall s', 'episodes/min', 'ideal/min', 'CPU s', `CPU % of ${CORES} cores`, 'machine busy %', 'peak RSS MiB', 'peak PSS MiB', 'max calls in flight', 'first call s', 'after last s']);
  const rows: Row[] = [];
  const print = (r: Row) => line([
    String(r.workers), String(r.episodes), r.wallS.toFixed(1), ((r.episodes / r.wallS) * 60).toFixed(1), ideal(r.workers).toFixed(0),
    r.cpuS.toFixed(1), ((100 * r.cpuS) / r.wallS / CORES).toFixed(0), r.machinePct.toFixed(0), r.peakRssMiB.toFixed(0), r.peakPssMiB.toFixed(0), String(r.maxInFlight),
    r.firstCallS.toFixed(1), r.afterLastS.toFixed(1),
  ]);
  for (const workers of workerCounts) {
    const needed = (rows.at(-1)?.peakPssMiB ?? 0) / (rows.at(-1)?.workers ?? 1) * workers * 1.25;
    if (needed > availableMiB()) {
      console.log(`(${workers} workers not run: ~${needed.toFixed(0)} MiB of memory needed, ${availableMiB().toFixed(0)} available)`);
      continue;
    }
    const row = await run(workers, work, taskFile);
    rows.push(row);
    print(row);
  }
  console.log(`ideal: the model's ${DELAY_MS / 1000} s alone, episodes x ${CALLS} calls x ${DELAY_MS / 1000} s / workers of wall time, i.e. workers x ${(60 / ((CALLS * DELAY_MS) / 1000)).toFixed(0)} episodes/min:`);
  console.log(`  ${rows.map((r) => `${r.workers} workers ${((r.episodes * CALLS * DELAY_MS) / 1000 / r.workers).toFixed(0)} s for ${r.episodes} (measured ${r.wallS.toFixed(1)} s, ${((100 * r.episodes * CALLS * DELAY_MS) / 1000 / r.workers / r.wallS).toFixed(0)}% of ideal)`).join('; ')}`);
  console.log(`CPU s, the larger of: sampled every ${SAMPLE_MS} ms ${rows.map((r) => r.sampledCpuS.toFixed(1)).join(', ')}; rusage of the reaped tree ${rows.map((r) => r.rusageCpuS.toFixed(1)).join(', ')}; the sampler's own (not counted) ${rows.map((r) => r.samplerCpuS.toFixed(1)).join(', ')}`);
  console.log(`\nafter the start (from the W-th episode's end to the last's, W workers):`);
  const steadyLine = table(['workers', 'episodes', 'seconds', 'episodes/min', '% of ideal', 'CPU s/episode', `CPU % of ${CORES} cores`, `CPU-bound episodes/min`, 'PSS MiB/worker']);
  for (const { workers, steady: s, peakPssMiB } of rows) {
    steadyLine([String(workers), String(s.episodes), s.seconds.toFixed(1), s.perMinute.toFixed(1), ((100 * s.perMinute) / ideal(workers)).toFixed(0), s.cpuPerEpisodeS.toFixed(2),
      ((100 * s.cpuPerEpisodeS * s.episodes) / s.seconds / CORES).toFixed(0), ((CORES * 60) / s.cpuPerEpisodeS).toFixed(0), (peakPssMiB / workers).toFixed(0)]);
  }
  console.log(`(CPU-bound: what ${CORES} cores would allow at that CPU per episode, with nothing else running)`);
  for (const r of rows) if (r.problems.length) console.log(`${r.workers} workers: ${r.problems.join('; ')}`);
  if (rows.every((r) => !r.problems.length)) console.log(`every run: every instance scored 1, ${CALLS} steps ending 'answered'; calls = episodes x ${CALLS}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
