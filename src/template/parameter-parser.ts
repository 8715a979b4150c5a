// The inside of a "{...}" parameter → name, flags, default and inline constraints.
// A port of ASP.NET Core's RouteParameterParser, including its quirks about where a constraint ends:
// "{p:regex(a:b)=x}" keeps "a:b" inside the parentheses, "{p:c(=}" ends the constraint at "=".
import type { ParameterPart } from './ast.js';

/** Parses decoded parameter text such as `*path`, `id:int?` or `p:regex(^a|b$)=a`. */
export function parseParameterText(text: string): ParameterPart {
  let start = 0;
  let end = text.length - 1;
  let isCatchAll = false;
  let encodeSlashes = true;
  let isOptional = false;

  if (text.startsWith('**')) {
    isCatchAll = true;
    encodeSlashes = false;
    start = 2;
  } else if (text.startsWith('*')) {
    isCatchAll = true;
    start = 1;
  }
  if (text.length > 0 && text[end] === '?') {
    isOptional = true;
    end--;
  }

  // The name runs to the first ":" or "=" — except at the very start, where they belong to the name.
  let i = start;
  let name = '';
  while (i <= end) {
    const c = text[i];
    if ((c === ':' || c === '=') && i !== start) {
      name = text.slice(start, i);
      i--;
      break;
    }
    if (i === end) name = text.slice(start, i + 1);
    i++;
  }

  const { constraints, index } = parseConstraints(text, i, end);
  let defaultValue: string | null = null;
  if (index <= end && text[index] === '=') {
    defaultValue = text.slice(index + 1, end + 1);
  }
  return {
    kind: 'parameter',
    name,
    isOptional,
    isCatchAll, // "{*x?}" is rejected by the template parser, not here

    encodeSlashes,
    defaultValue,
    constraints: constraints.length === 0 ? NO_CONSTRAINTS : constraints,
  };
}

/** Most parameters have no inline constraint: they share one empty list (large tables hold thousands). */
const NO_CONSTRAINTS: readonly string[] = Object.freeze([]);

const enum State {
  Start,
  ParsingName,
  InsideParenthesis,
  End,
}

/** The ":c1:c2(args)" run after the name; returns the constraints and where the default ("=") may start. */
function parseConstraints(text: string, from: number, end: number): { constraints: string[]; index: number } {
  const constraints: string[] = [];
  let state: State = State.Start;
  let start = from;
  let i = from;
  do {
    const c = i > end ? null : text[i];
    switch (state) {
      case State.Start:
        if (c === null) state = State.End;
        else if (c === ':') {
          state = State.ParsingName;
          start = i + 1;
        } else if (c === '(') state = State.InsideParenthesis;
        else if (c === '=') {
          state = State.End;
          i--;
        }
        break;
      case State.InsideParenthesis:
        if (c === null) {
          state = State.End;
          constraints.push(text.slice(start, i));
        } else if (c === ')') {
          // A ")" closes the constraint only at the end, before ":" or before "=".
          const next = i + 1 > end ? null : text[i + 1];
          if (next === null) {
            state = State.End;
            constraints.push(text.slice(start, i + 1));
          } else if (next === ':') {
            state = State.Start;
            constraints.push(text.slice(start, i + 1));
            start = i + 1;
          } else if (next === '=') {
            state = State.End;
            constraints.push(text.slice(start, i + 1));
          }
        } else if (c === ':' || c === '=') {
          // Inside unbalanced parentheses a delimiter ends the constraint only if no ")" follows.
          const close = text.indexOf(')', i + 1);
          if (close === -1) {
            constraints.push(text.slice(start, i));
            if (c === ':') {
              state = State.ParsingName;
              start = i + 1;
            } else {
              state = State.End;
              i--;
            }
          } else {
            i = close - 1;
          }
        }
        break;
      case State.ParsingName:
        if (c === null) {
          state = State.End;
          if (i > start) constraints.push(text.slice(start, i));
        } else if (c === ':') {
          if (i > start) constraints.push(text.slice(start, i));
          start = i + 1;
        } else if (c === '(') {
          state = State.InsideParenthesis;
        } else if (c === '=') {
          state = State.End;
          if (i > start) constraints.push(text.slice(start, i));
          i--;
        }
        break;
    }
    i++;
  } while (state !== State.End);
  return { constraints, index: i };
}
