import { findPackageJSON } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Files of this package, wherever it is: a checkout runs its TypeScript sources; an installed
 * package runs the JavaScript compiled into dist/ (the same tree: `npm run build`), because
 * Node and Playwright leave TypeScript under node_modules untransformed.
 */
export const PACKAGE_ROOT = dirname(findPackageJSON(import.meta.url)!);

const COMPILED = fileURLToPath(import.meta.url).startsWith(join(PACKAGE_ROOT, 'dist'));

/** A module of this package by its path in the source tree ('reporters/benchmark'): the source, or its compiled copy. */
export function ownModule(path: string): string {
  return COMPILED ? join(PACKAGE_ROOT, 'dist', `${path}.js`) : join(PACKAGE_ROOT, `${path}.ts`);
}

/** A file shipped as it is (schemas/...). */
export const packageFile = (path: string): string => join(PACKAGE_ROOT, path);
