import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { ROOT } from './helpers.ts';

// The documentation's relative links: README.md, docs/, each benchmark's README.md and the
// examples' README.md files. Every link to a file of the repository must find it, and every
// #anchor a heading of its target, by GitHub's rules for heading ids.

/** Markdown files under a folder, node_modules left out. */
function markdownUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : markdownUnder(path);
    return e.name.endsWith('.md') ? [path] : [];
  });
}

function documentation(): string[] {
  const benchmarks = readdirSync(join(ROOT, 'src', 'benchmarks'), { withFileTypes: true })
    .filter((e) => e.isDirectory()).map((e) => join(ROOT, 'src', 'benchmarks', e.name, 'README.md')).filter(existsSync);
  const examples = markdownUnder(join(ROOT, 'examples')).filter((f) => f.endsWith('/README.md'));
  return [join(ROOT, 'README.md'), ...markdownUnder(join(ROOT, 'docs')), ...benchmarks, ...examples];
}

/** Each line of a Markdown file with what a fenced code block holds blanked out (links there are text). */
function proseLines(text: string): string[] {
  let fence: string | undefined;
  return text.split('\n').map((line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return line;
  });
}

/** A heading's text as GitHub renders it: inline code, links, images, emphasis and tags reduced to their text. */
function headingText(markdown: string): string {
  return markdown
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(\*{1,3})(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/(?<![\p{L}\p{N}_])(_{1,3})(\S(?:.*?\S)?)\1(?![\p{L}\p{N}_])/gu, '$2');
}

/**
 * GitHub's heading ids (github-slugger): lower case; every character but letters, marks,
 * digits, '_', '-' and spaces dropped; each space a '-'. A repeated id gets -1, -2, ...
 */
export function githubSlugs(headings: string[]): string[] {
  const seen = new Map<string, number>();
  return headings.map((heading) => {
    const base = headingText(heading).toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    let slug = base;
    while (seen.has(slug)) {
      const n = seen.get(base)! + 1;
      seen.set(base, n);
      slug = `${base}-${n}`;
    }
    seen.set(slug, 0);
    return slug;
  });
}

/** The anchors a Markdown file offers: its headings' ids, and ids or names of its HTML anchors. */
function anchorsOf(file: string): Set<string> {
  const lines = proseLines(readFileSync(file, 'utf8'));
  const headings = lines.flatMap((line) => {
    const m = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    return m ? [m[1]!] : [];
  });
  const html = lines.flatMap((line) => [...line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)].map((m) => m[1]!));
  return new Set([...githubSlugs(headings), ...html]);
}

/** The links of one line: inline links and images, and reference definitions; inline code left out. */
function linksOf(line: string): string[] {
  const prose = line.replace(/(`+)[\s\S]*?\1/g, (code) => ' '.repeat(code.length));
  const inline = [...prose.matchAll(/!?\[(?:[^\][]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!.replace(/^<|>$/g, ''));
  const definition = /^\s{0,3}\[[^\]]+\]:\s*(\S+)/.exec(prose)?.[1];
  return [...inline, ...(definition ? [definition] : [])];
}

const external = (link: string) => /^[a-z][a-z0-9+.-]*:/i.test(link);

/** What a link lacks, or undefined when its file (and its anchor) exist. */
function problemOf(from: string, link: string): string | undefined {
  const hash = link.indexOf('#');
  const path = decodeURI(hash === -1 ? link : link.slice(0, hash));
  const anchor = hash === -1 ? undefined : decodeURIComponent(link.slice(hash + 1));
  const target = path === '' ? from : resolve(dirname(from), path);
  const shown = relative(ROOT, target);
  if (!existsSync(target)) return `no file ${shown}`;
  if (anchor === undefined) return undefined;
  if (statSync(target).isDirectory() || !target.endsWith('.md')) return `an anchor (#${anchor}) into ${shown}, which is not a Markdown file`;
  return anchorsOf(target).has(anchor) ? undefined : `no heading #${anchor} in ${shown}`;
}

test('GitHub\'s heading ids', () => {
  assert.deepEqual(
    githubSlugs(['Resume a crashed run and compare two runs', 'The manifest: tasks.yaml', '`BENCHWRIGHT_RESUME` (runs)', 'Goal tasks', 'Goal tasks', 'Goal tasks', 'MiniWoB++', 'Agents in any language: the HTTP protocol', '**Bold** and [a link](x.md)', 'snake_case and C#', '_emphasis_ in a_b_c']),
    ['resume-a-crashed-run-and-compare-two-runs', 'the-manifest-tasksyaml', 'benchwright_resume-runs', 'goal-tasks', 'goal-tasks-1', 'goal-tasks-2', 'miniwob', 'agents-in-any-language-the-http-protocol', 'bold-and-a-link', 'snake_case-and-c', 'emphasis-in-a_b_c'],
  );
});

test('every relative link of the documentation finds its file, and every anchor its heading', () => {
  const files = documentation();
  assert.ok(files.length > 5, `documentation found: ${files.map((f) => relative(ROOT, f)).join(', ')}`);
  const problems = files.flatMap((file) => proseLines(readFileSync(file, 'utf8')).flatMap((line, i) =>
    linksOf(line).filter((link) => !external(link)).flatMap((link) => {
      const problem = problemOf(file, link);
      return problem ? [`${relative(ROOT, file)}:${i + 1}: ${link} -> ${problem}`] : [];
    })));
  assert.deepEqual(problems, []);
});

test('every page of docs/ is linked from the README or from another page', () => {
  const files = documentation();
  const linked = new Set(files.flatMap((file) => proseLines(readFileSync(file, 'utf8')).flatMap((line) =>
    linksOf(line).filter((link) => !external(link)).map((link) => {
      const path = decodeURI(link.split('#')[0]!);
      return path === '' ? file : resolve(dirname(file), path);
    }))));
  const orphans = markdownUnder(join(ROOT, 'docs')).filter((f) => !linked.has(f)).map((f) => relative(ROOT, f));
  assert.deepEqual(orphans, []);
});
