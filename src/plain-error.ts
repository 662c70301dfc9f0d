/**
 * An error for the user, not the developer: without a stack, Playwright (and the CLI) print
 * its message alone, and the message says all there is to say.
 */
export const plainError = (message: string): Error => Object.assign(new Error(message), { stack: undefined });
