import type { BrowserGymFlags } from '../../src/observe/browsergym/extra-attributes.ts';

/** Pages that exercise what BrowserGym's flatteners do with HTML, text, values and their flags. */
export const PAGES: Record<string, { html: string; flags: BrowserGymFlags }> = {
  inbox: {
    flags: { withVisible: true, withClickable: true },
    html: `<title>Inbox</title><style>.row { cursor: pointer } .trash { display: inline-block; width: 12px; height: 12px; background: gray }</style>
<h2>Primary</h2>
<div class="row" data-index="0"><div class="sender">Helena</div><div>Turpis &amp; more</div><span class="trash"></span></div>
<div class="row" data-index="1"><div class="sender">Neille</div><div>Curabitur</div><span class="trash"></span></div>
<p>Pick <span class="link" style="cursor: pointer">Neque,</span> or <b>amet</b>&nbsp;then stop.</p>
<script>for (const t of document.querySelectorAll('.trash')) t.addEventListener('click', () => {});</script>`,
  },
  form: {
    flags: { coords: 'center', withSom: true },
    html: `<title>Order</title><form>
<label>Copies <input type="number" value="2"></label>
<label><input type="checkbox" checked> gift</label><label><input type="radio" name="r"> fast</label>
<select><option>one</option><option selected>two</option></select>
<textarea>  keep
 this </textarea>
<button type="button">Buy</button><ul style="list-style: none"><li>first</li><li value="3">third</li></ul>
<div hidden>gone</div></form>`,
  },
  text: {
    flags: { coords: 'box', withVisible: true },
    html: `<title>T</title><h1 title="a 'quoted' one">Head &amp; tail</h1>
<pre>line one
  <span class="k">let</span> x = 1;
</pre>
<div><span>only</span><svg viewBox="0 0 10 10" width="10" height="10"><path d="M0 0L10 10"/></svg></div>
<a href="/x?a=1&b=2">link</a>`,
  },
};
