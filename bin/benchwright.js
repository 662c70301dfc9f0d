#!/usr/bin/env node
// A checkout runs the TypeScript CLI through tsx's loader (no build step); an installed package
// runs the JavaScript compiled into dist/ (npm pack builds it), as it ships no TypeScript.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli/main.ts', import.meta.url);
let cli;
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import(source.href);
} else {
  cli = await import('../dist/src/cli/main.js');
}
process.exitCode = await cli.main(process.argv.slice(2));
