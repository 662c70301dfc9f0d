// npm run bench: every part in turn (each prints its own measures as it goes), then the
// figures the parts recorded, each beside its floor and its target (bench-figures.ts).
// Usage: npm run bench [-- part ...], e.g. npm run bench -- run episode; default every part.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIGURES_FILE, figureTable, readFigures } from './bench-figures.ts';

const PARTS = ['load', 'scale', 'run', 'report', 'full-size', 'llm', 'episode', 'llm-episodes', 'miniwob', 'har', 'gate', 'observe', 'viewer', 'site-pool'];

const chosen = process.argv.slice(2);
const unknown = chosen.filter((part) => !PARTS.includes(part));
if (unknown.length) {
  console.error(`npm run bench: no part ${unknown.join(', ')}; the parts: ${PARTS.join(', ')}`);
  process.exit(2);
}
const work = mkdtempSync(join(tmpdir(), 'benchwright-bench-'));
const figures = join(work, 'figures.jsonl');
let failed: string | undefined;
for (const part of chosen.length ? chosen : PARTS) {
  console.log(`\n== bench-${part}`);
  const { status } = spawnSync('npx', ['tsx', `scripts/bench-${part}.ts`], { stdio: 'inherit', env: { ...process.env, [FIGURES_FILE]: figures } });
  if (status !== 0) {
    failed = `bench-${part} exited ${status}`;
    break;
  }
}
const recorded = readFigures(figures);
rmSync(work, { recursive: true, force: true });
if (recorded.length) console.log(`\n== figures beside their floors\n${figureTable(recorded)}`);
if (failed) {
  console.error(`npm run bench: ${failed}`);
  process.exit(1);
}
