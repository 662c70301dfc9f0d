import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * A command line the CLI cannot run: reported as one line and a pointer to the command's
 * --help, exit code 2. Here too is the parser every command reads its arguments with, so
 * that they all word the same mistakes alike.
 */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * node:util's parseArgs, strict, with at most `most` positionals: an unknown option, a
 * missing value or an argument too many is a UsageError in benchwright's words, not Node's.
 */
export function parseCommandLine<const O extends Options>(args: string[], options: O, most = Infinity) {
  // Read loosely first, to name what the strict reading would refuse.
  const { tokens } = parseArgs({ args, options, allowPositionals: true, strict: false, tokens: true });
  const given = [...args];
  const dropped = new Set<number>();
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const option = options[token.name];
    if (!option) throw new UsageError(`unknown option ${token.rawName}`);
    if (option.type === 'boolean' && token.value !== undefined) throw new UsageError(`${token.rawName} takes no value`);
    if (option.type !== 'string') continue;
    // A negative number is a value (for the option to refuse in its own words), written inline
    // for the strict reading, which would call it ambiguous.
    if (token.value !== undefined && !token.inlineValue && /^-\d/.test(token.value)) {
      given[token.index] = `${token.rawName}=${token.value}`;
      dropped.add(token.index + 1);
      continue;
    }
    // `--out --json`: an option where the value should be is a value forgotten.
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith('-'))) throw new UsageError(`missing value for ${token.rawName}`);
  }
  const parsed = parseArgs({ args: given.filter((_, i) => !dropped.has(i)), options, allowPositionals: true, strict: true });
  const extra = parsed.positionals[most];
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  return parsed;
}

/** `given` when it is one of `names`; a missing one and an unknown one are worded alike, with the choices. */
export function oneOf(what: string, given: string | undefined, names: string[]): string {
  if (given !== undefined && names.includes(given)) return given;
  const choices = names.join(', ');
  // `missing source; expected one of: ...`, `missing --format; expected one of: ...`
  if (given === undefined) throw new UsageError(`missing ${what}; expected one of: ${choices}`);
  throw new UsageError(`unknown ${what} "${given}"; expected one of: ${choices}`);
}

/** An option's value that must be a whole number (--resamples, --seed). */
export function wholeNumber(option: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new UsageError(`${option} expects a whole number, not "${value}"`);
  return Number(value);
}
