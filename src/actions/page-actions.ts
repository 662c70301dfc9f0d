import type { Locator, Page } from '@playwright/test';
import type { ActionName } from '../action-set/signatures.ts';

/** A failure the agent should hear about (an ActionOutcome), not an infrastructure error. */
export class ActionProblem extends Error {}

/**
 * The page would not let the control take the value as it stands: hidden, disabled,
 * read-only, no such option, a value the control rejects. An outcome like any problem; an
 * oracle's gold answer refused this way is the page's limit, not the harness's (page-limits.ts).
 */
export class PageRefusal extends ActionProblem {}

/** What the goal-task actions work on: the focused tab, and the refs of the last snapshot. */
export interface PageActionContext {
  page: Page;
  /** Per-action wait for an element to become actionable, ms. */
  timeout: number;
  /** The refs the last snapshot showed, each with Playwright's own for it or its bid; undefined before any snapshot. */
  refs?: ReadonlyMap<string, ElementKey>;
  /** Makes another tab the one actions and observations work on. */
  focus(page: Page): void;
}

/** A snapshot's element ref: e12, or f1e3 inside a frame (Playwright's), x12 (an element it gave none, by bid). */
export const REF = /^(?:(?:f\d+)?e|x)\d+$/;

/** BrowserGym's element id, the `bid` attribute: 12 (letters before it only in frames, which carry none yet). */
export const BID = /^\d+$/;

/** How a shown ref finds its element: Playwright's ref, or the bid we gave it. */
export type ElementKey = { ref: string } | { bid: string };

/** An element named as an agent names it, by ref or bid, not by selector. */
export const isElementName = (target: string) => REF.test(target) || BID.test(target);

/** The longest a noop may wait: a model asking for an hour does not stall the run. */
const NOOP_MAX_MS = 10_000;

/** Where goto may go: web pages, never javascript:, file: or the browser's own pages. */
const NAVIGABLE = new Set(['http:', 'https:']);

type PageAction = (context: PageActionContext, ...args: never[]) => Promise<unknown>;

/**
 * BrowserGym's high-level actions, on the element a ref (or, in reference solutions, a
 * Playwright selector) names, through Playwright's actionability checks: a user's clicks and
 * keys, never DOM assignment. A bad ref, a hidden element, a refused value are ActionProblems.
 */
export const PAGE_ACTIONS = {
  click: (c: PageActionContext, target: string, button?: string, modifiers?: string[]) =>
    element(c, target).click({ button: mouseButton(button), modifiers: keyModifiers(modifiers), timeout: c.timeout }),
  dblclick: (c: PageActionContext, target: string, button?: string, modifiers?: string[]) =>
    element(c, target).dblclick({ button: mouseButton(button), modifiers: keyModifiers(modifiers), timeout: c.timeout }),
  hover: (c: PageActionContext, target: string) => element(c, target).hover({ timeout: c.timeout }),
  // With BrowserGym's enable_autocomplete_menu, as it does: all but the last character filled,
  // the last typed, so that an autocomplete menu opens as it would for a user.
  fill: async (c: PageActionContext, target: string, value: string, autocomplete?: boolean) => {
    const box = element(c, target);
    if (!autocomplete || !value) return box.fill(value, { timeout: c.timeout });
    await box.fill(value.slice(0, -1), { timeout: c.timeout });
    await box.pressSequentially(value.slice(-1), { timeout: c.timeout });
  },
  press: (c: PageActionContext, target: string, key: string) => element(c, target).press(key, { timeout: c.timeout }),
  keyboard_press: (c: PageActionContext, key: string) => c.page.keyboard.press(key),
  select_option: (c: PageActionContext, target: string, options: string | string[]) => element(c, target).selectOption(options, { timeout: c.timeout }),
  check: (c: PageActionContext, target: string) => element(c, target).check({ timeout: c.timeout }),
  uncheck: (c: PageActionContext, target: string) => element(c, target).uncheck({ timeout: c.timeout }),
  drag_and_drop: dragAndDrop,
  goto: (c: PageActionContext, url: string) => c.page.goto(navigable(c.page, url)),
  go_back: async (c: PageActionContext) => {
    if (!(await c.page.goBack())) throw new ActionProblem('there is no earlier page in this tab');
  },
  go_forward: async (c: PageActionContext) => {
    if (!(await c.page.goForward())) throw new ActionProblem('there is no later page in this tab');
  },
  new_tab: async (c: PageActionContext) => c.focus(await c.page.context().newPage()),
  tab_focus: async (c: PageActionContext, index: number) => {
    const tabs = c.page.context().pages();
    const tab = tabs[index];
    if (!Number.isInteger(index) || !tab) throw new ActionProblem(`no tab ${index}: the tabs are 0 to ${tabs.length - 1}`);
    await tab.bringToFront();
    c.focus(tab);
  },
  tab_close: async (c: PageActionContext) => {
    const tabs = c.page.context().pages();
    if (tabs.length === 1) throw new ActionProblem('the last tab cannot be closed');
    const closing = c.page;
    const rest = tabs.filter((t) => t !== closing);
    // The tab before it takes its place, as in a browser.
    c.focus(rest[Math.max(0, tabs.indexOf(closing) - 1)] ?? rest[0]!);
    await closing.close();
  },
  noop: (c: PageActionContext, waitMs = 1000) => c.page.waitForTimeout(Math.max(0, Math.min(waitMs, NOOP_MAX_MS))),
  // The answer and the give-up end the episode (the loop reads them); the page is left alone.
  send_msg_to_user: async () => {},
  report_infeasible: async () => {},
} satisfies Partial<Record<ActionName, PageAction>>;

export type PageActionName = keyof typeof PAGE_ACTIONS;
export const isPageAction = (name: string): name is PageActionName => Object.hasOwn(PAGE_ACTIONS, name);

export function element(c: PageActionContext, target: string): Locator {
  if (BID.test(target)) return byBid(c, target);
  if (!REF.test(target)) return c.page.locator(target);
  if (!c.refs) throw new ActionProblem(`no snapshot was taken yet: ${target} names nothing`);
  const key = c.refs.get(target);
  if (!key) throw new ActionProblem(`the last snapshot has no element ${target}`);
  return 'ref' in key ? c.page.getByRef(key.ref) : byBid(c, key.bid);
}

/** The element of this bid, which it must have alone: a page may copy an element, bid and all. */
function byBid(c: PageActionContext, bid: string): Locator {
  return c.page.locator(`[bid="${bid}"]`);
}

export function mouseButton(button: string | undefined): 'left' | 'right' | 'middle' {
  if (button === undefined || button === 'left' || button === 'right' || button === 'middle') return button ?? 'left';
  throw new ActionProblem(`button must be left, right or middle, not "${button}"`);
}

const MODIFIERS = ['Alt', 'Control', 'ControlOrMeta', 'Meta', 'Shift'] as const;

function keyModifiers(modifiers: string[] | undefined): (typeof MODIFIERS)[number][] | undefined {
  const unknown = modifiers?.find((m) => !(MODIFIERS as readonly string[]).includes(m));
  if (unknown !== undefined) throw new ActionProblem(`modifiers are ${MODIFIERS.join(', ')}, not "${unknown}"`);
  return modifiers as (typeof MODIFIERS)[number][] | undefined;
}

function navigable(page: Page, url: string): string {
  let resolved: URL;
  try {
    resolved = new URL(url, page.url() === 'about:blank' ? undefined : page.url());
  } catch {
    throw new ActionProblem(`"${url}" is not a URL`);
  }
  if (!NAVIGABLE.has(resolved.protocol)) throw new ActionProblem(`goto opens http and https pages only, not ${resolved.protocol}`);
  return resolved.href;
}

/**
 * Press on the element, move a little, glide to just past the target's centre (in the
 * direction of travel, as a hand does), release: jQuery UI's draggable and sortable, and d3's
 * drag, start on a move after the press and follow the pointer's path (Playwright's dragTo
 * jumps there, and MiniWoB's lists never reorder). The button is released whatever happens.
 */
async function dragAndDrop(c: PageActionContext, from: string, to: string): Promise<void> {
  const source = element(c, from);
  const target = element(c, to);
  await target.waitFor({ state: 'visible', timeout: c.timeout });
  await source.hover({ timeout: c.timeout });
  const start = await centreOf(source, from, c.timeout);
  await c.page.mouse.down();
  try {
    // Where the target is once the drag began (a sortable list makes room as an item lifts).
    const aim = await centreOf(target, to, c.timeout);
    const lead = Math.sign(aim.y - start.y) * 5 || 5;
    await c.page.mouse.move(start.x, start.y + lead, { steps: 3 });
    await c.page.mouse.move(aim.x, aim.y + lead, { steps: 10 });
  } finally {
    await c.page.mouse.up();
  }
}

async function centreOf(locator: Locator, named: string, timeout: number): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox({ timeout });
  if (!box) throw new ActionProblem(`${named} is not on the page to drag from or onto`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}
