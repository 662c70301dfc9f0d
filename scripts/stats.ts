// The order statistics the bench scripts print.

/** The value at quantile q of xs (the lower one of a pair; NaN for none). */
export const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;

export const median = (xs: number[]) => quantile(xs, 0.5);
