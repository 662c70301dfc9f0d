import { basename, dirname, relative, resolve, sep } from 'node:path';
import { closest, positionOf, quote } from './errors.ts';
import { wayOut } from './folders.ts';
import { checkUniqueIds, readCsvInstances, readInlineInstances } from './instances.ts';
import { readEpisodes, readProtocol, readSiteChanges, type GoalKeys, type InstanceGoalKeys } from './goal.ts';
import { checkAgainstSchema } from './schema-check.ts';
import { readSource, unreadSource, type SourceVersion } from './source-files.ts';
import { withProtocol } from './protocols.ts';
import { seededInstances } from './seeds.ts';
import { scanTemplate, type Placeholder } from './template.ts';
import { carriesNoAnswer, type Field, type Instance, type Task, type TaskError } from './types.ts';
import { decodeUtf8 } from './utf8.ts';
import { YamlSource } from './yaml-source.ts';

/** A task file as written, once it passed the JSON Schema. */
interface TaskDocument extends GoalKeys {
  id: string;
  title: string;
  description?: string;
  split: string;
  html?: string;
  template?: string;
  keep_placeholders?: string[];
  clock?: string;
  random?: 'seeded' | 'real';
  source?: string;
  license?: string;
  fields?: Record<string, Partial<Omit<Field, 'name'>>>;
  instances: InlineInstances | CsvInstancesSpec | { seeds: number };
  protocol?: string;
}
type InlineInstances = Parameters<typeof readInlineInstances>[1] & InstanceGoalKeys[];
interface CsvInstancesSpec {
  csv: string;
  id_column?: string;
  gold_prefix?: string;
  answer_format?: 'flatten-objects';
}

export interface LoadedTask {
  file: string;
  /** The task, when it has no errors. */
  task?: Task;
  errors: TaskError[];
  /** What the file says of itself, even when it has errors (for listing failed tasks). */
  id?: string;
  title?: string;
  split?: string;
  /** Every file the task was read from (itself, template, CSV) with its version, for caching. */
  sources: Record<string, SourceVersion>;
}

/** Reads and checks one task file. Never throws for a bad file: problems are returned. */
export function loadTaskFile(path: string): LoadedTask {
  const file = resolve(path);
  const result: LoadedTask = { file, errors: [], sources: {} };
  try {
    return readTask(file, result);
  } catch (e) {
    // A bug of ours must not stop the other tasks either: report it against this file.
    result.task = undefined;
    result.errors.push({ file, line: 1, col: 1, path: '', message: `internal error while loading this task: ${(e as Error).message}` });
    return result;
  }
}

function readTask(file: string, result: LoadedTask): LoadedTask {
  const text = readText(file, result);
  if (text === undefined) return result;

  const source = new YamlSource(file, text);
  result.errors.push(...source.errors);
  if (result.errors.length) return result;
  if (source.data === undefined || source.data === null || source.data === '') {
    result.errors.push(source.errorAt([], 'the file is empty; expected a task with id, title, split, html or template, and instances'));
    return result;
  }
  const data = source.data as Partial<TaskDocument>;
  if (typeof data === 'object' && !Array.isArray(data)) Object.assign(result, pickStrings(data, ['id', 'title', 'split']));
  result.errors.push(...checkAgainstSchema(source, 'task'));
  if (result.errors.length) return result;

  // A benchmark's protocol (protocol: miniwob) fills the goal keys the task leaves out.
  const doc = withProtocol(data as TaskDocument);
  const protocol = readProtocol(source, doc, result.errors);
  const template = readTemplate(source, doc, result);
  if (!template) return result;
  const scan = scanTemplate(template.html);
  const fields = mergeFields(source, scan.fields, doc.fields ?? {}, result.errors);
  // A goal task is judged by its evaluators: it may have no form at all.
  const hasFormFields = [...fields.values()].some((f) => !carriesNoAnswer(f.type));
  if (!protocol && !hasFormFields) {
    const at = doc.template !== undefined ? 'template' : 'html';
    result.errors.push(source.errorAt([at], 'the template has no form fields (input, select, textarea) and none are declared under fields:'));
  }
  const kept = new Set(doc.keep_placeholders);
  const placeholders = scan.placeholders.filter((p) => !kept.has(p.name));
  const instances = Array.isArray(doc.instances)
    ? readInline(source, doc.instances, placeholders, template, fields, result.errors)
    : 'seeds' in doc.instances ? seededInstances(doc.instances.seeds)
    : readFromCsv(source, doc.instances, placeholders, template, fields, result);
  if ('seeds' in doc.instances && !protocol) result.errors.push(source.errorAt(['instances', 'seeds'], 'seeds are for a goal task whose page generates its problem from a seed: add goal: (or protocol:), or list the instances', 'key'));
  if (instances) readEpisodes(source, doc, instances, Array.isArray(doc.instances) ? doc.instances : undefined, hasFormFields, result.errors);
  const changes = doc.site !== undefined ? readSiteChanges(source, doc, result.errors) : [];

  if (instances && result.errors.length === 0) {
    result.task = {
      id: doc.id,
      title: doc.title,
      description: doc.description ?? '',
      split: doc.split,
      file,
      html: template.html,
      templateFile: template.file,
      start: doc.site !== undefined ? { kind: 'site', site: doc.site, login: doc.login ?? [], requireReset: doc.require_reset === true, changes, ...(doc.protocol !== undefined && { protocol: doc.protocol }) }
        : { kind: 'served', path: doc.page === undefined ? '' : relative(dirname(file), template.file).split(sep).join('/') },
      ...(protocol && { protocol }),
      // The task file, even when it holds the page (html:), and its CSV; not a template file.
      dataFiles: Object.keys(result.sources).filter((f) => f === file || f !== template.file),
      fields: [...fields.values()],
      instances,
      ...(!Array.isArray(doc.instances) && 'seeds' in doc.instances && { seeds: doc.instances.seeds }),
      ...(doc.clock !== undefined && { clock: doc.clock }),
      ...(doc.random !== undefined && { random: doc.random }),
      ...(doc.source !== undefined && { source: doc.source }),
      ...(doc.license !== undefined && { license: doc.license }),
    };
  }
  return result;
}

interface Template {
  html: string;
  /** The template file, or the task file itself for an inline html: */
  file: string;
  /** Where a placeholder is written, for errors. */
  locate(p: Placeholder): { file: string; line: number; col: number; path: string };
}

function readTemplate(source: YamlSource, doc: TaskDocument, result: LoadedTask): Template | undefined {
  // A site's pages are its own: nothing to read or fill.
  if (doc.site !== undefined) return { html: '', file: source.file, locate: () => ({ file: source.file, line: 1, col: 1, path: '' }) };
  const key = doc.page !== undefined ? 'page' : 'template';
  const written = doc.page ?? doc.template;
  if (written === undefined) {
    const html = doc.html!;
    return {
      html,
      file: source.file,
      locate: (p) => {
        const written = `\${${p.name}}`;
        const nth = html.slice(0, p.offset).split(written).length - 1;
        return { file: source.file, ...source.positionWithin(['html'], written, nth), path: 'html' };
      },
    };
  }
  const file = fileNamedAt(source, [key], written, result);
  if (file === undefined) return undefined;
  const html = readText(file, result, () => source.errorAt([key], `${key === 'page' ? 'page' : 'template'} file "${written}" not found (the path is relative to this task file)`));
  return html === undefined ? undefined : { html, file, locate: (p) => ({ file, ...positionOf(html, p.offset), path: '' }) };
}

function readInline(
  source: YamlSource,
  items: InlineInstances,
  placeholders: Placeholder[],
  template: Template,
  fields: Map<string, Field>,
  errors: TaskError[],
): Instance[] {
  const instances = readInlineInstances(source, items, fields, errors);
  const names = [...new Set(placeholders.map((p) => p.name))];
  instances.forEach((inst, i) => {
    for (const name of names.filter((n) => !(n in inst.values))) {
      const used = template.locate(placeholders.find((p) => p.name === name)!);
      const at = items[i]!.values ? ['instances', i, 'values'] : ['instances', i];
      errors.push(source.errorAt(at, `no value for placeholder \${${name}} (used at line ${used.line} of ${basename(used.file)})`));
    }
  });
  checkUniqueIds(instances, (i) => source.errorAt(['instances', i], ''), errors);
  return instances;
}

function readFromCsv(
  source: YamlSource,
  spec: CsvInstancesSpec,
  placeholders: Placeholder[],
  template: Template,
  fields: Map<string, Field>,
  result: LoadedTask,
): Instance[] | undefined {
  const file = fileNamedAt(source, ['instances', 'csv'], spec.csv, result);
  if (file === undefined) return undefined;
  const content = readText(file, result, () => source.errorAt(['instances', 'csv'], `CSV file "${spec.csv}" not found (the path is relative to this task file)`));
  if (content === undefined) return undefined;
  const table = readCsvInstances(file, content, fields, { idColumn: spec.id_column, goldPrefix: spec.gold_prefix, answerFormat: spec.answer_format }, result.errors);
  if (table.columns.length) {
    const columns = new Set(table.columns);
    const reported = new Set<string>();
    for (const p of placeholders) {
      if (columns.has(p.name) || reported.has(p.name)) continue;
      reported.add(p.name);
      const guess = closest(p.name, columns);
      const message = `placeholder \${${p.name}} has no column in ${basename(file)}${guess ? ` (did you mean "${guess}"?)` : ''}`;
      result.errors.push({ ...template.locate(p), message });
    }
  }
  checkUniqueIds(table.instances, (i) => ({ file, line: table.lines[i]!, col: 1, path: '', message: '' }), result.errors);
  return table.instances;
}

/** Inferred fields, with what the task file declares laid over them. */
function mergeFields(
  source: YamlSource,
  inferred: Field[],
  declared: NonNullable<TaskDocument['fields']>,
  errors: TaskError[],
): Map<string, Field> {
  const fields = new Map(inferred.map((f) => [f.name, f]));
  for (const [name, spec] of Object.entries(declared)) {
    const base = fields.get(name);
    if (!base && !spec.dynamic) {
      const guess = closest(name, fields.keys());
      const hint = guess ? `did you mean "${guess}"? If a page script creates it, add` : 'if a page script creates it, add';
      errors.push(source.errorAt(['fields', name], `field "${name}" is not in the template; ${hint} dynamic: true`, 'key'));
      continue;
    }
    fields.set(name, { ...(base ?? { name, score: true, dynamic: true }), ...spec, name, dynamic: !base });
  }
  return fields;
}

function pickStrings<K extends string>(data: object, keys: K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const k of keys) {
    const v = (data as Record<string, unknown>)[k];
    if (typeof v === 'string' && v) out[k] = v;
  }
  return out;
}

const WAY_OUT = {
  absolute: 'is an absolute path',
  parent: "leads out of this file's folder",
  link: "is a link to a file outside this file's folder",
};

/**
 * The file a path written in the task file names, when it stays inside the task file's folder
 * (by real path); else an error at the path, and the file is never read.
 */
function fileNamedAt(source: YamlSource, at: string[], written: string, result: LoadedTask): string | undefined {
  const folder = dirname(source.file);
  const file = resolve(folder, written);
  const out = wayOut(folder, written);
  if (!out) return file;
  // Whether a link is refused depends on its target, not on the task file: the cache must see it change.
  if (out === 'link') result.sources[file] = unreadSource(file);
  result.errors.push(source.errorAt(at, `${quote(written)} ${WAY_OUT[out]}; a path in a task file must stay inside the task's folder (write it relative to this file)`));
  return undefined;
}

/** Reads a file the task depends on as UTF-8 text, recording its version (or its absence). */
function readText(file: string, result: LoadedTask, missing?: () => TaskError): string | undefined {
  const { bytes, error, version } = readSource(file);
  result.sources[file] = version;
  if (bytes) return decodeUtf8(file, bytes, result.errors);
  if (error?.code === 'ENOENT' && missing) result.errors.push(missing());
  else result.errors.push({ file, line: 1, col: 1, path: '', message: `cannot read the file: ${error?.code ?? error?.message}` });
  return undefined;
}
