import { ACTION_SIGNATURES, actionForms, isActionName, shownParams, type Action, type ActionArg, type ParamKind, type ParamSpec } from './signatures.ts';

// Model replies are data: this strict grammar reads the calls out of them and nothing is ever
// evaluated. A reply may hold several calls, in code fences or in prose:
//   call   := action-name "(" [arg ("," arg)* [","]] ")"
//   arg    := [param-name "="] value
//   value  := string | number | boolean | "[" [string ("," string)* [","]] "]"
//   string := '"' ... '"' | "'" ... "'"   (escapes \\ \" \' \n \t \r \uXXXX)
//   number := ["-"] digits ["." digits]
//   boolean := True | False | true | false   (BrowserGym's Python, and JSON)
// and, in a reply with no call, WebArena's own ending `stop [answer]` (send_msg_to_user).

export interface ParseError {
  /** 0-based offset in the reply. */
  offset: number;
  message: string;
}

export interface ParseResult {
  actions: Action[];
  errors: ParseError[];
}

const CALL_START = new RegExp(`\\b(${Object.keys(ACTION_SIGNATURES).join('|')})\\s*\\(`, 'g');
const NUMBER = /-?\d+(\.\d+)?/y;
const BOOLEAN = /(True|False|true|false)\b/y;
const KEYWORD = /([A-Za-z_]\w*)\s*=(?!=)/y;
/** WebArena's parser (`stop ?\[(.+)\]`): the answer is everything between the first "[" and the last "]" of the line; a bare stop answers "". */
const WEBARENA_STOP = /\bstop ?\[(.*)\]|^\s*(?:```)?\s*stop\s*(?:```)?\s*$/;
const ESCAPES: Record<string, string> = { '\\': '\\', '"': '"', "'": "'", n: '\n', t: '\t', r: '\r', '/': '/' };

class SyntaxProblem extends Error {
  constructor(readonly offset: number, message: string) {
    super(message);
  }
}

class Cursor {
  constructor(readonly text: string, public at: number) {}

  skipSpace(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at++;
  }

  peek(): string | undefined {
    this.skipSpace();
    return this.text[this.at];
  }

  /** Matches `pattern` (sticky) at the cursor, without copying the rest of the reply. */
  match(pattern: RegExp): RegExpExecArray | null {
    pattern.lastIndex = this.at;
    return pattern.exec(this.text);
  }

  problem(message: string): SyntaxProblem {
    const found = this.text[this.at];
    return new SyntaxProblem(this.at, `${message}, found ${found === undefined ? 'the end of the reply' : JSON.stringify(found)}`);
  }

  string(): string {
    const quote = this.text[this.at]!;
    let value = '';
    for (this.at++; this.at < this.text.length; this.at++) {
      const c = this.text[this.at]!;
      if (c === quote) {
        this.at++;
        return value;
      }
      if (c !== '\\') {
        value += c;
        continue;
      }
      const next = this.text[++this.at];
      if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.at + 1, this.at + 5))) {
        value += String.fromCharCode(parseInt(this.text.slice(this.at + 1, this.at + 5), 16));
        this.at += 4;
      } else if (next !== undefined && ESCAPES[next] !== undefined) {
        value += ESCAPES[next];
      } else {
        throw new SyntaxProblem(this.at - 1, `unknown escape \\${next ?? ''} in a string`);
      }
    }
    throw new SyntaxProblem(this.at, 'unterminated string');
  }

  value(): ActionArg {
    const c = this.peek();
    if (c === '"' || c === "'") return this.string();
    const number = this.match(NUMBER);
    if (number) {
      this.at += number[0].length;
      return Number(number[0]);
    }
    const boolean = this.match(BOOLEAN);
    if (boolean) {
      this.at += boolean[0].length;
      return /^t/i.test(boolean[1]!);
    }
    if (c === '[') {
      this.at++;
      const items: string[] = [];
      while (this.peek() !== ']') {
        const q = this.peek();
        if (q !== '"' && q !== "'") throw this.problem('expected a string in the list');
        items.push(this.string());
        if (this.peek() === ',') this.at++;
        else if (this.peek() !== ']') throw this.problem('expected "," or "]"');
      }
      this.at++;
      return items;
    }
    throw this.problem('expected a quoted string, a number, True or False, or a list of strings');
  }
}

const kindOf = (v: ActionArg): ParamKind => (Array.isArray(v) ? 'strings' : typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'string');

function parseCall(text: string, start: number, name: keyof typeof ACTION_SIGNATURES, open: number): { action: Action; end: number } {
  const cursor = new Cursor(text, open + 1);
  const written: { keyword?: string; at: number; value: ActionArg }[] = [];
  while (cursor.peek() !== ')') {
    const keyword = cursor.match(KEYWORD);
    const at = cursor.at;
    if (keyword) cursor.at += keyword[0].length;
    written.push({ ...(keyword && { keyword: keyword[1] }), at, value: cursor.value() });
    if (cursor.peek() === ',') cursor.at++;
    else if (cursor.peek() !== ')') throw cursor.problem('expected "," or ")"');
  }
  const forms: readonly (readonly ParamSpec[])[] = ACTION_SIGNATURES[name];
  const fitted = forms.map((params) => arrange(name, params, written, start));
  const fits = fitted.find((f): f is ActionArg[] => !(f instanceof SyntaxProblem));
  if (!fits) {
    const problems = fitted as SyntaxProblem[];
    if (forms.length === 1) throw problems[0]!;
    throw new SyntaxProblem(start, `${name} takes ${actionForms(name).map((form) => form.slice(name.length)).join(' or ')}: ${problems.map((p) => p.message.replace(`${name}: `, '')).join('; ')}`);
  }
  return { action: { name, args: fits }, end: cursor.at + 1 };
}

/**
 * The written arguments in the places of one form of the action, or why they do not fit.
 * Keywords come in order, by a parameter's name or BrowserGym's (`bid`, `key_comb`); one may
 * skip optional parameters that have a default (click('12', modifiers=['Shift'])).
 */
function arrange(name: string, params: readonly ParamSpec[], written: { keyword?: string; at: number; value: ActionArg }[], start: number): ActionArg[] | SyntaxProblem {
  const named = (spec: ParamSpec | undefined, keyword: string) => spec !== undefined && (spec.name === keyword || spec.aliases?.includes(keyword));
  const args: ActionArg[] = [];
  for (const w of written) {
    if (w.keyword !== undefined) {
      while (!named(params[args.length], w.keyword) && params[args.length]?.fallback !== undefined) args.push(params[args.length]!.fallback!);
      const expected = params[args.length]?.name;
      if (!named(params[args.length], w.keyword)) return new SyntaxProblem(w.at, `${name} expects ${expected ? `"${expected}"` : 'no more arguments'} here, not "${w.keyword}"`);
    }
    args.push(w.value);
  }
  const required = params.filter((p) => !p.optional).length;
  if (args.length < required || args.length > params.length) {
    // Told as prompts show the action: BrowserGym's hidden extras only to who wrote one.
    const shown = args.length > shownParams(params).length ? params : shownParams(params);
    const names = shown.map((p) => p.name).join(', ');
    return new SyntaxProblem(start, `${name} takes ${required === shown.length ? required : `${required} to ${shown.length}`} arguments${names ? ` (${names})` : ''}, got ${args.length}`);
  }
  for (const [i, value] of args.entries()) {
    const spec = params[i]!;
    const kinds: readonly ParamKind[] = Array.isArray(spec.kind) ? spec.kind : [spec.kind];
    if (!kinds.includes(kindOf(value))) return new SyntaxProblem(start, `${name}: "${spec.name}" must be a ${kinds.join(' or ')}, got ${JSON.stringify(value)}`);
  }
  return args;
}

/** Every action call in a model reply, in order; malformed calls become errors, never code. */
export function parseActions(reply: string): ParseResult {
  const actions: Action[] = [];
  const errors: ParseError[] = [];
  // A call's name inside an earlier call's string is text, not a call.
  let consumed = 0;
  for (const match of reply.matchAll(CALL_START)) {
    const name = match[1]!;
    if (!isActionName(name) || match.index < consumed) continue;
    const open = match.index + match[0].length - 1;
    try {
      const { action, end } = parseCall(reply, match.index, name, open);
      actions.push(action);
      consumed = end;
    } catch (e) {
      if (!(e instanceof SyntaxProblem)) throw e;
      errors.push({ offset: e.offset, message: e.message });
      consumed = open + 1;
    }
  }
  const stop = actions.length === 0 && errors.length === 0 ? WEBARENA_STOP.exec(reply) : null;
  if (stop) actions.push({ name: 'send_msg_to_user', args: [stop[1] ?? ''] });
  if (actions.length === 0 && errors.length === 0) {
    errors.push({ offset: 0, message: `no action found: write a call such as modify_text("field", "value") (actions: ${Object.keys(ACTION_SIGNATURES).join(', ')})` });
  }
  return { actions, errors };
}
