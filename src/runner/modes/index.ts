import type { Task } from '../../task/types.ts';
import { closedBookMode } from './closed-book.ts';
import { episodeMode } from './episode.ts';
import { formMode } from './form.ts';
import type { Mode } from './mode.ts';
import { isOpenEnded, openFormMode } from './open-form.ts';

/** How an instance of this task runs with the project's agentOptions (protocol, fallback). */
export function modeOf(task: Task, options: Record<string, unknown>): Mode {
  if (task.protocol) return options.protocol === 'closed-book' ? closedBookMode : episodeMode;
  return isOpenEnded(options) ? openFormMode : formMode;
}
