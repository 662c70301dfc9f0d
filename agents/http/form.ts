import { documentHtml } from '../../src/actions/library.ts';
import type { AgentInput } from '../../src/agent/types.ts';
import { FIELD_ACTIONS } from '../../src/actions/field-changes.ts';
import { actionsForField, askInRounds, runFieldActions } from '../field-actions.ts';
import { ask } from './ask.ts';
import { describeActions, PROTOCOL_VERSION, type FieldRequest } from './protocol.ts';
import { httpSettings } from './settings.ts';

/**
 * A form task, one request per field (the fields found and supported, visible ones first, then
 * those the answers revealed); each answer's actions on that field run before the next field
 * is asked, so each request shows the page as it stands. Whatever goes wrong is that field's
 * usage.error; once the server is unreachable, the fields left are not asked (each would wait
 * out the retries again) and say why.
 */
export async function httpRun({ page, actions, task, instanceId, seed, fields, options, report }: AgentInput): Promise<void> {
  const settings = httpSettings(options);
  const actionSet = describeActions(FIELD_ACTIONS);
  let gone: string | undefined;
  await askInRounds(page, fields, async (asked) => {
    for (const field of asked) {
      if (gone !== undefined) {
        report.usage[field.name] = { calls: 0, promptTokens: 0, completionTokens: 0, cost: 0, cached: 0, error: `not asked: ${gone}` };
        continue;
      }
      const request: FieldRequest = {
        version: PROTOCOL_VERSION, kind: 'field', task, instanceId, seed, field, html: await documentHtml(page), actionSet, options: settings.options,
      };
      const { answer, usage, log } = await ask(settings, request, report);
      let error: string | undefined;
      if ('failed' in answer) {
        error = answer.failed;
        if (answer.unreachable) gone = `the agent server was unreachable for the field "${field.name}" (${answer.failed})`;
      } else if ('unusable' in answer) {
        error = answer.unusable;
      } else if (answer.reply.action !== null) {
        // Only actions on this field count, as for the LLM agent.
        const found = actionsForField(answer.reply.action, field.name);
        error = found.error ?? (await runFieldActions(actions, found.actions));
        log.error ??= error;
      }
      report.usage[field.name] = { ...usage, ...(error !== undefined && { error }) };
    }
  });
}
