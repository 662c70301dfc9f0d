// The settings of WebArena-Verified's evaluators in task files, as JSON Schemas: checked when
// tasks load, and written into the published task schema (schemas/task.schema.json) for editors.

export const AGENT_RESPONSE_SETTINGS = {
  "type": "object",
  "required": [
    "expected",
    "results_schema"
  ],
  "additionalProperties": false,
  "description": "WebArena-Verified's AgentResponseEvaluator: the agent's answer, a JSON object {task_type, status, retrieved_data, error_details}, against the expected one; retrieved_data compared by the types its results_schema names. Values are read as JSON values (3, 4.5, true, null typed; quoted text stays text).",
  "x-yaml-values": "json",
  "properties": {
    "expected": {
      "type": "object",
      "required": [
        "task_type",
        "status"
      ],
      "properties": {
        "task_type": {
          "type": "string"
        },
        "status": {
          "type": "string"
        },
        "retrieved_data": {}
      },
      "description": "The expected task_type (retrieve, navigate, mutate), status (SUCCESS, NOT_FOUND_ERROR, ...) and retrieved_data (a list; an item that is a list means any one of these)."
    },
    "results_schema": {
      "type": "object",
      "description": "JSON Schema of retrieved_data: its items' type and format (number, currency, date, month, duration, distance, location-name, ...)."
    },
    "ordered": {
      "type": "boolean",
      "description": "true: retrieved_data's order counts (default false)."
    }
  }
};

export const NETWORK_SETTINGS = {
  "type": "object",
  "required": [
    "expected"
  ],
  "additionalProperties": false,
  "description": "WebArena-Verified's NetworkEventEvaluator: a request the episode made (or must not have made), found in the HAR recorded during it. Values are read as JSON values (3, 4.5, true, null typed; quoted text stays text).",
  "x-yaml-values": "json",
  "properties": {
    "expected": {
      "type": "object",
      "required": [
        "url"
      ],
      "description": "The request: url (literal, or a ^...$ regex; a list: any of them), http_method (GET), response_status (200; -1: the request failed), query_params, headers (referer compared as a URL), post_data and response_content (keys may be JSONPath: $.a.b[0], or regexes over names), response_cookies.",
      "properties": {
        "url": {
          "anyOf": [
            {
              "type": "string",
              "minLength": 1
            },
            {
              "type": "array",
              "minItems": 2,
              "items": {
                "type": "string",
                "minLength": 1
              }
            }
          ]
        },
        "http_method": {
          "type": "string"
        },
        "response_status": {
          "type": "integer"
        },
        "query_params": {
          "type": "object",
          "additionalProperties": {
            "type": "array",
            "items": {
              "type": "string"
            }
          }
        },
        "headers": {
          "type": "object",
          "additionalProperties": {
            "anyOf": [
              {
                "type": "string"
              },
              {
                "type": "array",
                "minItems": 2,
                "items": {
                  "type": "string"
                }
              }
            ]
          }
        },
        "post_data": {
          "type": "object"
        },
        "response_content": {
          "type": "object"
        },
        "response_cookies": {
          "type": "object",
          "additionalProperties": {
            "type": "string"
          }
        }
      }
    },
    "last_event_only": {
      "type": "boolean",
      "description": "false: any matching request may pass (default true: the last one must)."
    },
    "should_not_exist": {
      "type": "boolean",
      "description": "true: passes when no such request was made."
    },
    "ignored_query_params": {
      "type": "array",
      "items": {
        "type": "string"
      },
      "description": "Query keys left out of the comparison."
    },
    "ignored_query_params_patterns": {
      "type": "array",
      "items": {
        "type": "string"
      },
      "description": "Regexes of query keys left out (searched, case-insensitive)."
    },
    "decode_base64_query": {
      "type": "boolean",
      "description": "true: path segments that are base64 of a query are read as one."
    },
    "query_params_schema": {
      "type": "object",
      "description": "JSON Schema of the query: the types its values are compared as (dates)."
    },
    "post_data_schema": {
      "type": "object",
      "description": "JSON Schema of post_data: the types its values are compared as (currency, json, markdown, string_list)."
    },
    "ignored_post_data_params_patterns": {
      "type": "array",
      "items": {
        "type": "string"
      },
      "description": "Regexes of posted field names left out."
    }
  }
};
