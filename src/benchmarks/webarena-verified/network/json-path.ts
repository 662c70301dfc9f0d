import { query, type JsonValue } from 'jsonpath-rfc9535';
import { pythonReMatch } from '../../../python/regex.ts';
import { isRegexp } from '../answers/normalize-text.ts';

// Keys of a check's post_data and response_content that reach into a posted body
// (core/utils/jsonpath_utils.py): `$.note.note`, `$.actions[0].content`, and keys matched by a
// regex (`$.^reply_to_submission_\d+\[comment\]$`, or the older `^...$`). JSONPath is read by
// jsonpath-rfc9535 (RFC 9535: filters are evaluated by its own interpreter, never as code).

/** A key that is not a plain field name: a JSONPath, or a regex over the top-level names. */
export const isJsonPathKey = (key: string) => key.startsWith('$') || isRegexp(key);

/** Several values found: the reference's tuple, read as alternatives. */
export class Found {
  constructor(readonly values: unknown[]) {}
}

/** JSON text read, else the text as it is. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Fields holding JSON text read as JSON, at every depth (the reference's retry when a path finds nothing). */
function withJsonFields(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(withJsonFields);
  if (typeof data !== 'object' || data === null) return data;
  return Object.fromEntries(Object.entries(data).map(([k, v]) => {
    return [k, typeof v === 'string' ? parseJson(v) : withJsonFields(v)];
  }));
}

/** The value a key finds in what the browser sent or got: one match, its value; several, all of them (a Found); none, null. */
export function extractByKey(data: unknown, key: string): unknown {
  const pattern = key.startsWith('$.^') && key.endsWith('$') ? key.slice(2) : isRegexp(key) ? key : undefined;
  let values: unknown[];
  if (pattern !== undefined) {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
    try {
      values = Object.entries(data).filter(([name]) => pythonReMatch(pattern, name)).map(([, v]) => v);
    } catch {
      return null;
    }
  } else {
    try {
      values = query(data as JsonValue, key);
      if (!values.length) values = query(withJsonFields(data) as JsonValue, key);
    } catch {
      // Not a JSONPath jsonpath-rfc9535 reads: nothing found, as the reference finds nothing.
      return null;
    }
  }
  // A filter (`?(`) may rightly find several: its one value is still a list of them.
  if (values.length === 1 && (pattern !== undefined || !key.includes('?('))) return values[0];
  return values.length ? new Found(values) : null;
}
