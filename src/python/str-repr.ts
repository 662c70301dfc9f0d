// Python's repr() of a str (its quote choice and escapes), which JSON.stringify does not reproduce.

// Python's isprintable() is false for these categories; the ASCII space is the one printable Zs.
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
const NAMED_ESCAPES = new Map([['\\', '\\\\'], ['\t', '\\t'], ['\n', '\\n'], ['\r', '\\r']]);

/** repr(text): single quotes unless only single quotes occur; escapes for controls and unprintables. */
export function pythonStrRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = '';
  for (const char of text) {
    const hex = (char.codePointAt(0) ?? 0).toString(16);
    if (char === quote) body += `\\${quote}`;
    else if (NAMED_ESCAPES.has(char)) body += NAMED_ESCAPES.get(char);
    else if (char === ' ' || !NOT_PRINTABLE.test(char)) body += char;
    else if (hex.length <= 2) body += `\\x${hex.padStart(2, '0')}`;
    else if (hex.length <= 4) body += `\\u${hex.padStart(4, '0')}`;
    else body += `\\U${hex.padStart(8, '0')}`;
  }
  return quote + body + quote;
}
