import { expect, test } from '../../fixtures/benchwright.ts';
import { serveHtml } from './pages.ts';

// A page that tries every way out a tracker or widget uses, to addresses no name resolves
// to: WebRTC to STUN/TURN servers given as IP literals (its own UDP/TCP sockets, past the
// resolver), fetch, WebSocket, an image and a beacon. test/offline.test.ts runs this spec
// under strace and checks that nothing but loopback is sent to.
const ESCAPES = `<script>
  window.attempts = (async () => {
    const pc = new RTCPeerConnection({ iceServers: [
      { urls: 'stun:1.2.3.4:3478' },
      { urls: 'turn:5.6.7.8:3478?transport=udp', username: 'u', credential: 'c' },
      { urls: 'turn:9.9.9.9:443?transport=tcp', username: 'u', credential: 'c' },
    ] });
    const candidates = [];
    pc.onicecandidate = (e) => { if (e.candidate) candidates.push(e.candidate.candidate); };
    pc.createDataChannel('leak');
    await pc.setLocalDescription(await pc.createOffer());
    const fetched = await fetch('http://1.2.3.4/track').then(() => 'reached', (e) => String(e));
    const ws = await new Promise((done) => { const s = new WebSocket('ws://5.6.7.8:80/'); s.onopen = () => done('open'); s.onerror = () => done('error'); });
    navigator.sendBeacon('http://9.9.9.9/beacon', 'x');
    new Image().src = 'http://8.8.4.4/pixel.gif';
    // ICE gathering sends its STUN requests within the first seconds.
    await new Promise((r) => setTimeout(r, 3000));
    return { candidates, gathering: pc.iceGatheringState, fetched, ws };
  })();
</script>`;

test('a page gets no way off loopback: no ICE candidates, fetch and WebSocket to IP literals fail', async ({ page, taskServer }) => {
  await page.goto(serveHtml(taskServer, ESCAPES));
  const result = await page.evaluate(() => (window as unknown as { attempts: Promise<Record<string, unknown>> }).attempts);
  expect(result).toEqual({ candidates: [], gathering: 'complete', fetched: 'TypeError: Failed to fetch', ws: 'error' });
});
