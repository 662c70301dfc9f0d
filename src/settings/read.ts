import { resolve } from 'node:path';
import { plainError } from '../plain-error.ts';
import { expected, SETTINGS, type Kind, type RunSettings, type SettingName } from './table.ts';

/** What benchmarkConfig takes: any setting, typed as the run holds it. */
export type SettingOptions = Partial<RunSettings>;

const TRUE = ['on', 'true', '1', 'yes'];
const FALSE = ['off', 'false', '0', 'no'];

/**
 * The run's settings: each variable (set and not empty) wins over its option, the option over
 * the default. Paths resolve from the working directory. A bad value stops here, naming the
 * variable or the option and what it takes.
 */
export function readSettings(options: SettingOptions = {}, env: NodeJS.ProcessEnv = process.env): RunSettings {
  const settings: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(SETTINGS) as [SettingName, (typeof SETTINGS)[SettingName]][]) {
    const text = env[setting.variable];
    const value = text
      ? fromText(text, setting.type, setting.variable)
      : options[name] !== undefined
        ? fromOption(options[name], setting.type, `benchmarkConfig's ${name}`)
        : setting.fallback?.();
    if (value !== undefined) settings[name] = setting.type.kind.startsWith('path') && typeof value === 'string' ? resolve(value) : value;
  }
  return settings as unknown as RunSettings;
}

function fromText(text: string, type: Kind, name: string): unknown {
  const wrong = () => plainError(`${name} must be ${expected(type)}, not "${text}"`);
  const word = text.trim().toLowerCase();
  switch (type.kind) {
    case 'switch':
      if (TRUE.includes(word)) return true;
      if (FALSE.includes(word)) return false;
      throw wrong();
    case 'path or off':
      return FALSE.includes(word) ? false : text;
    case 'splits': {
      if (word === 'all') return 'all';
      const splits = text.split(',').map((s) => s.trim()).filter(Boolean);
      if (!splits.length) throw wrong();
      return splits;
    }
    case 'count or all':
      if (word === 'all') return 'all';
      if (!/^[1-9]\d*$/.test(word)) throw wrong();
      return Number(word);
    case 'whole':
    case 'positive':
      if (!(type.kind === 'whole' ? /^\d+$/ : /^[1-9]\d*$/).test(word)) throw wrong();
      return Number(word);
    case 'usd':
      if (!/^\d+(\.\d+)?$/.test(word) || Number(word) <= 0) throw wrong();
      return Number(word);
    case 'choice':
      if (!type.values.includes(word)) throw wrong();
      return word;
    case 'path':
    case 'text':
      return text;
  }
}

/** An option from code: the same checks, on the value's own type (a JS caller may pass anything). */
function fromOption(value: unknown, type: Kind, name: string): unknown {
  const ok = (() => {
    switch (type.kind) {
      case 'switch': return typeof value === 'boolean';
      case 'path or off': return value === false || (typeof value === 'string' && value !== '');
      case 'splits': return value === 'all' || (Array.isArray(value) && value.length > 0 && value.every((s) => typeof s === 'string' && s !== ''));
      case 'count or all': return value === 'all' || (Number.isSafeInteger(value) && (value as number) > 0);
      case 'whole': return Number.isSafeInteger(value) && (value as number) >= 0;
      case 'positive': return Number.isSafeInteger(value) && (value as number) > 0;
      case 'usd': return typeof value === 'number' && Number.isFinite(value) && value > 0;
      case 'choice': return type.values.includes(value as string);
      case 'path':
      case 'text': return typeof value === 'string' && value !== '';
    }
  })();
  if (!ok) throw plainError(`${name} must be ${type.kind === 'splits' ? 'a list of split names, or "all"' : type.kind === 'path or off' ? 'a folder, or false' : type.kind === 'switch' ? 'true or false' : expected(type)}, not ${JSON.stringify(value)}`);
  return value;
}

let configured: SettingOptions = {};

/**
 * The config's options, kept for the process: benchmarkConfig gives them in the runner and in
 * each worker (Playwright reads the config in each). Read again at every use, so that a
 * variable set later in the process (a test's) counts; the CLI, with no config, reads the
 * variables and defaults.
 */
export function useSettings(options: SettingOptions = {}, env: NodeJS.ProcessEnv = process.env): RunSettings {
  const settings = readSettings(options, env);
  configured = options;
  return settings;
}

export const runSettings = (env: NodeJS.ProcessEnv = process.env): RunSettings => readSettings(configured, env);
