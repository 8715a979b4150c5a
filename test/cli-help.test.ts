// The help lists every option the parser accepts, and nothing it refuses: for each command, the options its
// help shows against the ones parseArgs takes; for the bare command, --help and --version.
import { describe, expect, it } from 'vitest';
import { acceptedOptions, commands, GLOBAL_OPTIONS, helpText } from '../src/cli/commands.js';
import { parseArgs, SHORT } from '../src/cli/parse-args.js';

/** "--name" and "-o" words of a text. */
const optionsIn = (text: string): string[] => [...new Set(text.match(/(?<![\w-])--?[a-z][\w-]*/g) ?? [])];

/** The options listed under "Options:". */
const listed = (help: string): string[] => optionsIn(help.slice(help.indexOf('\nOptions:\n')).split('\n').slice(2).map((line) => line.trim().split(/ {2,}/)[0]).join(' '));

describe.each(Object.keys(commands))('switchyard %s --help', (name) => {
  const help = helpText(name);
  const { valueOptions, flags } = acceptedOptions(commands[name]);

  it('lists, under Options, every option the parser accepts', () => {
    expect(listed(help).sort()).toEqual([...valueOptions, ...flags, 'help'].map((o) => `--${o}`).sort());
  });

  it('names no option the parser refuses, anywhere in the help', () => {
    for (const option of optionsIn(help)) {
      const name = option.startsWith('--') ? option.slice(2) : SHORT[option];
      expect(name, `${option} is no option`).toBeDefined();
      const tokens = valueOptions.includes(name) ? [option, 'x'] : [option];
      expect(() => parseArgs(tokens, valueOptions, flags), option).not.toThrow();
    }
  });
});

describe('switchyard --help', () => {
  const help = helpText();
  it.each(GLOBAL_OPTIONS.flatMap((o) => o.names.filter((n) => n.startsWith('-'))))('lists %s', (option) => {
    expect(optionsIn(help)).toContain(option);
  });

  it('lists every command', () => {
    for (const name of Object.keys(commands)) expect(help).toMatch(new RegExp(`^  ${name} `, 'm'));
  });
});
