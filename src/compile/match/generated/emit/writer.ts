// Source text with indentation, and the one way route strings enter it as literals (and as comments).

/** A JavaScript string literal for any text (JSON.stringify leaves U+2028/U+2029 raw, which ends a // comment). */
export function quote(text: string): string {
  const json = JSON.stringify(text);
  return json.indexOf('\u2028') < 0 && json.indexOf('\u2029') < 0 ? json : json.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * Route text inside a comment: a string literal (quote(): no line break of any kind) in which a slash after a
 * star is escaped (`*\/`, the same string), so that no text ends a comment of either kind.
 */
export function quoteInComment(text: string): string {
  const quoted = quote(text);
  return quoted.indexOf('*/') < 0 ? quoted : quoted.replace(/\*\//g, '*\\/');
}

/** Lines of source, indented two spaces per open block. */
export class Writer {
  readonly lines: string[] = [];
  private indent = '';
  line(text: string): void {
    this.lines.push(this.indent + text);
  }
  open(text: string): void {
    this.line(text);
    this.indent += '  ';
  }
  close(text = '}'): void {
    this.indent = this.indent.slice(2);
    this.line(text);
  }
  /** Closes a block and opens the next one on the same line ("} else {"). */
  reopen(text: string): void {
    this.indent = this.indent.slice(2);
    this.open(text);
  }
}
