// Which copy an episode lost (src/runner/site-faults.ts): each copy whose page failed is asked,
// in the order they failed, and the first that does not answer is the one; a failure on a copy
// that still answers (the agent's doing, maybe) does not hide a dead one after it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { copyOf } from '../src/runner/sites.ts';
import { lostCopy } from '../src/runner/site-faults.ts';
import { NotesSite } from './sites/notes-site.ts';

test('a 5xx on a copy that answers, then a dead copy: the dead one is lost; a page abandoned for another is no failure', async () => {
  const [alive, dead] = await Promise.all([NotesSite.start(), NotesSite.start()]);
  await dead.close();
  try {
    const copies = [copyOf({ name: 'shop', copies: [alive.url], otherOrigins: [] }, 0), copyOf({ name: 'forum', copies: [dead.url], otherOrigins: [] }, 0)];
    const failures = [
      { url: `${dead.url}/f/1`, error: 'net::ERR_ABORTED' },
      { url: `${alive.url}/admin`, error: 'HTTP 500' },
      { url: `${dead.url}/f/2`, error: 'net::ERR_CONNECTION_REFUSED' },
    ];
    const lost = await lostCopy(failures, copies);
    assert.equal(lost?.copy.name, 'forum');
    assert.match(lost!.reason, /^site "forum" failed a page: net::ERR_CONNECTION_REFUSED \(\/f\/2\); its base URL does not answer: /);
    assert.equal(await lostCopy(failures.slice(0, 2), copies), undefined);
  } finally {
    await alive.close();
  }
});
