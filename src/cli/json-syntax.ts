// Where a JSON text stops being JSON, as a line and a column: JSON.parse names a position for some mistakes
// ("at position 82") and none for others ("Unexpected token ']'"), and a person counts lines, not characters.
// One pass over the text, no backtracking.

/** The 0-based offset of the first character that is not valid JSON (the text's length when it ends too soon), or null when it is valid. */
export function jsonSyntaxErrorOffset(text: string): number | null {
  let i = 0;
  const fail = (): never => {
    throw new SyntaxAt(i);
  };
  const space = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const expect = (c: string): void => {
    if (text[i] !== c) fail();
    i++;
  };
  const string = (): void => {
    expect('"');
    for (;;) {
      const c = text[i];
      if (c === undefined || c < ' ') fail();
      i++;
      if (c === '"') return;
      if (c !== '\\') continue;
      const escape = text[i];
      if (escape !== undefined && '"\\/bfnrt'.includes(escape)) i++;
      else if (escape === 'u') {
        i++;
        for (let k = 0; k < 4; k++, i++) if (!/[0-9a-fA-F]/.test(text[i] ?? '')) fail();
      } else fail();
    }
  };
  const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
  const digits = (): void => {
    if (!isDigit(text[i])) fail();
    while (isDigit(text[i])) i++;
  };
  // -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, failing at the first character that does not fit.
  const number = (): void => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else digits();
    if (text[i] === '.') {
      i++;
      digits();
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      digits();
    }
  };
  // An explicit stack of open containers, not recursion: a deeply nested file cannot overflow the call stack.
  const open: ('{' | '[')[] = [];
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{' || c === '[') {
      i++;
      space();
      if (text[i] === (c === '{' ? '}' : ']')) i++;
      else {
        open.push(c);
        if (c === '{') member();
        return;
      }
    } else if (c === '"') string();
    else if (c === '-' || isDigit(c)) number();
    else {
      const word = c === 't' ? 'true' : c === 'f' ? 'false' : 'null';
      for (const letter of word) expect(letter);
    }
    close();
  };
  const member = (): void => {
    space();
    string();
    space();
    expect(':');
  };
  /** After a value: a comma and the next one (left to the loop), or the ends of the containers it closes. */
  const close = (): void => {
    for (;;) {
      space();
      const inner = open.at(-1);
      if (inner === undefined) return;
      if (text[i] === ',') {
        i++;
        if (inner === '{') member();
        return;
      }
      expect(inner === '{' ? '}' : ']');
      open.pop();
    }
  };
  try {
    do value();
    while (open.length > 0);
    space();
    if (i < text.length) fail();
    return null;
  } catch (error) {
    if (error instanceof SyntaxAt) return error.offset;
    throw error;
  }
}

class SyntaxAt extends Error {
  constructor(readonly offset: number) {
    super(`not JSON at ${offset}`);
  }
}

/** The 1-based line and column of `offset` in `text`, and that line's text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number; lineText: string } {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < start; i = text.indexOf('\n', i + 1)) line++;
  const end = text.indexOf('\n', start);
  return { line, column: offset - start + 1, lineText: text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '') };
}
