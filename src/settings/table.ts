import { join } from 'node:path';
import { cacheDir } from '../cache-dir.ts';

/**
 * The run's settings: each a typed option of benchmarkConfig and an environment variable that
 * overrides it for one run. One table, so that the parser, the errors and the reference
 * (docs/configuration.md, which a test keeps equal to it) say the same.
 */
export interface RunSettings {
  /** The benchmark: a manifest, or a folder of task files (default tasks.yaml). */
  tasks: string;
  /** The splits that run, or 'all' (default: the manifest's). */
  split?: string[] | 'all';
  /** Instances per task, or 'all' (default: the manifest's). */
  instances?: number | 'all';
  /** The seed of the instance sample and of every seeded page (default: the manifest's). */
  seed?: number;
  /** Where runs are kept, each in a folder of its own. */
  reportDir: string;
  /** Allure results beside the HTML report. */
  allure: boolean;
  /** Where Allure results are written (emptied at the start of each run). */
  allureResults: string;
  /** Which final pages are kept as screenshots; steps: every final page and every episode step's page. */
  screenshot: 'auto' | 'on' | 'off' | 'only-on-failure' | 'steps';
  /** An earlier run to continue: its folder, its name, or latest. */
  resume?: string;
  /** Instances handed to a worker at once (default: from the run's size). */
  testGroup?: number;
  /** The folder of cached model replies, or false for none. */
  llmCache: string | false;
  /** Ceilings of the whole run, across workers: USD, tokens, model calls. */
  maxCost?: number;
  maxTokens?: number;
  maxCalls?: number;
  /** Ceilings of one instance. */
  instanceMaxCost?: number;
  instanceMaxTokens?: number;
  instanceMaxCalls?: number;
  /** Start a model run whose estimate exceeds a ceiling. */
  ignoreEstimate: boolean;
  /** Projects that call a model: only when named with --project, or always. */
  modelProjects: 'when-named' | 'always';
  /** The live progress line. */
  progress: boolean;
  /** Where Playwright's blob report of the run is written beside the other reports (a shard's, to merge), or false for none. */
  blobReport: string | false;
}

export type SettingName = keyof RunSettings;

/** How a setting's text reads; each kind says what it takes in the errors. */
export type Kind =
  | { kind: 'path' }
  | { kind: 'path or off' }
  | { kind: 'splits' }
  | { kind: 'count or all' }
  | { kind: 'whole' }
  | { kind: 'positive' }
  | { kind: 'usd' }
  | { kind: 'switch' }
  | { kind: 'text' }
  | { kind: 'choice'; values: readonly string[] };

export interface Setting {
  variable: string;
  type: Kind;
  /** Its value when neither the option nor the variable is set; none: the manifest or the run decides. */
  fallback?: () => unknown;
}

export const SETTINGS: Record<SettingName, Setting> = {
  tasks: { variable: 'BENCHWRIGHT_TASKS', type: { kind: 'path' }, fallback: () => 'tasks.yaml' },
  split: { variable: 'BENCHWRIGHT_SPLIT', type: { kind: 'splits' } },
  instances: { variable: 'BENCHWRIGHT_INSTANCES', type: { kind: 'count or all' } },
  seed: { variable: 'BENCHWRIGHT_SEED', type: { kind: 'whole' } },
  reportDir: { variable: 'BENCHWRIGHT_REPORT_DIR', type: { kind: 'path' }, fallback: () => 'benchwright-report' },
  allure: { variable: 'BENCHWRIGHT_ALLURE', type: { kind: 'switch' }, fallback: () => true },
  allureResults: { variable: 'BENCHWRIGHT_ALLURE_RESULTS', type: { kind: 'path' }, fallback: () => 'allure-results' },
  screenshot: { variable: 'BENCHWRIGHT_SCREENSHOT', type: { kind: 'choice', values: ['auto', 'on', 'off', 'only-on-failure', 'steps'] }, fallback: () => 'auto' },
  resume: { variable: 'BENCHWRIGHT_RESUME', type: { kind: 'text' } },
  testGroup: { variable: 'BENCHWRIGHT_TEST_GROUP', type: { kind: 'positive' } },
  llmCache: { variable: 'BENCHWRIGHT_LLM_CACHE', type: { kind: 'path or off' }, fallback: () => join(cacheDir(), 'llm-replies') },
  maxCost: { variable: 'BENCHWRIGHT_MAX_COST', type: { kind: 'usd' } },
  maxTokens: { variable: 'BENCHWRIGHT_MAX_TOKENS', type: { kind: 'positive' } },
  maxCalls: { variable: 'BENCHWRIGHT_MAX_CALLS', type: { kind: 'positive' } },
  instanceMaxCost: { variable: 'BENCHWRIGHT_INSTANCE_MAX_COST', type: { kind: 'usd' } },
  instanceMaxTokens: { variable: 'BENCHWRIGHT_INSTANCE_MAX_TOKENS', type: { kind: 'positive' } },
  instanceMaxCalls: { variable: 'BENCHWRIGHT_INSTANCE_MAX_CALLS', type: { kind: 'positive' } },
  ignoreEstimate: { variable: 'BENCHWRIGHT_IGNORE_ESTIMATE', type: { kind: 'switch' }, fallback: () => false },
  modelProjects: { variable: 'BENCHWRIGHT_MODEL_PROJECTS', type: { kind: 'choice', values: ['when-named', 'always'] }, fallback: () => 'when-named' },
  progress: { variable: 'BENCHWRIGHT_PROGRESS', type: { kind: 'switch' }, fallback: () => true },
  blobReport: { variable: 'BENCHWRIGHT_BLOB_REPORT', type: { kind: 'path or off' }, fallback: () => false },
};

/** What each kind takes, as the errors say it. */
export function expected(type: Kind): string {
  switch (type.kind) {
    case 'path': return 'a path';
    case 'path or off': return 'a folder, or off (or false, 0, no)';
    case 'splits': return 'split names, comma-separated, or all';
    case 'count or all': return 'a positive whole number or "all"';
    case 'whole': return 'a whole number';
    case 'positive': return 'a positive whole number';
    case 'usd': return 'an amount in USD above 0, like 2.50';
    case 'switch': return 'on or off (or true/false, 1/0, yes/no)';
    case 'text': return 'text';
    case 'choice': return type.values.join(', ').replace(/, ([^,]*)$/, ' or $1');
  }
}
