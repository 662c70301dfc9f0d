import type { CommandHelp, HelpRow } from '../benchmarks/types.ts';

/** A command of the CLI: its help (for these arguments: `evaluate <benchmark>` has the benchmark's) and what runs it. */
export interface Command {
  help(args: string[]): Help;
  /** Its exit code; throws UsageError for a bad command line, any other error for a failure. */
  run(args: string[]): number | Promise<number>;
}

export interface Help extends CommandHelp {
  /** The words after `benchwright` that run it (`import`, `evaluate webarena-verified`): its usage's, its errors'. */
  command: string;
  /** Tables of its own, by title, between Arguments and Options (import's Sources). */
  lists?: Record<string, HelpRow[]>;
}

/** A fixed width, not the terminal's: the same text everywhere, docs/cli.md's too. */
const WIDTH = 100;

/** A run, as every command that reads one takes it: said alike in each one's help. */
export const RUN_ARGUMENT =
  "a run: its folder, its name in the report folder (BENCHWRIGHT_REPORT_DIR, default benchwright-report), latest, a report folder (its latest run), or a results.json or a folder holding one";

const BENCHMARKS_OPTION: HelpRow = [
  '--benchmarks <module>',
  'a module exporting benchmarks of yours, for the command to know as the built-in ones; repeatable',
];
const HELP_OPTION: HelpRow = ['-h, --help', 'display help for command'];

/** `Usage: benchwright <command> [options] <arguments>`, what it does, then its Arguments and Options, aligned. */
export function formatHelp(help: Help): string {
  const tables = {
    Arguments: (help.arguments ?? []).map(([name, text]): HelpRow => [name.replace(/[<>[\]]/g, ''), text]),
    ...help.lists,
    Options: [...(help.options ?? []), BENCHMARKS_OPTION, HELP_OPTION],
  };
  return [`Usage: benchwright ${synopsis(help.command, help)}`, '', prose(help.description), ...sections(tables)].join('\n');
}

/** Like `npx playwright --help`: the options that go with any command, and each command with its line. */
export function formatTopHelp(commands: Record<string, Command>): string {
  const tables = {
    Options: [['-V, --version', 'output the version number'], BENCHMARKS_OPTION, HELP_OPTION] as HelpRow[],
    Commands: Object.entries(commands).map(([name, command]): HelpRow => {
      const help = command.help([]);
      return [synopsis(name, help), help.summary];
    }),
  };
  return ['Usage: benchwright [options] [command]', '', prose(TOP_DESCRIPTION), ...sections(tables)].join('\n');
}

const TOP_DESCRIPTION = 'Web-agent benchmarks as Playwright tests: runs are `npx playwright test`; these commands set up the machine, check and import tasks, and read, compare and export the runs kept.';

/** `import [options] <source> <path>`: a command's words, then its options and arguments. */
const synopsis = (command: string, help: CommandHelp) => [command, '[options]', ...(help.arguments ?? []).map(([name]) => name)].join(' ');

/** Titled tables, their terms padded alike across the page. */
function sections(tables: Record<string, HelpRow[]>): string[] {
  const rows = Object.values(tables).flat();
  const column = Math.max(...rows.map(([term]) => term.length)) + 2;
  return Object.entries(tables).filter(([, r]) => r.length).flatMap(([title, r]) => ['', `${title}:`, ...r.map(([term, text]) => row(term, text, column))]);
}

/** `  term  description`, the description wrapped under itself. */
function row(term: string, text: string, column: number): string {
  const [first, ...rest] = wrap(text.replace(/\s*\n\s*/g, ' '), WIDTH - 2 - column);
  return [`  ${term.padEnd(column)}${first}`, ...rest.map((line) => `${' '.repeat(2 + column)}${line}`)].join('\n');
}

/** Paragraphs (blank lines between) and items (`- `) wrapped to the width, however their source was broken. */
function prose(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split(/\n(?=- )/)
        .map((item) => {
          const [first, ...rest] = wrap(item.replace(/\s*\n\s*/g, ' '), WIDTH - (item.startsWith('- ') ? 2 : 0));
          return [first, ...rest.map((line) => (item.startsWith('- ') ? `  ${line}` : line))].join('\n');
        })
        .join('\n'),
    )
    .join('\n\n');
}

/** Words in lines of at most `width` (a longer word alone on its line). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}
