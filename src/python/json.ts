import { pyFloat, type PyValue } from './value.ts';

// Python's json.loads differs from JSON.parse: NaN, Infinity and -Infinity are accepted, integers
// stay integers (of any size up to 4300 digits) apart from floats, and duplicate keys keep their
// first position with the last value.

const WHITESPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/y;
const STRING_CHUNK = /[^"\\\x00-\x1f]*/y;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const CONSTANTS: [string, PyValue][] = [
  ['null', { type: 'None' }], ['true', { type: 'bool', value: true }], ['false', { type: 'bool', value: false }],
  ['NaN', pyFloat(NaN)], ['Infinity', pyFloat(Infinity)], ['-Infinity', pyFloat(-Infinity)],
];
// Python 3.11 refuses to convert longer digit strings to int (a ValueError, so json.loads fails).
const MAX_INT_DIGITS = 4300;

class InvalidJson extends Error {}

class Parser {
  position = 0;
  constructor(private readonly text: string) {}

  skipWhitespace(): void {
    WHITESPACE.lastIndex = this.position;
    WHITESPACE.exec(this.text);
    this.position = WHITESPACE.lastIndex;
  }

  expect(char: string): void {
    if (this.text[this.position] !== char) throw new InvalidJson();
    this.position++;
  }

  value(): PyValue {
    const char = this.text[this.position];
    if (char === '"') return { type: 'str', value: this.string() };
    if (char === '{') return this.object();
    if (char === '[') return this.array();
    for (const [word, value] of CONSTANTS) {
      if (this.text.startsWith(word, this.position)) {
        this.position += word.length;
        return value;
      }
    }
    return this.number();
  }

  number(): PyValue {
    NUMBER.lastIndex = this.position;
    const match = NUMBER.exec(this.text);
    if (!match) throw new InvalidJson();
    this.position = NUMBER.lastIndex;
    if (match[1] !== undefined || match[2] !== undefined) return pyFloat(Number(match[0]));
    if (match[0].replace('-', '').length > MAX_INT_DIGITS) throw new InvalidJson();
    return { type: 'int', value: BigInt(match[0]) };
  }

  string(): string {
    this.expect('"');
    let result = '';
    for (;;) {
      STRING_CHUNK.lastIndex = this.position;
      result += STRING_CHUNK.exec(this.text)?.[0] ?? '';
      this.position = STRING_CHUNK.lastIndex;
      const char = this.text[this.position++];
      if (char === '"') return result;
      if (char !== '\\') throw new InvalidJson(); // end of text or a raw control character
      const escape = this.text[this.position++] ?? '';
      if (escape === 'u') {
        const hex = this.text.slice(this.position, this.position + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new InvalidJson();
        // Surrogate pairs need no joining: JavaScript strings are UTF-16 already.
        result += String.fromCharCode(parseInt(hex, 16));
        this.position += 4;
      } else if (ESCAPES[escape] !== undefined) result += ESCAPES[escape];
      else throw new InvalidJson();
    }
  }

  object(): PyValue {
    const entries = new Map<string, PyValue>();
    this.sequence('{', '}', () => {
      const key = this.string();
      this.skipWhitespace();
      this.expect(':');
      this.skipWhitespace();
      entries.set(key, this.value());
    });
    return { type: 'dict', entries };
  }

  array(): PyValue {
    const items: PyValue[] = [];
    this.sequence('[', ']', () => items.push(this.value()));
    return { type: 'list', items };
  }

  /** Comma-separated items between `open` and `close`: JSON's objects and arrays. */
  private sequence(open: string, close: string, item: () => void): void {
    this.expect(open);
    this.skipWhitespace();
    if (this.text[this.position] === close) {
      this.position++;
      return;
    }
    for (;;) {
      item();
      this.skipWhitespace();
      if (this.text[this.position] === close) {
        this.position++;
        return;
      }
      this.expect(',');
      this.skipWhitespace();
    }
  }
}

/** json.loads(text), or undefined where Python raises. */
export function pythonJsonLoads(text: string): PyValue | undefined {
  const parser = new Parser(text);
  try {
    parser.skipWhitespace();
    const value = parser.value();
    parser.skipWhitespace();
    return parser.position === text.length ? value : undefined;
  } catch (error) {
    if (error instanceof InvalidJson) return undefined;
    throw error;
  }
}
