// The `switchyard` command (package.json "bin", bundled to dist/cli.js): parses the arguments, runs one
// command, and turns input mistakes into one clear line on stderr and exit status 2.
import { readFileSync } from 'node:fs';
import { argv, env, exit, stderr, stdout } from 'node:process';
import { commands, helpText, type Args } from './commands.js';
import { CliError } from './load-routes.js';
import { createStyle, wantsColour } from './style.js';

/** Short spellings of options. */
const SHORT: Readonly<Record<string, string>> = { '-o': 'out' };

/** Splits argv into positionals, flags and options, checked against what the command accepts. */
export function parseArgs(tokens: readonly string[], valueOptions: readonly string[], flags: readonly string[]): Args {
  const positionals: string[] = [];
  const seen = new Set<string>();
  const options = new Map<string, string[]>();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === '--') {
      positionals.push(...tokens.slice(i + 1));
      break;
    }
    if (!token.startsWith('--') && !(token in SHORT)) {
      positionals.push(token);
      continue;
    }
    const [name, inline] = token in SHORT ? [SHORT[token]] : token.slice(2).split(/=(.*)/s, 2);
    if (valueOptions.includes(name)) {
      const value = inline ?? tokens[++i];
      if (value === undefined) throw new CliError(`--${name} needs a value`);
      options.set(name, [...(options.get(name) ?? []), value]);
    } else if (flags.includes(name) || name === 'help') {
      seen.add(name);
    } else {
      throw new CliError(`unknown option --${name} (see --help)`);
    }
  }
  return { positionals, flags: seen, options };
}

async function main(tokens: readonly string[]): Promise<number> {
  const style = createStyle(wantsColour(stdout, env));
  const out = (line: string): void => void stdout.write(line + '\n');
  const err = (line: string): void => void stderr.write(line + '\n');
  const [name, ...rest] = tokens;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    out(helpText(name === 'help' ? rest[0] : undefined));
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v' || name === 'version') {
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
    const args = parseArgs(rest, command.valueOptions, command.flags);
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
