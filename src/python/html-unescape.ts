// Python's html.unescape (3.11). Named references go through the `entities` package's HTML decoder, whose
// text ("legacy") mode resolves them as Python does: the exact name, else the longest legacy name without
// a semicolon. Numeric references are done here, as Python drops invalid code points (&#1; -> '') where the
// HTML decoder keeps them.
import { decodeHTML, replaceCodePoint } from 'entities/decode';

const CHARACTER_REFERENCE = /&(#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\t\n\f <&#;]{1,32};?)/gu;

/** html._invalid_codepoints: C0 and C1 controls, noncharacters. */
function isInvalidCodePoint(code: number): boolean {
  return (
    (code >= 0x1 && code <= 0x8) ||
    code === 0xb ||
    (code >= 0xe && code <= 0x1f) ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0xfdd0 && code <= 0xfdef) ||
    (code & 0xfffe) === 0xfffe
  );
}

function numericReference(reference: string): string {
  const hex = reference[1] === 'x' || reference[1] === 'X';
  const code = parseInt(reference.slice(hex ? 2 : 1), hex ? 16 : 10);
  // html._invalid_charrefs: NUL, CR and 0x80-0x9F (read as Windows-1252), as the HTML standard maps them.
  if (code === 0 || code === 0xd || (code >= 0x80 && code <= 0x9f)) return String.fromCodePoint(replaceCodePoint(code));
  if ((code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return '\ufffd';
  return isInvalidCodePoint(code) ? '' : String.fromCodePoint(code);
}

/** html.unescape: one level of character references (&amp;amp; becomes &amp;). */
export function htmlUnescape(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(CHARACTER_REFERENCE, (whole, reference: string) =>
    reference.startsWith('#') ? numericReference(reference) : decodeHTML(whole),
  );
}
