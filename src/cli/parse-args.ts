// The command line's arguments: positionals, flags (--json) and options with values (--name N), checked
// against what the command accepts.
import type { Args } from './commands.js';
import { CliError } from './load-routes.js';

/** Short spellings of options. */
export const SHORT: Readonly<Record<string, string>> = { '-o': 'out' };

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
    if (!token.startsWith('--') && !Object.hasOwn(SHORT, token)) {
      positionals.push(token);
      continue;
    }
    const [name, inline] = Object.hasOwn(SHORT, token) ? [SHORT[token]] : token.slice(2).split(/=(.*)/s, 2);
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

