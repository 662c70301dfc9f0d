import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSettings } from '../settings/read.ts';
import { SETTINGS, type RunSettings, type SettingName } from '../settings/table.ts';

/**
 * The spending ceilings (docs/configuration.md, "Spending ceiling"). Every model call that is
 * not answered from the reply cache asks here first; once a ceiling is reached no new call
 * starts, in any worker. The run's spending is kept on disk, one file per process, each
 * rewritten whole after each call: workers add nothing to one another's files, so no lock is
 * needed, and a reader sums them all. A call counts against maxCalls as it starts; its tokens
 * and cost count when it ends: the token and cost ceilings can be passed by what the calls
 * already in flight when they were reached spend (at most the workers times each worker's cap
 * on calls in flight), never by a call started after.
 */
export interface Spent {
  calls: number;
  tokens: number;
  /** USD of the calls whose model has a known price. */
  cost: number;
}

/** Set by the runner for its workers: the folder where each process keeps what it spent. */
export const SPENDING_FOLDER = 'BENCHWRIGHT_SPENDING';

/** This process's file: a pid alone could be a dead worker's, reused. */
const OWN_FILE = `${process.pid}-${randomUUID()}.json`;

const NOTHING: Spent = { calls: 0, tokens: 0, cost: 0 };
const add = (a: Spent, b: Spent): Spent => ({ calls: a.calls + b.calls, tokens: a.tokens + b.tokens, cost: a.cost + b.cost });

/** This process's spending (the run's share), and the current instance's. */
let ownSpent: Spent = NOTHING;
let instance: Spent = NOTHING;
/** Why a call of the current instance was refused, the first time. */
let instanceCut: string | undefined;

/**
 * In the runner, before the workers start: a folder for the run's spending, holding what an
 * earlier run (one this run resumes) spent already. Removed when the runner exits.
 */
export function openRunSpending(earlier: Spent): void {
  const folder = mkdtempSync(join(tmpdir(), 'benchwright-spending-'));
  writeFileSync(join(folder, 'earlier.json'), JSON.stringify(earlier));
  process.env[SPENDING_FOLDER] = folder;
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
}

/** What the whole run has spent: every process's file, or this process's alone outside a run. */
export function runSpent(): Spent {
  const folder = process.env[SPENDING_FOLDER];
  if (!folder) return ownSpent;
  let total = NOTHING;
  for (const name of safeList(folder)) {
    // A file being replaced is read whole or not at all (rename); one unreadable counts as nothing yet.
    try {
      total = add(total, JSON.parse(readFileSync(join(folder, name), 'utf8')) as Spent);
    } catch {}
  }
  return total;
}

function safeList(folder: string): string[] {
  try {
    return readdirSync(folder).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
}

/**
 * A call starts: it counts against maxCalls at once, so that calls in flight cannot pass that
 * ceiling (only workers asking in the same instant can, by one call each).
 */
export function startCall(): void {
  spend({ calls: 1, tokens: 0, cost: 0 });
}

/** A call ended: its tokens and cost (nothing, when it failed) count for the run and the instance. */
export function endCall(call: { promptTokens: number; completionTokens: number; cost: number | null }): void {
  spend({ calls: 0, tokens: call.promptTokens + call.completionTokens, cost: call.cost ?? 0 });
}

function spend(spent: Spent): void {
  ownSpent = add(ownSpent, spent);
  instance = add(instance, spent);
  const folder = process.env[SPENDING_FOLDER];
  if (!folder) return;
  const file = join(folder, OWN_FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify(ownSpent));
  renameSync(`${file}.tmp`, file);
}

/** The settings that bound the whole run's spending, by what each counts. */
export const RUN_CEILINGS: Record<keyof Spent, SettingName> = { cost: 'maxCost', tokens: 'maxTokens', calls: 'maxCalls' };

/** The run's ceilings that `spent` has reached, as a reason; undefined while under them all. */
export function runCeilingReached(spent = runSpent(), settings = runSettings()): string | undefined {
  return reached(spent, RUN_CEILINGS, settings, "the run's");
}

/**
 * Whether a new call may start: undefined, or why not (and the instance is marked as cut). The
 * model judge's calls answer to the run's ceilings only: an instance's ceilings bound its agent.
 */
export function refusal(judging = false, settings: RunSettings = runSettings()): string | undefined {
  const own = judging ? undefined : reached(instance, { cost: 'instanceMaxCost', tokens: 'instanceMaxTokens', calls: 'instanceMaxCalls' }, settings, "the instance's");
  const why = own ?? runCeilingReached(runSpent(), settings);
  instanceCut ??= why;
  return why;
}

function reached(spent: Spent, ceilings: Record<keyof Spent, SettingName>, settings: RunSettings, whose: string): string | undefined {
  for (const key of ['cost', 'tokens', 'calls'] as const) {
    const ceiling = settings[ceilings[key]] as number | undefined;
    if (ceiling === undefined || spent[key] < ceiling) continue;
    const shown = (n: number) => (key === 'cost' ? `$${n.toFixed(4).replace(/0{1,2}$/, '')}` : String(n));
    return `budget reached: ${whose} ${key} ceiling ${shown(ceiling)} (${SETTINGS[ceilings[key]].variable}), ${shown(spent[key])} spent`;
  }
  return undefined;
}

/** At an instance's start (a worker runs one at a time): its own spending from nothing. */
export function beginInstanceSpending(): void {
  instance = NOTHING;
  instanceCut = undefined;
}

/** Why a call of the current instance was refused, if one was. */
export const instanceCutBy = (): string | undefined => instanceCut;
