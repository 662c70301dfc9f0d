import { readFileSync } from 'node:fs';
import { compare } from './compare.ts';
import { evaluate } from './evaluate.ts';
import { exportRun } from './export.ts';
import { type Command, formatHelp, formatTopHelp } from './help.ts';
import { importTasks } from './import.ts';
import { report } from './report.ts';
import { runs } from './runs.ts';
import { setup } from './setup.ts';
import { show } from './show.ts';
import { validate } from './validate.ts';
import { registerBenchmarksFrom } from '../benchmarks/index.ts';
import { packageFile } from '../package-files.ts';
import { oneOf, parseCommandLine, UsageError } from '../usage-error.ts';

/** Every command, by name, in the order the top help lists them. */
const COMMANDS: Record<string, Command> = {
  setup,
  validate,
  import: importTasks,
  report,
  runs,
  compare,
  show,
  export: exportRun,
  evaluate,
  help: {
    help: () => ({
      command: 'help',
      summary: 'display help for command',
      description: 'Prints the help of a command, as `benchwright <command> --help` does (`benchwright help evaluate <benchmark>`: the benchmark\'s); without one, the list of commands.',
      arguments: [['[command...]', 'a command, and the arguments that choose its help']],
    }),
    run: (args) => {
      const [name, ...rest] = parseCommandLine(args, {}).positionals;
      console.log(name === undefined ? formatTopHelp(COMMANDS) : formatHelp(commandNamed(name).help(rest)));
      return 0;
    },
  },
};

const commandNamed = (name: string) => COMMANDS[oneOf('command', name, Object.keys(COMMANDS))]!;

/**
 * Runs the CLI; returns the exit code: 0, 1 when the command failed, 2 for a command line it
 * cannot run. Problems are one line each, never stack traces (BENCHWRIGHT_DEBUG adds them).
 */
export async function main(argv: string[]): Promise<number> {
  // The words its errors are prefixed with once the command is known: `import`, `evaluate webarena-verified`.
  let named = '';
  try {
    const [name, ...args] = await withUserBenchmarks(argv);
    // No command: a usage error, with the list of commands rather than a pointer to it.
    if (name === undefined) {
      console.error(formatTopHelp(COMMANDS));
      return 2;
    }
    if (name === '-V' || name === '--version') {
      console.log(`benchwright ${(JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string }).version}`);
      return 0;
    }
    if (name === '-h' || name === '--help') {
      console.log(formatTopHelp(COMMANDS));
      return 0;
    }
    if (name.startsWith('-')) throw new UsageError(`unknown option ${name}`);
    const command = commandNamed(name);
    const help = command.help(args);
    named = help.command;
    if (args.includes('--help') || args.includes('-h')) {
      console.log(formatHelp(help));
      return 0;
    }
    return await command.run(args);
  } catch (e) {
    const prefix = named ? `benchwright ${named}` : 'benchwright';
    console.error(`${prefix}: ${(e as Error).message}`);
    // A command of a plugin's that reads its arguments with parseArgs itself: still a usage error.
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`see \`${prefix} --help\``);
      return 2;
    }
    if (process.env.BENCHWRIGHT_DEBUG) console.error((e as Error).stack);
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
    if (!module || module.startsWith('-')) throw new UsageError('missing value for --benchmarks');
    await registerBenchmarksFrom(module);
  }
  return rest;
}
