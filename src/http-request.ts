/**
 * A request to a site that must answer 2xx within `timeoutMs`: its response, or an error that
 * says what was asked (`what`, so a URL holding credentials is never shown) and what came back.
 */
export async function requestOk(url: string, init: RequestInit, timeoutMs: number, what = `${init.method ?? 'GET'} ${url}`): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    // fetch's own message may quote the URL: it stays out, as `what` does.
    throw new Error(`${what} failed: ${(e as Error).message.replaceAll(url, 'the URL')}`);
  }
  if (response.status < 200 || response.status >= 300) {
    await response.body?.cancel();
    throw new Error(`${what} answered ${response.status}`);
  }
  return response;
}
