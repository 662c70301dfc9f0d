import type { ActionName } from '../action-set/signatures.ts';
import { element, mouseButton, type PageActionContext } from './page-actions.ts';

/**
 * BrowserGym's actions the library names otherwise or lacks (core/action/functions.py), as
 * BrowserGym does them: the mouse and keyboard at viewport points, and focus and clear on an
 * element. upload_file and mouse_upload_file have no counterpart: an agent's episode reaches
 * no file of the machine.
 */
export const BROWSERGYM_ACTIONS = {
  focus: (c: PageActionContext, target: string) => element(c, target).focus({ timeout: c.timeout }),
  clear: (c: PageActionContext, target: string) => element(c, target).clear({ timeout: c.timeout }),
  mouse_click: (c: PageActionContext, x: number, y: number, button?: string) => c.page.mouse.click(x, y, { button: mouseButton(button) }),
  mouse_dblclick: (c: PageActionContext, x: number, y: number, button?: string) => c.page.mouse.dblclick(x, y, { button: mouseButton(button) }),
  mouse_move: (c: PageActionContext, x: number, y: number) => c.page.mouse.move(x, y),
  mouse_down: async (c: PageActionContext, x: number, y: number, button?: string) => {
    await c.page.mouse.move(x, y);
    await c.page.mouse.down({ button: mouseButton(button) });
  },
  mouse_up: async (c: PageActionContext, x: number, y: number, button?: string) => {
    await c.page.mouse.move(x, y);
    await c.page.mouse.up({ button: mouseButton(button) });
  },
  mouse_drag_and_drop: async (c: PageActionContext, fromX: number, fromY: number, toX: number, toY: number) => {
    await c.page.mouse.move(fromX, fromY);
    await c.page.mouse.down();
    try {
      await c.page.mouse.move(toX, toY);
    } finally {
      await c.page.mouse.up();
    }
  },
  scroll_at: async (c: PageActionContext, x: number, y: number, dx: number, dy: number) => {
    await c.page.mouse.move(x, y);
    await c.page.mouse.wheel(dx, dy);
  },
  keyboard_type: (c: PageActionContext, text: string) => c.page.keyboard.type(text),
  keyboard_insert_text: (c: PageActionContext, text: string) => c.page.keyboard.insertText(text),
  keyboard_down: (c: PageActionContext, key: string) => c.page.keyboard.down(key),
  keyboard_up: (c: PageActionContext, key: string) => c.page.keyboard.up(key),
} satisfies Partial<Record<ActionName, (context: PageActionContext, ...args: never[]) => Promise<unknown>>>;

export type BrowserGymActionName = keyof typeof BROWSERGYM_ACTIONS;
export const isBrowserGymAction = (name: string): name is BrowserGymActionName => Object.hasOwn(BROWSERGYM_ACTIONS, name);
