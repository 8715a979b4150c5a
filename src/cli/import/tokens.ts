// C# source as tokens, for `switchyard import`: identifiers, literals with their values decoded (regular,
// verbatim, interpolated and raw strings, chars, numbers) and punctuation, each with its offset and line.
// Comments and preprocessor lines are dropped. One pass over the text, no regular expression over it: every
// character is looked at a bounded number of times, so a hostile file costs time linear in its size.

/** One part of an interpolated string: literal text, or a hole's tokens (null when it has a format or alignment). */
export type InterpolationPart = string | { readonly tokens: readonly Token[] | null; readonly text: string };

export type Token =
  | { readonly kind: 'ident'; readonly value: string; readonly start: number; readonly end: number; readonly line: number }
  | { readonly kind: 'string'; readonly value: string; readonly start: number; readonly end: number; readonly line: number }
  | { readonly kind: 'interpolated'; readonly parts: readonly InterpolationPart[]; readonly start: number; readonly end: number; readonly line: number }
  | { readonly kind: 'char'; readonly value: string; readonly start: number; readonly end: number; readonly line: number }
  | { readonly kind: 'number'; readonly value: string; readonly start: number; readonly end: number; readonly line: number }
  | { readonly kind: 'punct'; readonly value: string; readonly start: number; readonly end: number; readonly line: number };

/** A file that does not tokenize (an unterminated string or comment): where, and why. */
export class CSharpSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

const isIdentStart = (c: string): boolean => /[A-Za-z_\u00C0-\uFFFF]/.test(c);
const isIdentPart = (c: string): boolean => /[\w\u00C0-\uFFFF]/.test(c);
const isDigit = (c: string): boolean => c >= '0' && c <= '9';
/** C#'s line terminators: CR, LF (CR LF is one), U+0085, U+2028, U+2029. A file of lone CRs (classic Mac) has lines too. */
const isNewLine = (c: string | undefined): boolean => c === '\n' || c === '\r' || c === '\u0085' || c === '\u2028' || c === '\u2029';

/** How deep interpolated strings may nest in each other's holes before the file is refused (not followed down the stack). */
export const MAX_INTERPOLATION_DEPTH = 64;

/** The tokens of a C# source text. */
export function tokenize(text: string): Token[] {
  const lexer = new Lexer(text);
  const tokens = lexer.tokens(null);
  return tokens;
}

class Lexer {
  pos = 0;
  line = 1;
  /** Interpolation holes open around the current position. */
  holes = 0;
  constructor(readonly text: string) {}

  /** Tokens up to the end, or (in an interpolation hole) up to the `}` that closes it at depth 0, or a `,`/`:` there. */
  tokens(hole: { stops: boolean } | null): Token[] {
    const out: Token[] = [];
    const { text } = this;
    let depth = 0;
    // At a line's start (only blanks before): a '#' begins a preprocessor line.
    let lineStart = true;
    while (this.pos < text.length) {
      const c = text[this.pos];
      if (isNewLine(c)) {
        this.take();
        lineStart = true;
        continue;
      }
      if (c === ' ' || c === '\t' || c === '\f' || c === '\v' || c === '\uFEFF') {
        this.pos++;
        continue;
      }
      if (c === '#' && lineStart && hole === null) {
        while (this.pos < text.length && !isNewLine(text[this.pos])) this.pos++;
        continue;
      }
      lineStart = false;
      if (c === '/' && text[this.pos + 1] === '/') {
        while (this.pos < text.length && !isNewLine(text[this.pos])) this.pos++;
        continue;
      }
      if (c === '/' && text[this.pos + 1] === '*') {
        const line = this.line;
        this.pos += 2;
        while (this.pos < text.length && !(text[this.pos] === '*' && text[this.pos + 1] === '/')) this.advance();
        if (this.pos >= text.length) throw new CSharpSyntaxError(line, 'a /* comment is not closed');
        this.pos += 2;
        continue;
      }
      if (hole !== null && depth === 0 && (c === '}' || ((c === ',' || c === ':') && hole.stops))) return out;
      const start = this.pos;
      const line = this.line;
      const stringToken = this.stringAt();
      if (stringToken !== null) {
        out.push(stringToken);
        continue;
      }
      if (c === "'") {
        this.pos++;
        const value = text[this.pos] === '\\' ? this.escape() : this.take();
        if (text[this.pos] !== "'") throw new CSharpSyntaxError(line, 'a char literal is not closed');
        this.pos++;
        out.push({ kind: 'char', value, start, end: this.pos, line });
        continue;
      }
      if (isDigit(c) || (c === '.' && isDigit(text[this.pos + 1] ?? ''))) {
        while (this.pos < text.length && /[\w.]/.test(text[this.pos]) && !(text[this.pos] === '.' && !isDigit(text[this.pos + 1] ?? ''))) this.pos++;
        out.push({ kind: 'number', value: text.slice(start, this.pos), start, end: this.pos, line });
        continue;
      }
      if (isIdentStart(c) || (c === '@' && isIdentStart(text[this.pos + 1] ?? ''))) {
        if (c === '@') this.pos++;
        const from = this.pos;
        while (this.pos < text.length && isIdentPart(text[this.pos])) this.pos++;
        out.push({ kind: 'ident', value: text.slice(from, this.pos), start, end: this.pos, line });
        continue;
      }
      // Punctuation: one char, but `=>` is one token (a lambda or an expression body).
      const value = c === '=' && text[this.pos + 1] === '>' ? '=>' : c;
      this.pos += value.length;
      if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') depth--;
      out.push({ kind: 'punct', value, start, end: this.pos, line });
    }
    if (hole !== null) throw new CSharpSyntaxError(this.line, 'an interpolated string is not closed');
    return out;
  }

  /** The next char, counting lines (CR LF counted once, at its LF). */
  take(): string {
    const c = this.text[this.pos++];
    if (isNewLine(c) && !(c === '\r' && this.text[this.pos] === '\n')) this.line++;
    return c ?? '';
  }

  advance(): void {
    this.take();
  }

  /** A string literal starting here ("…", @"…", $"…", $@"…", @$"…", """…""", $$"""…"""), or null. */
  stringAt(): Token | null {
    const { text } = this;
    const start = this.pos;
    const line = this.line;
    let at = this.pos;
    let dollars = 0;
    let verbatim = false;
    while (text[at] === '$') {
      dollars++;
      at++;
    }
    if (text[at] === '@') {
      verbatim = true;
      at++;
      while (text[at] === '$') {
        dollars++;
        at++;
      }
    }
    if (text[at] !== '"') return null;
    if (!verbatim && text.startsWith('"""', at)) {
      this.pos = at;
      return this.raw(start, line, dollars);
    }
    this.pos = at + 1;
    const parts: InterpolationPart[] = [];
    let chunk = '';
    for (;;) {
      if (this.pos >= text.length) throw new CSharpSyntaxError(line, 'a string literal is not closed');
      const c = text[this.pos];
      if (c === '"') {
        if (verbatim && text[this.pos + 1] === '"') {
          chunk += '"';
          this.pos += 2;
          continue;
        }
        this.pos++;
        break;
      }
      if (isNewLine(c) && !verbatim) throw new CSharpSyntaxError(line, 'a string literal is not closed on its line');
      if (c === '\\' && !verbatim) {
        chunk += this.escape();
        continue;
      }
      if (dollars > 0 && (c === '{' || c === '}')) {
        if (text[this.pos + 1] === c) {
          chunk += c;
          this.pos += 2;
          continue;
        }
        if (c === '}') throw new CSharpSyntaxError(this.line, 'a lone } in an interpolated string');
        parts.push(chunk);
        chunk = '';
        parts.push(this.hole(1));
        continue;
      }
      chunk += this.take();
    }
    if (dollars === 0) return { kind: 'string', value: chunk, start, end: this.pos, line };
    parts.push(chunk);
    return { kind: 'interpolated', parts, start, end: this.pos, line };
  }

  /** An interpolation hole from its `{` (`braces` of them): its tokens, or null tokens when it has a format or alignment. */
  hole(braces: number): InterpolationPart {
    const from = this.pos;
    this.pos += braces;
    if (++this.holes > MAX_INTERPOLATION_DEPTH) throw new CSharpSyntaxError(this.line, `interpolated strings nested more than ${MAX_INTERPOLATION_DEPTH} deep`);
    const tokens = this.tokens({ stops: true });
    this.holes--;
    let formatted = false;
    if (this.text[this.pos] === ',' || this.text[this.pos] === ':') {
      formatted = true;
      while (this.pos < this.text.length && this.text[this.pos] !== '}') this.take();
    }
    if (this.text[this.pos] !== '}') throw new CSharpSyntaxError(this.line, 'an interpolation hole is not closed');
    this.pos += braces;
    return { tokens: formatted ? null : tokens, text: this.text.slice(from, this.pos) };
  }

  /** A raw string literal ("""…""", possibly interpolated with `dollars` $): its content with the indentation of its closing line removed. */
  raw(start: number, line: number, dollars: number): Token {
    const { text } = this;
    let quotes = 0;
    while (text[this.pos] === '"') {
      quotes++;
      this.pos++;
    }
    const close = '"'.repeat(quotes);
    const parts: InterpolationPart[] = [];
    let chunk = '';
    const open = '{'.repeat(Math.max(dollars, 1));
    for (;;) {
      if (this.pos >= text.length) throw new CSharpSyntaxError(line, 'a raw string literal is not closed');
      if (text.startsWith(close, this.pos)) {
        this.pos += quotes;
        break;
      }
      if (dollars > 0 && text.startsWith(open, this.pos) && text[this.pos + dollars] !== '{') {
        parts.push(chunk);
        chunk = '';
        parts.push(this.hole(dollars));
        continue;
      }
      chunk += this.take();
    }
    parts.push(chunk);
    // A multi-line raw string: drop the first and last lines, and the closing line's indentation from each line.
    const whole = parts.join('\u0000');
    if (whole.includes('\n')) {
      const lines = parts.map((p) => (typeof p === 'string' ? p : p));
      const first = lines[0] as string;
      const last = lines[lines.length - 1] as string;
      const indent = last.slice(last.lastIndexOf('\n') + 1);
      lines[0] = first.slice(first.indexOf('\n') + 1);
      const lastIndex = lines.length - 1;
      const trimmedLast = lines[lastIndex] as string;
      lines[lastIndex] = trimmedLast.slice(0, Math.max(0, trimmedLast.lastIndexOf('\n')));
      const dedent = (s: string, atLineStart: boolean): string =>
        s
          .split('\n')
          .map((l, i) => ((i > 0 || atLineStart) && l.startsWith(indent) ? l.slice(indent.length) : l))
          .join('\n')
          .replace(/\r$/gm, '');
      for (let i = 0; i < lines.length; i++) {
        const p = lines[i];
        if (typeof p === 'string') lines[i] = dedent(p, i === 0);
      }
      parts.splice(0, parts.length, ...lines);
    }
    if (dollars === 0) return { kind: 'string', value: parts.join(''), start, end: this.pos, line };
    return { kind: 'interpolated', parts, start, end: this.pos, line };
  }

  /** A backslash escape from here: its value. */
  escape(): string {
    const { text } = this;
    const next = text[this.pos + 1];
    this.pos += 2;
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', a: '\x07', b: '\b', f: '\f', v: '\v', e: '\x1b', '\\': '\\', '"': '"', "'": "'" };
    if (next !== undefined && Object.hasOwn(simple, next)) return simple[next];
    const hexDigits = (max: number, min: number): string => {
      let digits = '';
      while (digits.length < max && /[0-9A-Fa-f]/.test(text[this.pos] ?? '')) digits += text[this.pos++];
      if (digits.length < min) throw new CSharpSyntaxError(this.line, `a bad \\${next} escape`);
      return digits;
    };
    if (next === 'u') return String.fromCharCode(parseInt(hexDigits(4, 4), 16));
    if (next === 'U') {
      const code = parseInt(hexDigits(8, 8), 16);
      if (code > 0x10ffff) throw new CSharpSyntaxError(this.line, `a \\U escape beyond U+10FFFF (\\U${code.toString(16).toUpperCase().padStart(8, '0')})`);
      return String.fromCodePoint(code);
    }
    if (next === 'x') return String.fromCharCode(parseInt(hexDigits(4, 1), 16));
    throw new CSharpSyntaxError(this.line, `an unknown escape \\${next ?? ''}`);
  }
}
