import { expect, test } from '../../fixtures/benchwright.ts';
import { ActionLibrary } from '../../src/actions/library.ts';
import { readFields } from '../../src/values/read-fields.ts';
import { serveHtml } from './pages.ts';

// Amazon's crowd HTML elements, served from our own implementation in place of the CDN script.
const CROWD_PAGE = `
  <script src="https://assets.crowd.aws/crowd-html-elements.js"></script>
  <crowd-form answer-format="flatten-objects">
    <p>Is the step part of the goal?</p>
    <label><input type="radio" name="bestq" value="1"> one</label>
    <label><input type="radio" name="bestq" value="2"> two</label>
    <crowd-checkbox name="grammar">The sentence has grammar errors</crowd-checkbox>
    <crowd-input name="problems" placeholder="Describe problems, if any..." required></crowd-input>
    <crowd-slider name="confidence" min="1" max="3" step="1" value="2" pin></crowd-slider>
  </crowd-form>
  <script>
    // Page scripts use the elements' properties and events, as with the originals.
    window.seen = [];
    document.querySelector('crowd-checkbox').addEventListener('change', (e) => seen.push('checkbox ' + e.currentTarget.checked));
    document.querySelector('crowd-slider').addEventListener('input', (e) => seen.push('slider ' + e.currentTarget.value));
  </script>`;

test('crowd elements render real controls: a checkbox with its label, a text input, a slider with its pin', async ({ page, taskServer }) => {
  await page.goto(serveHtml(taskServer, CROWD_PAGE));
  await expect(page.getByRole('checkbox', { name: 'The sentence has grammar errors' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Describe problems, if any...' })).toBeVisible();
  await expect(page.getByRole('slider')).toHaveValue('2');
  await expect(page.locator('crowd-slider output')).toHaveText('2');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  // The screenshot shows them: the form's box is drawn, not empty custom tags.
  const shot = await page.locator('crowd-form').screenshot();
  await test.info().attach('crowd form', { body: shot, contentType: 'image/png' });
  for (const element of ['crowd-checkbox', 'crowd-input', 'crowd-slider']) {
    const box = await page.locator(element).boundingBox();
    expect(box!.height, element).toBeGreaterThan(12);
  }
  const distinctColours = await page.evaluate(async (png) => {
    const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, image.width, image.height).data;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    return colours.size;
  }, shot.toString('base64'));
  expect(distinctColours).toBeGreaterThan(20);
});

test('keyboard and mouse work on crowd elements; properties and events are those of the originals', async ({ page, taskServer }) => {
  await page.goto(serveHtml(taskServer, CROWD_PAGE));
  await page.getByText('The sentence has grammar errors').click();
  expect(await page.evaluate(() => (document.querySelector('crowd-checkbox') as HTMLInputElement).checked)).toBe(true);
  await page.getByRole('textbox', { name: 'Describe problems, if any...' }).focus();
  await page.keyboard.type('too vague');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('crowd-slider output')).toHaveText('3');
  expect(await page.evaluate(() => [(document.querySelector('crowd-input') as HTMLInputElement).value, (document.querySelector('crowd-slider') as HTMLInputElement).value])).toEqual(['too vague', 3]);
  expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['checkbox true', 'slider 3']);
});

test('the action library and the read-back treat crowd elements as the native inputs; crowd-form submits flatten-objects answers', async ({ page, taskServer }) => {
  await page.goto(serveHtml(taskServer, CROWD_PAGE));
  const actions = new ActionLibrary(page, { timeout: 5000 });
  expect(await actions.modify_radio('bestq', '2')).toEqual({ ok: true });
  expect(await actions.modify_checkbox('grammar', ['on'])).toEqual({ ok: true });
  expect(await actions.modify_text('problems', 'none')).toEqual({ ok: true });
  expect(await actions.modify_range('confidence', 1)).toEqual({ ok: true });
  const fields = await readFields(page, ['bestq', 'grammar', 'problems', 'confidence']);
  expect(fields.map((f) => [f.name, f.type, f.value])).toEqual([
    ['bestq', 'radio', '2'], ['grammar', 'checkbox', ['on']], ['problems', 'text', 'none'], ['confidence', 'range', '1'],
  ]);
  expect(fields.find((f) => f.name === 'confidence')).toMatchObject({ min: 1, max: 3, step: 1 });

  const submitted = page.waitForRequest((r) => r.method() === 'POST');
  await page.getByRole('button', { name: 'Submit' }).click();
  const answers = JSON.parse(new URLSearchParams((await submitted).postData() ?? '').get('taskAnswers') ?? 'null');
  expect(answers).toEqual([{ 'bestq.1': false, 'bestq.2': true, 'grammar.on': true, problems: 'none', confidence: 1 }]);
});
