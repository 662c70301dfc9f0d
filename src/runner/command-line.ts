/**
 * What the runner's command line says, read where Playwright gives no other way to know it
 * (the config and reporters see no parsed options): an option's values, as commander takes
 * them, `--name=value` or `--name value [value...]` up to the next option.
 */
export function optionValues(argv: string[], name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith(`${name}=`)) values.push(arg.slice(name.length + 1));
    else if (arg === name) while (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('-')) values.push(argv[++i]!);
  }
  return values;
}
