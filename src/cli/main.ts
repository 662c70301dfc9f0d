import { COMPARE_USAGE, compareCommand } from './compare.ts';
import { evaluateCommand, evaluateUsage } from './evaluate.ts';
import { exportCommand, exportUsage } from './export.ts';
import { importCommand, importUsage } from './import.ts';
import { REPORT_USAGE, reportCommand } from './report.ts';
import { RUNS_USAGE, runsCommand } from './runs.ts';
import { SETUP_USAGE, setupCommand } from './setup.ts';
import { registerBenchmarksFrom } from '../benchmarks/index.ts';
import { UsageError } from '../usage-error.ts';
import { VALIDATE_USAGE, validateCommand } from './validate.ts';

/** Each command's usage (a function where registered benchmarks add to it) and what runs it. */
const COMMANDS: Record<string, { usage: string | (() => string); run: (args: string[]) => number | Promise<number> }> = {
  setup: { usage: SETUP_USAGE, run: setupCommand },
  validate: { usage: VALIDATE_USAGE, run: validateCommand },
  import: { usage: importUsage, run: importCommand },
  report: { usage: REPORT_USAGE, run: reportCommand },
  runs: { usage: RUNS_USAGE, run: runsCommand },
  compare: { usage: COMPARE_USAGE, run: compareCommand },
  export: { usage: exportUsage, run: exportCommand },
  evaluate: { usage: evaluateUsage, run: evaluateCommand },
};

const usageOf = (command: (typeof COMMANDS)[string]) => (typeof command.usage === 'string' ? command.usage : command.usage());

const HELP = () => `benchwright: web-agent benchmarks as Playwright tests

Commands:
${Object.values(COMMANDS).map((c) => `  ${usageOf(c).split('\n', 1)[0]}`).join('\n')}

benchwright <command> --help shows a command's options.
--benchmarks <module>  with any command: a module of yours exporting benchmarks (docs/architecture.md,
                       "The benchmark plugin") that the command then knows as it knows the built-in ones; repeatable`;

/** Runs the CLI; returns the exit code. Problems are reported as messages, never as stack traces. */
export async function main(argv: string[]): Promise<number> {
  let rest: string[];
  try {
    rest = await withUserBenchmarks(argv);
  } catch (e) {
    console.error(`benchwright: ${(e as Error).message}${e instanceof UsageError ? `\n\n${e.usage}` : ''}`);
    return e instanceof UsageError ? 2 : 1;
  }
  const [name, ...args] = rest;
  if (name === undefined || name === '--help' || name === '-h') {
    console.log(HELP());
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`benchwright: unknown command "${name}"\n\n${HELP()}`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usageOf(command));
    return 0;
  }
  try {
    return await command.run(args);
  } catch (e) {
    const err = e as Error & { code?: string };
    if (e instanceof UsageError || err.code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`benchwright ${name}: ${err.message}\n\n${e instanceof UsageError ? e.usage : usageOf(command)}`);
      return 2;
    }
    console.error(`benchwright ${name}: ${err.message}`);
    if (process.env.BENCHWRIGHT_DEBUG) console.error(err.stack);
    return 1;
  }
}

/** Registers the benchmarks named by --benchmarks <module> (before the command or among its options); the other arguments. */
async function withUserBenchmarks(args: string[]): Promise<string[]> {
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg !== '--benchmarks' && !arg.startsWith('--benchmarks=')) {
      rest.push(arg);
      continue;
    }
    const module = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++i];
    if (!module || module.startsWith('-')) throw new UsageError('--benchmarks expects the path of a module', HELP());
    await registerBenchmarksFrom(module);
  }
  return rest;
}
