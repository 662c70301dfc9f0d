/**
 * A step that must end within `ms`, or the caller moves on with an error naming it. The step
 * itself is left to settle (a page stuck in a script answers nothing until it is closed).
 */
export async function within<T>(ms: number, what: string, step: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  step.catch(() => {}); // settles after we moved on: nobody is listening any more
  try {
    return await Promise.race([step, late]);
  } finally {
    clearTimeout(timer);
  }
}
