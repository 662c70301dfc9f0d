import type { Assertion } from '../answers/agent-response.ts';
import type { Schema } from '../answers/types.ts';

// A network check of WebArena-Verified's tasks, and its verdict (network-event.ts scores it).

/** The request a check looks for (the reference's NetworkEventSpec); `__SITE__` placeholders already filled. */
export interface ExpectedEvent {
  url: string | string[];
  http_method?: string;
  response_status?: number;
  query_params?: Record<string, string[]>;
  /** A referer may be a list: any of them. */
  headers?: Record<string, string | string[]>;
  post_data?: Record<string, unknown>;
  response_content?: Record<string, unknown>;
  response_cookies?: Record<string, string>;
}

/** A check's settings, as WebArena-Verified writes them in a task. */
export interface NetworkCheck {
  expected: ExpectedEvent;
  last_event_only?: boolean;
  should_not_exist?: boolean;
  ignored_query_params?: string[];
  ignored_query_params_patterns?: string[];
  decode_base64_query?: boolean;
  query_params_schema?: Schema;
  post_data_schema?: Schema;
  ignored_post_data_params_patterns?: string[];
}

/** The verdict, as the reference gives it (an error: the check itself could not be read), and the requests it looked at. */
export interface NetworkResult {
  status: 'success' | 'failure' | 'error';
  score: 0 | 1;
  assertions: Assertion[];
  error?: string;
  /** The requests compared (method, URL, status), and why the last of them did not match. */
  checked: string[];
  differences?: string[];
}
