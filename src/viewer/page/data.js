'use strict';
// The run's data, from the scripts beside this page (file:// refuses fetch; scripts load):
// each data script calls benchwrightData with its JSON gzipped, its length and its bytes in
// base 85 (src/viewer/packed.ts). Loads go one at a time, so each call belongs to the script
// being loaded.
const BW = {};

BW.loads = Promise.resolve();
BW.pending = null;

window.benchwrightData = (length, digits) => {
  if (BW.pending) BW.pending({ length, digits });
};

BW.loadScript = (src) => {
  const load = BW.loads.then(() => new Promise((resolve, reject) => {
    const script = document.createElement('script');
    let data;
    BW.pending = (packed) => { data = packed; };
    script.onload = () => {
      script.remove();
      if (data === undefined) reject(new Error(`${src} holds no viewer data`));
      else resolve(data);
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`cannot load ${src}`));
    };
    script.src = src;
    document.head.append(script);
  }));
  BW.loads = load.catch(() => {});
  return load.then(BW.inflate);
};

/** Base 85 back into bytes: 5 digits (# on, no backslash) per 4 bytes, the last group padded. */
BW.bytes = ({ length, digits }) => {
  const bytes = new Uint8Array(Math.ceil(length / 4) * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0, at = 0; i < digits.length; i += 5, at += 4) {
    let n = 0;
    for (let d = 0; d < 5; d++) {
      const code = digits.charCodeAt(i + d);
      n = n * 85 + (code > 92 ? code - 36 : code - 35);
    }
    view.setUint32(at, n);
  }
  return bytes.subarray(0, length);
};

BW.inflate = async (packed) => {
  const bytes = BW.bytes(packed);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return JSON.parse(await new Response(stream).text());
};

/** A run's viewer: its index, and its chunks as they are opened. `base` is its folder as seen from this page. */
BW.openRun = async (base) => {
  const index = await BW.loadScript(`${base}data/index.js`);
  if (index.format !== 'benchwright-viewer/1') throw new Error(`${base}data/index.js: not a viewer this page reads (${index.format})`);
  // Every run written by benchwright says it alike; the first opened tells it.
  BW.promptTree ??= index.promptTree;
  const chunks = new Map();
  const run = {
    base,
    index,
    /** Key of a row: the same instance in another run has the same one. */
    key: (r) => `${index.projects[r[0]]}\u0000${index.tasks[r[1]]}\u0000${r[2]}`,
    instance: async (r) => {
      if (!chunks.has(r[10])) chunks.set(r[10], BW.loadScript(`${base}data/${r[10]}.js`));
      return (await chunks.get(r[10]))[r[11]];
    },
  };
  run.byKey = new Map(index.rows.map((r) => [run.key(r), r]));
  return run;
};

/** An element with attributes, listeners (onclick) and a style object, and children; text is always text (the run's data is never HTML). */
const h = (tag, attrs, ...children) => {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    // Through the style object: the page's policy refuses style attributes.
    else if (name === 'style') Object.assign(element.style, value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat(Infinity)) if (child !== undefined && child !== null && child !== false) element.append(child instanceof Node ? child : String(child));
  return element;
};

/** `1 step`, `2 steps`. */
BW.count = (n, word) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
BW.number = (value, digits = 3) => (value === null || value === undefined ? '–' : Number(value.toFixed(digits)).toString());
BW.cost = (value) => (value === null || value === undefined ? '' : `$${value < 0.01 ? value.toFixed(4) : value.toFixed(2)}`);
