import { gzipSync } from 'node:zlib';

/**
 * A data file the page loads from file://, where fetch is refused and only scripts load: one
 * call of `benchwrightData` with the JSON gzipped and written in base 85, which the page reads
 * back and inflates with the browser's DecompressionStream. Gzipped, a run's viewer data is a
 * tenth of its JSON or less; base 85 writes it in 5 characters per 4 bytes where base 64 takes
 * 5.33 (the viewer's share of a run folder is a target: docs/viewer.md).
 */
export function packJson(json: string): string {
  const gzipped = gzipSync(json, { level: 9 });
  return `benchwrightData(${gzipped.length},"${base85(gzipped)}");\n`;
}

/** The 85 characters from # on, without the backslash: none needs escaping in a JS string. */
const DIGITS = [...Array(86).keys()].map((i) => String.fromCharCode(35 + i)).filter((c) => c !== '\\').join('');

/** Each 4 bytes (the last group padded with zeros) as 5 digits, most significant first. */
export function base85(bytes: Buffer): string {
  const padded = Buffer.alloc(Math.ceil(bytes.length / 4) * 4);
  bytes.copy(padded);
  const out: string[] = [];
  for (let i = 0; i < padded.length; i += 4) {
    let n = padded.readUInt32BE(i);
    const group = new Array<string>(5);
    for (let d = 4; d >= 0; d--) {
      group[d] = DIGITS[n % 85]!;
      n = Math.floor(n / 85);
    }
    out.push(group.join(''));
  }
  return out.join('');
}
