import type { Page } from '@playwright/test';
import { within } from '../bounded.ts';
import { callIsolated } from './page-session.ts';

/** The page still moved when the wait for it hit its bound: for how long it was waited on, and what ran. */
export interface Unsettled {
  waitedMs: number;
  /** The animations still running (at most RUNNING_KEPT), e.g. "transition height on div#details". */
  running: string[];
  /** The page could not be asked: it did not answer (a script looping), or why the wait failed. */
  error?: string;
}

/** How long a page may keep moving before it is read as it is (a Bootstrap collapse takes 350 ms). */
const BOUND_MS = 1000;
/** Past its bound, the page's answer may take this long to come back before it counts as none. */
const ANSWER_MS = 1000;

const RUNNING_KEPT = 5;

/**
 * Runs in the page: lets `renderings` renderings of the page pass (each a frame's animation
 * callbacks, then its style, layout and paint, where focus leaves an element just disabled),
 * then waits while a CSS transition or animation (or a script's Web Animation) of the document
 * is running and will end, one frame more after the last (its end event's handler, a collapse
 * hiding its content, has run by then). Infinite animations (a spinner) never end and are not
 * waited on; nor, unless `colours`, those of colours and shadows alone. A page that renders no
 * frames is looked at every 100 ms.
 */
export async function settleInPage({ renderings, boundMs, kept, colours }: SettleArgs): Promise<Unsettled | null> {
  const start = performance.now();
  // A task posted from a frame's callback runs once that frame has been rendered: half the wait of a second frame.
  const rendered = () => new Promise((resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = resolve;
      channel.port2.postMessage(null);
    });
    setTimeout(resolve, 100);
  });
  // Colours and shadows move nothing and hide nothing: a button's tint or a field's focus ring
  // (Bootstrap's, 150 ms on every .btn and .form-control) changes no field and no tree, only
  // pixels. (SVG's fill and stroke are not among them: a shape without one takes no clicks.)
  const paintOnly = /^(color|background-color|border(-(top|right|bottom|left))?-color|box-shadow|text-shadow|outline-color|text-decoration-color|caret-color|accent-color|column-rule-color)$/;
  const timing = new Set(['offset', 'computedOffset', 'easing', 'composite']);
  const waitedOn = (a: Animation) => {
    if (colours) return true;
    const keyframes = a.effect instanceof KeyframeEffect ? a.effect.getKeyframes() : [];
    const properties = keyframes.flatMap((k) => Object.keys(k)).filter((p) => !timing.has(p)).map((p) => p.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
    return !properties.length || properties.some((p) => !paintOnly.test(p));
  };
  for (let i = 0; i < renderings; i++) await rendered();
  for (let moved = false; ;) {
    // getAnimations() applies pending style changes first: a transition a click just set off is in it.
    const running = document.getAnimations().filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity) && waitedOn(a));
    if (!running.length) {
      if (!moved) return null;
      moved = false;
    } else {
      moved = true;
      const waitedMs = Math.round(performance.now() - start);
      if (waitedMs >= boundMs) {
        return {
          waitedMs,
          running: running.slice(0, kept).map((a) => {
            const target = (a.effect as KeyframeEffect | null)?.target;
            const on = target ? ` on ${target.localName}${target.id ? `#${target.id}` : ''}` : '';
            if (a instanceof CSSTransition) return `transition ${a.transitionProperty}${on}`;
            if (a instanceof CSSAnimation) return `animation ${a.animationName}${on}`;
            return `animation${a.id ? ` ${a.id}` : ''}${on}`;
          }),
        };
      }
    }
    await new Promise((resolve) => (requestAnimationFrame(resolve), setTimeout(resolve, 100)));
  }
}

/**
 * Waits, at most BOUND_MS, until the page has settled (settleInPage), after `renderings`
 * renderings (what the last action set off reaches the page), in a world of its own: a page that
 * replaced requestAnimationFrame or getAnimations cannot hold it. Undefined when it settled;
 * what still ran when the bound was hit, or why the page could not be asked (what reads it
 * next goes on as it can). `colours`: for a picture of the page, transitions of colours and
 * shadows are waited on too.
 */
export async function settle(page: Page, renderings: number, colours = false): Promise<Unsettled | undefined> {
  const started = performance.now();
  const waiting = callIsolated(page, 'waiting for the page to settle', settleInPage, settleArgs(renderings, colours));
  try {
    return (await within(BOUND_MS + ANSWER_MS, 'waiting for the page to settle', waiting)) ?? undefined;
  } catch (e) {
    return { waitedMs: Math.round(performance.now() - started), running: [], error: (e as Error).message.split('\n')[0]! };
  }
}

interface SettleArgs {
  renderings: number;
  boundMs: number;
  kept: number;
  colours: boolean;
}

/** settleInPage's bounds, for a call that settles the page before doing more in the same call. */
export const settleArgs = (renderings: number, colours = false): SettleArgs => ({ renderings, boundMs: BOUND_MS, kept: RUNNING_KEPT, colours });
