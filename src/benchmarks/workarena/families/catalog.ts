import type { Evaluator } from '../../../evaluators/types.ts';
import { escapeRegExp } from '../../../escape-regexp.ts';
import { pythonStrRepr } from '../../../python/str-repr.ts';
import { act, cssString, inMain, type InstanceWriter } from '../actions.ts';
import { startPath } from '../l1-tasks.ts';
import { topQuery } from '../top-url.ts';
import { siteApi, verdicts } from '../verdicts.ts';

type OptionType = 'checkbox' | 'radio' | 'textarea' | 'select';

interface OrderConfig {
  item: string;
  description: string;
  quantity: number;
  configuration: Record<string, [OptionType, string | boolean]>;
}

interface OrderEvidence {
  requestId: string | null;
  /** The request's items, each with its options by question; null: no such request. */
  items: { short_description: string; quantity: string; options: Record<string, string> }[] | null;
}

const pyValue = (value: string | boolean) => (typeof value === 'boolean' ? (value ? 'True' : 'False') : pythonStrRepr(value));

/**
 * An order (tasks/service_catalog.py OrderHardwareTask): the goal of :353-355, its configuration
 * written as Python writes the dict; the oracle as cheat() orders (:363-435): Hardware, the
 * item, the quantity, each option (a radio's choice, a checkbox set, a text filled), Order Now.
 */
export const writeOrder: InstanceWriter = (config, task) => {
  const { item, quantity, configuration } = config as OrderConfig;
  const options = Object.entries(configuration);
  const said = options.length ? ` with configuration {${options.map(([label, [, value]]) => `${pythonStrRepr(label)}: ${pyValue(value)}`).join(', ')}}` : '';
  const option = ([label, [type, value]]: [string, [OptionType, string | boolean]]) => {
    const control = inMain(`internal:label=${JSON.stringify(label)}s >> nth=0`);
    switch (type) {
      case 'checkbox': return act(value === true ? 'check' : 'uncheck', control);
      // A choice's label may end with its price: the one that starts with the value (:395-404).
      case 'radio': return act('check', inMain(`fieldset:has(legend:text-is(${cssString(label)})) label:text-matches(${cssString(`^${escapeRegExp(String(value))}`)}) >> nth=0`));
      case 'select': return act('select_option', control, String(value));
      default: return act('fill', control, String(value));
    }
  };
  return {
    goal: `Go to the hardware store and order ${quantity} "${item}"${said}`,
    eval: [{ 'workarena-order': config as Record<string, unknown> }],
    solution: [
      act('click', inMain(`a:text("Hardware")`)), act('click', inMain(`h2:has-text(${cssString(item)})`)),
      act('select_option', inMain('#quantity'), String(quantity)), ...options.map(option), act('click', inMain('#oi_order_now_button')),
    ],
    start_url: startPath(task)!,
  };
};

/** option_match_heuristic (:608-615): lower case, no underscores, no spaces. */
const loosely = (text: string) => text.toLowerCase().replace(/[_ ]/g, '');

/**
 * OrderHardwareTask.validate (service_catalog.py:531-605): the request the top URL names
 * (sysparm_sys_id) has one item, of the right description and quantity, whose checkbox and
 * radio options match loosely and whose text options hold the asked text.
 */
export const order: Evaluator<OrderConfig, OrderConfig, OrderEvidence> = {
  name: 'workarena-order',
  settingsSchema: {
    type: 'object', required: ['item', 'description', 'quantity', 'configuration'], additionalProperties: false,
    properties: { item: { type: 'string' }, description: { type: 'string' }, quantity: { type: 'integer' }, configuration: { type: 'object', additionalProperties: { type: 'array', minItems: 2, maxItems: 2 } } },
  },
  expected: (settings) => settings,
  async capture(page, _expected, episode) {
    const requestId = topQuery(page.url(), 'sysparm_sys_id');
    if (!requestId) return { requestId: null, items: null };
    const api = siteApi(episode, 'workarena-order');
    if (!(await api.get('sc_request', { sysparm_query: `sys_id=${requestId}`, sysparm_fields: 'sys_id' })).length) return { requestId, items: null };
    const items = await api.get('sc_req_item', { sysparm_query: `request=${requestId}`, sysparm_fields: 'sys_id,short_description,quantity' });
    return {
      requestId,
      items: await Promise.all(items.map(async (i) => {
        const options = await api.get('sc_item_option_mtom', { sysparm_query: `request_item=${i.sys_id}`, sysparm_fields: 'sc_item_option.value,sc_item_option.item_option_new.question_text' });
        return {
          short_description: String(i.short_description ?? ''), quantity: String(i.quantity ?? ''),
          options: Object.fromEntries(options.map((o) => [String(o['sc_item_option.item_option_new.question_text']), String(o['sc_item_option.value'] ?? '')])),
        };
      })),
    };
  },
  score(evidence, expected) {
    const result = verdicts('workarena-order', expected, evidence);
    if (!evidence.requestId) return result(0, 'The request was not created (no sysparm_sys_id in the URL).');
    if (!evidence.items || !evidence.items.length) return result(0, 'The request has no item.');
    if (evidence.items.length > 1) return result(0, 'The request has more than one item.');
    const [item] = evidence.items as [NonNullable<OrderEvidence['items']>[number]];
    if (item.short_description.toLowerCase() !== expected.description.toLowerCase()) return result(0, 'The requested item is incorrect.');
    if (item.quantity !== String(expected.quantity)) return result(0, 'The requested quantity is incorrect.');
    // Only these three types are checked (:575-598); a select's answer is not.
    for (const [question, [type, value]] of Object.entries(expected.configuration).filter(([, [type]]) => ['checkbox', 'radio', 'textarea'].includes(type))) {
      if (!(question in item.options)) return result(0, `The request has no option "${question}".`);
      const got = item.options[question]!;
      const right = type === 'textarea' ? got.toLowerCase().includes(String(value).toLowerCase()) : loosely(got) === loosely(String(value));
      if (!right) return result(0, `The option "${question}" is incorrect.`);
    }
    return result(1);
  },
};
