// Colours for the command line: only when stdout is a terminal and NO_COLOR is not set (FORCE_COLOR=1 turns
// them on for a pipe; NO_COLOR still wins).

/** ANSI styling, or plain text when colours are off. */
export interface Style {
  readonly green: (text: string) => string;
  readonly red: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly bold: (text: string) => string;
}

/** Whether to colour output written to `stream`. */
export function wantsColour(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}

const paint = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
const plain = (text: string): string => text;

export function createStyle(colour: boolean): Style {
  if (!colour) return { green: plain, red: plain, yellow: plain, dim: plain, bold: plain };
  return { green: paint(32, 39), red: paint(31, 39), yellow: paint(33, 39), dim: paint(2, 22), bold: paint(1, 22) };
}
