import type { Page } from '@playwright/test';
import { parseActions } from '../../src/actions/parse-actions.ts';
import { formatAction, type Action } from '../../src/actions/signatures.ts';
import type { FieldState } from '../../src/values/read-fields.ts';
import type { AgentInput, AgentReport, FieldUsage } from '../types.ts';
import { totalUsage } from '../usage.ts';
import { complete, type CallRecord } from './client.ts';
import { demonstrations } from './demos.ts';
import { DEFAULT_LLM_OPTIONS, type LlmOptions } from './options.ts';
import { buildMessages, reprompt, type FieldPrompt } from './prompt.ts';
import { relevantHtml } from './relevant-html.ts';
import { loadEncoding } from './tokens.ts';

/** An LLM agent's run (agents/llm/agent.ts loads this module only when an LLM project runs). */
export async function runLlm({ page, actions, task, fields, options }: AgentInput): Promise<AgentReport> {
  const settings: LlmOptions = { ...DEFAULT_LLM_OPTIONS, ...(options as Partial<LlmOptions>) };
  await loadEncoding(settings.encoding);
  const asked = fields.filter((f) => f.found && f.visible && !f.unsupported);
  const demos = demonstrations(task.id, settings.demos);
  // Page state is read one field at a time (screenshots scroll); the calls then run together.
  const prompts: FieldPrompt[] = [];
  for (const field of asked) prompts.push({ task, field, demos, ...(await pageFor(page, field, settings)) });
  const answers = await Promise.all(prompts.map((p) => answerField(p, settings)));
  const report: Required<AgentReport> = { usage: {}, log: [] };
  for (const [i, field] of asked.entries()) {
    const { actions: chosen, calls, error } = answers[i]!;
    for (const action of chosen) {
      const outcome = await actions.run(action);
      if (!outcome.ok) report.log.push({ field: field.name, action: formatAction(action), error: outcome.error });
    }
    report.usage[field.name] = usageOf(calls, error);
    report.log.push({ field: field.name, calls: calls.map(({ reply, error: e, promptTokensCounted, promptTokens, completionTokens, cost, cached, ms }) => ({ promptTokensCounted, promptTokens, completionTokens, cost, cached, ms: Math.round(ms), reply, error: e })) });
  }
  return report;
}

/** The page as this field's prompt shows it. */
async function pageFor(page: Page, field: FieldState, settings: LlmOptions): Promise<Pick<FieldPrompt, 'html' | 'screenshot'>> {
  const around = settings.html === 'relevant' ? await page.evaluate((name) => {
    const element = document.getElementsByName(name)[0];
    const outer = element?.parentElement?.parentElement ?? element?.parentElement;
    return element && outer ? { outer: outer.outerHTML, field: element.outerHTML } : null;
  }, field.name) : null;
  const html = around ? relevantHtml(around.outer, around.field) : await page.content();
  if (!settings.vision) return { html };
  await page.locator(`[name="${field.name.replace(/["\\]/g, '\\$&')}"]`).first().scrollIntoViewIfNeeded({ timeout: 1000 }).catch(() => undefined);
  const screenshot = (await page.screenshot({ type: 'jpeg', quality: 70 })).toString('base64');
  return { html, screenshot };
}

/** Ask, and re-ask quoting the parse error, until a reply holds an action for this field. */
async function answerField(prompt: FieldPrompt, settings: LlmOptions): Promise<{ actions: Action[]; calls: CallRecord[]; error?: string }> {
  const { messages, tokens } = buildMessages(prompt, settings);
  const calls: CallRecord[] = [];
  for (let attempt = 0; attempt <= settings.reprompts; attempt++) {
    const call = await complete(messages, settings, tokens);
    calls.push(call);
    if (call.error && call.reply === undefined) return { actions: [], calls, error: call.error };
    const parsed = parseActions(call.reply ?? '');
    const mine = parsed.actions.filter((a) => a.name.startsWith('modify_') && a.args[0] === prompt.field.name);
    if (mine.length) return { actions: mine, calls };
    const why = parsed.errors[0]?.message ?? (parsed.actions.length ? `no action for the field "${prompt.field.name}" (got ${parsed.actions.map(formatAction).join(', ')})` : 'no action call in the reply');
    if (attempt === settings.reprompts) return { actions: [], calls, error: `no usable action after ${calls.length} replies: ${why}` };
    messages.push(...reprompt(call.reply ?? '', why));
  }
  return { actions: [], calls };
}

function usageOf(calls: CallRecord[], error: string | undefined): FieldUsage {
  const perCall = calls.map((c) => ({ calls: 1, promptTokens: c.promptTokens, completionTokens: c.completionTokens, cost: c.cost, cached: c.cached ? 1 : 0 }));
  return { ...totalUsage(perCall), ...(error && { error }) };
}
