/** The top page's URL, unquoted as WorkArena unquotes it (urllib.parse.unquote): the classic page's address is inside. */
export const unquote = (url: string) => url.replace(/(%[0-9a-f]{2})+/gi, (run) => {
  try {
    return decodeURIComponent(run);
  } catch {
    return run;
  }
});

/** urlparse(unquote(url)).path, as WorkArena's URL checks read the top page (tasks/utils/utils.py:7-20). */
export const topPath = (url: string) => new URL(unquote(url).split(/[?#]/)[0]!).pathname;

/** A parameter of the classic page's query inside the top URL (parse_qs of the unquoted URL's query); null: none. */
export const topQuery = (url: string, name: string) => new URLSearchParams(unquote(url).split('?').slice(1).join('?')).get(name);
