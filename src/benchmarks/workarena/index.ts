import type { GoalKeys } from '../../task/goal.ts';
import type { Instance } from '../../task/types.ts';
import type { Benchmark } from '../types.ts';
import { order } from './families/catalog.ts';
import { chart, chartAnswer, readChart } from './families/dashboard.ts';
import { formInitScript, record } from './families/form.ts';
import { knowledge } from './families/knowledge.ts';
import { listFilter } from './families/list-filter.ts';
import { listSort } from './families/list-sort.ts';
import { impersonation, menuUrl } from './families/menu.ts';
import { importWorkArena, STEPS } from './import.ts';
import { workArenaLifecycle } from './lifecycle.ts';
import { reportFilter } from './report-filter.ts';
import { act } from './actions.ts';

/** BrowserGym's workarena_l1 step budget for every family. */
const onServiceNow: GoalKeys = { max_steps: STEPS };

/** A family's settings of one evaluator, as its task file wrote them. */
const settingsOf = <T>(instance: Instance, evaluator: string) => instance.eval?.find((e) => e.evaluator === evaluator)?.settings as T | undefined;

export const workarena: Benchmark = {
  name: 'workarena',
  importer: { describe: 'a WorkArena checkout (github.com/ServiceNow/WorkArena): its L1 tasks\' configurations, data_files/task_configs', run: importWorkArena },
  protocols: {
    'workarena-list': onServiceNow, 'workarena-form': onServiceNow, 'workarena-knowledge': onServiceNow,
    'workarena-catalog': onServiceNow, 'workarena-menu': onServiceNow, 'workarena-dashboard': onServiceNow,
  },
  lifecycles: {
    'workarena-list': workArenaLifecycle(),
    'workarena-knowledge': workArenaLifecycle(),
    'workarena-menu': workArenaLifecycle(),
    'workarena-form': workArenaLifecycle({
      initScripts: (instance) => {
        const settings = settingsOf<{ table: string; fields: Record<string, string> }>(instance, 'workarena-record');
        return settings ? [formInitScript(settings.table, Object.keys(settings.fields))] : [];
      },
      creates: (instance) => [settingsOf<{ table: string }>(instance, 'workarena-record')?.table].filter((t): t is string => t !== undefined),
    }),
    // An order makes a request, its item and the item's options: each is the user's.
    'workarena-catalog': workArenaLifecycle({ creates: () => ['sc_item_option_mtom', 'sc_item_option', 'sc_req_item', 'sc_request'] }),
    'workarena-dashboard': workArenaLifecycle({
      async prepare(on) {
        on.start.url = await reportFilter(on, on.start.url);
        const settings = settingsOf<{ title: string; series: string; question: string }>(on.instance, 'workarena-chart');
        if (!settings) return;
        await on.page.goto(on.start.url, { waitUntil: 'load' });
        const points = await readChart(on.page, settings.title, settings.series);
        const answer = points ? chartAnswer(settings.question, points) : undefined;
        if (answer !== undefined && on.instance.episode) on.instance.episode.solution = [act('send_msg_to_user', answer)];
      },
    }),
  },
  evaluators: [listSort, listFilter, record, knowledge, order, menuUrl, impersonation, chart],
};
