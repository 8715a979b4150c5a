// The `switchyard` command (package.json "bin", bundled to dist/cli.js): parses the arguments, runs one
// command, and turns input mistakes into a clear message on stderr and exit status 2.
import { readFileSync } from 'node:fs';
import { argv, env, exit, stderr, stdout } from 'node:process';
import { acceptedOptions, commands, GLOBAL_OPTIONS, helpText } from './commands.js';
import { CliError } from './load-routes.js';
import { parseArgs } from './parse-args.js';
import { createStyle, wantsColour } from './style.js';

async function main(tokens: readonly string[]): Promise<number> {
  const style = createStyle(wantsColour(stdout, env));
  const out = (line: string): void => void stdout.write(line + '\n');
  const err = (line: string): void => void stderr.write(line + '\n');
  const [name, ...rest] = tokens;
  const [helpNames, versionNames] = GLOBAL_OPTIONS.map((o): readonly string[] => o.names);
  if (name === undefined || helpNames.includes(name)) {
    out(helpText(name === 'help' ? rest[0] : undefined));
    return name === undefined ? 2 : 0;
  }
  if (versionNames.includes(name)) {
    out(version());
    return 0;
  }
  // Own commands only: "constructor", "toString" or "__proto__" are not commands, whatever Object.prototype has.
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    err(`switchyard: unknown command "${name}" (commands: ${Object.keys(commands).join(', ')})`);
    return 2;
  }
  try {
    const { valueOptions, flags } = acceptedOptions(command);
    const args = parseArgs(rest, valueOptions, flags);
    if (args.flags.has('help')) {
      out(helpText(name));
      return 0;
    }
    return await command.run(args, { out, err, style });
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    err(`switchyard ${name}: ${error.message}`);
    return 2;
  }
}

/** The package's version (dist/cli.js sits one folder below package.json). */
function version(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

// A reader that goes away (`switchyard explain … | head`) is not an error: stop quietly, with success.
for (const stream of [stdout, stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') exit(0);
    throw error;
  });
}

main(argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    stderr.write(`switchyard: unexpected error: ${(error as Error)?.stack ?? String(error)}\n`);
    exit(70);
  },
);
