import { browsergymOptionsProblem, type BrowserGymOptions } from '../../src/observe/browsergym/views.ts';
import type { ObserveOptions } from '../../src/observe/observe.ts';

/** Where the agent server is and how patiently it is asked (agentOptions.url, timeoutMs, retries). */
export interface HttpAgentSettings {
  url: string;
  /** Per request, in milliseconds. */
  timeoutMs: number;
  /** Further attempts after a connection error, a timeout or a 5xx answer (never after a 4xx). */
  retries: number;
  /** The rest of agentOptions (but observe, the harness's): the server's own settings, sent with every request. */
  options: Record<string, unknown>;
}

/** A model behind the server may take tens of seconds per answer. */
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_RETRIES = 2;

/** Why the agent cannot run: no server named (its tests are skipped with this), or undefined. */
export function missingServer(agentOptions: Record<string, unknown>): string | undefined {
  if (agentOptions.url !== undefined && agentOptions.url !== '') return undefined;
  return 'the http agent needs its server\'s address in agentOptions.url (the http project reads BENCHWRIGHT_AGENT_URL, e.g. http://127.0.0.1:8765/): not set, so this project is skipped';
}

/** What is wrong with the settings of agentOptions that name a server: an error, never a skip (a typo must not pass as a green run). */
export function settingsProblem(agentOptions: Record<string, unknown>): string | undefined {
  const { url, timeoutMs, retries, observe } = agentOptions;
  if (typeof url !== 'string' || !/^https?:$/.test(URL.parse(url)?.protocol ?? '')) return `agentOptions.url must be an http(s) URL, not ${JSON.stringify(url)}`;
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs > 0)) return `agentOptions.timeoutMs must be a positive number of milliseconds, not ${JSON.stringify(timeoutMs)}`;
  if (retries !== undefined && !(Number.isInteger(retries) && (retries as number) >= 0)) return `agentOptions.retries must be a whole number of 0 or more, not ${JSON.stringify(retries)}`;
  const observed = observe === undefined ? [] : typeof observe === 'object' && observe !== null && !Array.isArray(observe) ? Object.entries(observe) : undefined;
  if (!observed || observed.some(([key, on]) => !(OBSERVABLE.includes(key) ? typeof on === 'boolean' : key === 'browsergym'))) {
    return `agentOptions.observe must be an object of ${OBSERVABLE.map((k) => `${k}: true or false`).join(', ')}, browsergym: { ... }, not ${JSON.stringify(observe)}`;
  }
  const browsergym = observed.find(([key]) => key === 'browsergym')?.[1];
  return browsergym === undefined ? undefined : browsergymOptionsProblem(browsergym)?.replace(/^browsergym/, 'agentOptions.observe.browsergym');
}

/** What an episode's observation may hold beyond the accessibility tree, at the server's asking (and BrowserGym's formats). */
const OBSERVABLE = ['screenshot', 'html', 'boxes'];

/** agentOptions.observe: { screenshot, html, boxes, browsergym } (checked by settingsProblem; anything else asks for nothing). */
export function observeOptions(agentOptions: Record<string, unknown>): ObserveOptions {
  const observe = (agentOptions.observe ?? {}) as Record<string, unknown>;
  return {
    screenshot: observe.screenshot === true,
    html: observe.html === true,
    boxes: observe.boxes === true,
    ...(observe.browsergym !== undefined && { browsergym: observe.browsergym as BrowserGymOptions }),
  };
}

/** The settings of valid agentOptions (missingServer and settingsProblem say why others are not). */
export function httpSettings(agentOptions: Record<string, unknown>): HttpAgentSettings {
  const problem = missingServer(agentOptions) ?? settingsProblem(agentOptions);
  if (problem) throw new Error(problem);
  const { url, timeoutMs, retries, observe: _, ...options } = agentOptions;
  return { url: url as string, timeoutMs: (timeoutMs as number | undefined) ?? DEFAULT_TIMEOUT_MS, retries: (retries as number | undefined) ?? DEFAULT_RETRIES, options };
}
