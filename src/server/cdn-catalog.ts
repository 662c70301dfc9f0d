import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// CDN files the TurkingBench templates load, answered from byte-identical copies installed
// from npm (package.json aliases such as "jquery-3.2.1": "npm:jquery@3.2.1"), so `integrity=`
// checks pass. Listed from the 117 real tasks (script src / link href); every one of them
// with an integrity attribute is checked against its copy in test/server.test.ts. Not here,
// so aborted: Google Fonts, a Font Awesome kit, bootstrap 3.0.3 (not on npm), MTurk's bs30
// CSS and anychart. Amazon's crowd HTML elements are answered by our own implementation.

interface CdnFile {
  /** Without the scheme: host and path. */
  url: string;
  /** npm package (alias) and the file inside it. */
  pkg: string;
  file: string;
}

const jquery = (version: string, name: string, file = name): CdnFile[] => [
  { url: `code.jquery.com/${name.replace('jquery.', `jquery-${version}.`)}`, pkg: `jquery-${version}`, file: `dist/${file}` },
  { url: `ajax.googleapis.com/ajax/libs/jquery/${version}/${name}`, pkg: `jquery-${version}`, file: `dist/${file}` },
];

const bootstrap = (version: string): CdnFile[] => ['maxcdn', 'stackpath'].flatMap((cdn) =>
  ['css/bootstrap.min.css', 'js/bootstrap.min.js', 'css/bootstrap.css', 'js/bootstrap.js'].map((file) => ({
    url: `${cdn}.bootstrapcdn.com/bootstrap/${version}/${file}`, pkg: `bootstrap-${version}`, file: `dist/${file}`,
  })));

const cdnjs = (library: string, version: string, path: string, pkg: string, file: string): CdnFile =>
  ({ url: `cdnjs.cloudflare.com/ajax/libs/${library}/${version}/${path}`, pkg: `${pkg}-${version}`, file });

const FILES: CdnFile[] = [
  ...['1.11.2', '2.2.4', '3.1.0', '3.2.1', '3.3.1', '3.6.0'].flatMap((v) => [
    ...jquery(v, 'jquery.min.js'), ...jquery(v, 'jquery.js'),
    ...(v.startsWith('3') ? [...jquery(v, 'jquery.slim.min.js'), ...jquery(v, 'jquery.slim.js')] : []),
  ]),
  ...['3.3.7', '3.4.1', '4.0.0', '4.1.2', '4.1.3'].flatMap(bootstrap),
  ...['1.12.9', '1.14.3'].flatMap((v) => ['umd/popper.min.js', 'umd/popper.js'].map((f) => cdnjs('popper.js', v, f, 'popper.js', `dist/${f}`))),
  cdnjs('svg.js', '2.6.5', 'svg.min.js', 'svg.js', 'dist/svg.min.js'),
  cdnjs('chroma-js', '1.3.7', 'chroma.min.js', 'chroma-js', 'chroma.min.js'),
  cdnjs('lightbox2', '2.11.1', 'js/lightbox-plus-jquery.min.js', 'lightbox2', 'dist/js/lightbox-plus-jquery.min.js'),
  cdnjs('lightbox2', '2.11.1', 'css/lightbox.min.css', 'lightbox2', 'dist/css/lightbox.min.css'),
  cdnjs('bootstrap-slider', '10.6.1', 'bootstrap-slider.js', 'bootstrap-slider', 'dist/bootstrap-slider.js'),
  { url: 'unpkg.com/tachyons@4.10.0/css/tachyons.min.css', pkg: 'tachyons-4.10.0', file: 'css/tachyons.min.css' },
];

const require = createRequire(import.meta.url);
const packageDirs = new Map<string, string>();

function packageDir(pkg: string): string {
  let dir = packageDirs.get(pkg);
  if (!dir) {
    dir = dirname(require.resolve(`${pkg}/package.json`));
    packageDirs.set(pkg, dir);
  }
  return dir;
}

const BY_URL = new Map(FILES.map((f) => [f.url, f]));

/** Files written here that stand in for a CDN's (not copies: see the file's header). */
const OWN_FILES = new Map([['assets.crowd.aws/crowd-html-elements.js', join(import.meta.dirname, 'crowd-html-elements.js')]]);

/** The local copy of a CDN URL (given as host/path, without the scheme), if there is one. */
export function localCopy(hostAndPath: string): string | undefined {
  const entry = BY_URL.get(hostAndPath);
  return entry ? join(packageDir(entry.pkg), entry.file) : OWN_FILES.get(hostAndPath);
}

export const CDN_HOSTS = [...new Set([...FILES.map((f) => f.url), ...OWN_FILES.keys()].map((url) => url.split('/')[0]!))];
