// parseTemplate: route template text → RouteTemplate, following ASP.NET Core's RoutePatternParser
// (classic routing) rule for rule, plus the position of every error.
import { TemplateParseError } from '../errors.js';
import { freezeTemplate, type LiteralPart, type ParameterPart, type RouteTemplate, type TemplatePart, type TemplateSegment } from './ast.js';
import { parseParameterText } from './parameter-parser.js';
import { nameKey } from '../name-key.js';

// Characters a parameter name may not contain (ASP.NET: InvalidParameterNameChars).
const INVALID_NAME_CHARS = /[/{}?*]/;

/** Parses a route template; throws TemplateParseError naming the template, the index and the reason. */
export function parseTemplate(template: string): RouteTemplate {
  if (typeof template !== 'string') {
    throw new TypeError('parseTemplate: the template must be a string');
  }
  return new Parser(template).parse();
}

class Parser {
  private i = 0;
  /** The parameters' names, lower-cased: made at a template's second parameter (most have one or none). */
  private names: Set<string> | null = null;
  /** The parameters found so far (in parametersFound). */
  private parameterCount = 0;
  /** Where the first catch-all parameter starts (-1: none yet), and the index of its segment. */
  private catchAllStart = -1;
  private catchAllSegment = -1;
  // The template's lists are gathered here and copied out at their exact size (slice): a list's first push
  // reserves room for 17 items, which a template kept for the router's lifetime would carry. partsFound is
  // reused for every segment.
  private readonly partsFound: TemplatePart[] = [];
  /** The template offset of each part of the segment being parsed, so segment-level errors can point at it. */
  private readonly partStarts: number[] = [];
  private readonly segmentsFound: TemplateSegment[] = [];
  private readonly parametersFound: ParameterPart[] = [];

  constructor(private readonly text: string) {}

  private fail(index: number, reason: string): never {
    throw new TemplateParseError(this.text, index, reason);
  }

  parse(): RouteTemplate {
    const t = this.text;
    // A leading "/" or "~/" is accepted and ignored (as ASP.NET Core does since 2.2).
    if (t.startsWith('~/')) this.i = 2;
    else if (t.startsWith('/')) this.i = 1;
    else if (t.startsWith('~')) this.fail(0, 'a template cannot start with "~" unless it is followed by "/"');

    let segmentCount = 0;
    while (this.i < t.length) {
      if (t[this.i] === '/') {
        this.fail(this.i, 'the separator "/" cannot appear twice in a row (empty segment)');
      }
      const parts = this.parseSegment(segmentCount);
      this.segmentsFound[segmentCount++] = { parts };
      // parseSegment stops at a "/" or at the end; step over the "/".
      if (this.i < t.length) this.i++;
    }
    // A catch-all can only be the last segment, checked once every segment is known (checkSegment has
    // already refused one that shares its segment with other parts).
    if (this.catchAllSegment >= 0 && this.catchAllSegment !== segmentCount - 1) {
      this.fail(this.catchAllStart, 'a catch-all parameter can only appear as the last segment');
    }
    return freezeTemplate({ text: t, segments: this.segmentsFound.slice(0, segmentCount), parameters: this.parametersFound.slice(0, this.parameterCount) });
  }

  private parseSegment(index: number): TemplatePart[] {
    const t = this.text;
    let count = 0;
    while (this.i < t.length && t[this.i] !== '/') {
      this.partStarts[count] = this.i;
      if (t[this.i] === '{' && t[this.i + 1] !== '{') {
        const parameter = this.parseParameter();
        this.partsFound[count++] = parameter;
        if (parameter.isCatchAll && this.catchAllStart < 0) {
          this.catchAllStart = this.partStarts[count - 1];
          this.catchAllSegment = index;
        }
      } else {
        this.partsFound[count++] = this.parseLiteral();
      }
    }
    const segment = this.partsFound.slice(0, count);
    this.checkSegment(segment, this.partStarts);
    return segment;
  }

  /** Literal text up to the next "/" or unescaped "{"; "{{" and "}}" stand for one brace. */
  private parseLiteral(): LiteralPart {
    const t = this.text;
    const start = this.i;
    // The text is sliced in runs between escaped braces, not built a character at a time (one string per
    // character made a large table's build mostly garbage collection).
    let text = '';
    let from = start;
    while (this.i < t.length) {
      const c = t[this.i];
      if (c === '/') break;
      if (c === '{') {
        if (t[this.i + 1] === '{') {
          text += t.slice(from, this.i + 1);
          this.i += 2;
          from = this.i;
          continue;
        }
        break; // start of a parameter
      }
      if (c === '}') {
        if (t[this.i + 1] === '}') {
          text += t.slice(from, this.i + 1);
          this.i += 2;
          from = this.i;
          continue;
        }
        this.fail(this.i, 'unmatched "}" (write "}}" for a literal brace)');
      }
      if (c === '?') {
        this.fail(this.i, `the literal section "${literalAt(t, start)}" cannot contain "?"`);
      }
      this.i++;
    }
    return { kind: 'literal', text: from === start ? t.slice(start, this.i) : text + t.slice(from, this.i) };
  }

  /** A parameter from "{" to its closing "}"; braces inside it must be doubled. */
  private parseParameter(): ParameterPart {
    const t = this.text;
    const open = this.i;
    this.i++; // past "{"
    let inner = '';
    let from = this.i; // the run not yet added to `inner`, as in parseLiteral
    for (;;) {
      if (this.i >= t.length) this.fail(open, 'unmatched "{" (the parameter is not closed)');
      const c = t[this.i];
      if (c === '{') {
        if (t[this.i + 1] === '{') {
          inner += t.slice(from, this.i + 1);
          this.i += 2;
          from = this.i;
          continue;
        }
        this.fail(this.i, 'unescaped "{" inside a parameter (write "{{")');
      }
      if (c === '}') {
        if (t[this.i + 1] === '}') {
          inner += t.slice(from, this.i + 1);
          this.i += 2;
          from = this.i;
          continue;
        }
        inner += t.slice(from, this.i);
        this.i++; // past the closing "}"
        break;
      }
      this.i++;
    }

    const parsed = parseParameterText(inner);
    if (parsed.isCatchAll && inner.endsWith('?')) {
      this.fail(open, 'a catch-all parameter cannot be optional');
    }
    if (parsed.isOptional && parsed.defaultValue !== null) {
      this.fail(open, `the optional parameter "${parsed.name}" cannot have a default value`);
    }
    const name = parsed.name;
    if (name.length === 0) this.fail(open + 1, 'the parameter name is empty');
    const bad = INVALID_NAME_CHARS.exec(name);
    if (bad) {
      this.fail(open + 1, `the parameter name "${name}" is invalid: it cannot contain "${bad[0]}"`);
    }
    if (this.parameterCount > 0) {
      const key = nameKey(name);
      if (this.names === null) this.names = new Set([nameKey(this.parametersFound[0]!.name)]);
      if (this.names.has(key)) {
        this.fail(open + 1, `the parameter name "${name}" is repeated (names are case-insensitive)`);
      }
      this.names.add(key);
    }
    this.parametersFound[this.parameterCount++] = parsed;
    return parsed;
  }

  /** Rules for one segment (ASP.NET IsSegmentValid), checked in ASP.NET's order. */
  private checkSegment(parts: TemplatePart[], starts: readonly number[]): void {
    if (parts.length > 1) {
      for (let j = 0; j < parts.length; j++) {
        const part = parts[j];
        if (part.kind === 'parameter' && part.isCatchAll) {
          this.fail(starts[j], 'a segment with more than one part cannot contain a catch-all parameter');
        }
      }
      for (let j = 0; j < parts.length; j++) {
        const part = parts[j];
        if (part.kind !== 'parameter' || !part.isOptional) continue;
        if (j !== parts.length - 1) {
          this.fail(starts[j], `the optional parameter "${part.name}" must be the last part of its segment`);
        }
        const previous = parts[j - 1];
        if (previous.kind !== 'literal' || previous.text !== '.') {
          this.fail(
            starts[j],
            `the optional parameter "${part.name}" can only be preceded by a period "." in a complex segment`,
          );
        }
        // files/{filename}.{ext?} — that period is written/required only with the extension.
        parts[j - 1] = { kind: 'separator', text: '.' };
      }
    }
    for (let j = 1; j < parts.length; j++) {
      if (parts[j].kind === 'parameter' && parts[j - 1].kind === 'parameter') {
        this.fail(starts[j], 'two parameters must be separated by a literal (consecutive parameters)');
      }
    }
  }
}

function literalAt(text: string, start: number): string {
  const end = text.slice(start).search(/[/{]/);
  return end < 0 ? text.slice(start) : text.slice(start, start + end);
}
