import { NETWORK_SETTINGS } from './settings-schemas.ts';
import { readFileSync } from 'node:fs';
import type { AgentResponseSpec } from './answers/agent-response.ts';
import { harEntries, type HarEntry } from './network/har.ts';
import { eventsFor, scoreNetworkEvent } from './network/network-event.ts';
import { type NetworkCheck } from './network/check.ts';
import { urlNormalize, type SiteUrls } from './network/urls.ts';
import type { EvaluatorEntry } from '../../task/types.ts';
import type { Evaluator } from '../../evaluators/types.ts';

/** A check, and whether its task is a navigate task (then a GET is looked for in the last page the browser went to). */
export interface NetworkExpected extends NetworkCheck {
  navigate: boolean;
}

/** What a run keeps of its traffic for one check: the requests it reads (eventsFor), and the run's sites by placeholder. */
export interface NetworkEvidence {
  sites: SiteUrls;
  events: HarEntry[] | null;
  /** Why there are no events: nothing recorded, or a HAR the reference refuses (no entries). */
  error?: string;
}

/** WebArena-Verified's task type is the expected answer's (among an instance's evaluators): a navigate task's page is the last one the browser navigated to. */
export function isNavigateTask(evaluators: EvaluatorEntry[] = []): boolean {
  const answer = evaluators.find((e) => e.evaluator === 'agent-response')?.settings as AgentResponseSpec | undefined;
  return String(answer?.expected?.task_type ?? '').toLowerCase() === 'navigate';
}

/** The run's site URLs by placeholder (`__GITLAB__`), in url-normalize's form, as the reference needs them configured. */
export function sitePlaceholders(bases: Record<string, string> = {}): SiteUrls {
  return Object.fromEntries(Object.entries(bases).map(([name, base]) => [`__${name.toUpperCase()}__`, urlNormalize(base).replace(/\/+$/, '')]));
}

/** A HAR file read once for all the checks of an instance: its entries, or why the reference refuses it. */
export type HarRead = { entries: HarEntry[] } | { error: string };

export function readHar(text: string, file?: string): HarRead {
  try {
    return { entries: harEntries(text, file) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** The HAR read last: an instance's network checks (up to 10) all read the one file its episode recorded. */
let lastRead: { file: string; read: HarRead } | undefined;

function readHarFile(file: string): HarRead {
  if (lastRead?.file !== file) lastRead = { file, read: readHar(readFileSync(file, 'utf8'), 'network.har') };
  return lastRead.read;
}

/** What a check keeps of a HAR: its evaluation events, cut to what the check reads. */
export function networkEvidence(har: HarRead, check: NetworkCheck, sites: SiteUrls): NetworkEvidence {
  return 'error' in har ? { sites, events: null, error: har.error } : { sites, events: eventsFor(har.entries, check) };
}

/**
 * WebArena-Verified's NetworkEventEvaluator: a request the episode made (a form posted, a page
 * opened) or must not have made, found in the HAR Playwright recorded. Captured after the other
 * evaluators, once the recording context is closed; a pure function of the requests it keeps,
 * so a stored run is scored again with no browser. The reference's "error" (the check itself
 * does not read, the HAR has no entries) scores 0, recorded as such.
 */
export const network: Evaluator<NetworkCheck, NetworkExpected, NetworkEvidence> = {
  name: 'network',
  settingsSchema: NETWORK_SETTINGS,
  // As the reference: only URLs are rendered with the run's sites, and what the browser sent is
  // read back into placeholders; an expected text with a placeholder (a link in markdown) stays one.
  keepsSitePlaceholders: true,
  // Response bodies only where a check compares them: a HAR without them stays small.
  networkRecording: (settings) => (settings.expected.response_content && Object.keys(settings.expected.response_content).length ? 'embed' : 'omit'),
  expected: (settings, _task, instance) => ({ ...settings, navigate: isNavigateTask(instance.eval) }),
  async capture(_page, expected, episode) {
    const sites = sitePlaceholders(episode.siteBases);
    const har = await episode.network?.();
    if (!har) return { sites, events: null, error: 'no network traffic was recorded (a network check runs on a site task)' };
    return networkEvidence(readHarFile(har), expected, sites);
  },
  score(evidence, expected) {
    const base = { evaluator: 'network', expected: expected.expected };
    if (!evidence.events) return { ...base, got: null, score: 0, reason: `error: ${evidence.error}`, recorded: { status: 'error' } };
    const { navigate, ...check } = expected;
    const result = scoreNetworkEvent(evidence.events, check, { sites: evidence.sites, navigate });
    const reason = result.error !== undefined
      ? `error: ${result.error}`
      : [...result.assertions.map((a) => `${a.name}: ${a.messages.join(' ')}`), ...(result.differences ?? [])].join('; ');
    return {
      ...base,
      got: result.checked,
      score: result.score,
      ...(reason && { reason }),
      recorded: { status: result.status, assertions: result.assertions.map((a) => a.name) },
    };
  },
};
