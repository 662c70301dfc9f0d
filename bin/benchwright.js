#!/usr/bin/env node
// tsx's loader: a checkout's CLI is TypeScript (no build step), and modules of the user's
// (--evaluators) may be too. An installed package runs the JavaScript compiled into dist/
// (npm pack builds it), as it ships no TypeScript of its own.
import { existsSync } from 'node:fs';
import { register } from 'tsx/esm/api';

register();
const source = new URL('../src/cli/main.ts', import.meta.url);
const cli = await import(existsSync(source) ? source.href : '../dist/src/cli/main.js');
process.exitCode = await cli.main(process.argv.slice(2));
