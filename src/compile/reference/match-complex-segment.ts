// One complex template segment ("{a}-{b}.{c}", "x{id}", "{filename}.{ext?}") against one decoded path
// segment, as ASP.NET's RoutePatternMatcher.MatchComplexSegment does it: the parts are taken from the right;
// each literal is found by searching leftwards from where the text still unconsumed ends, and the parameter
// to its right takes everything between the literal and that end. One search per literal, no backtracking:
// a greedy leftmost parameter and a literal found "too far right" are simply the semantics.
// The reference reads the template segment as it is; the router compiles it once (compile/complex-segment.ts).
import type { ParameterPart, TemplatePart, TemplateSegment } from '../../template/ast.js';
import type { ComparisonKey } from './comparison-key.js';

/** Captured [name, value] pairs, left to right by discovery (right to left in the segment). */
export type Captures = [name: string, value: string][];

/** Matches `text` (decoded) against the segment's parts, comparing by `key`; null when it does not match. */
export function matchComplexSegment(segment: TemplateSegment, text: string, key: ComparisonKey): Captures | null {
  const parts = segment.parts;
  const last = parts.length - 1;
  const lastPart = parts[last];
  const beforeLast = parts[last - 1];
  const optionalExtension = lastPart.kind === 'parameter' && lastPart.isOptional && beforeLast?.kind === 'separator';
  if (!optionalExtension) return matchParts(parts, last, text, key);

  // "{name}.{ext?}": first with the extension ("a.txt")...
  const withExtension = matchParts(parts, last, text, key);
  if (withExtension !== null) return withExtension;
  // ...then "name." (the router's own rule, which ASP.NET Core does not have: a trailing period with no
  // extension after it is dropped, and what is left must match the parts before the period)...
  const period = key(beforeLast.text);
  if (key(text).endsWith(period)) {
    return last >= 2 ? matchParts(parts, last - 2, text.slice(0, text.length - period.length), key) : null;
  }
  // ...then "name": the parts before the period against the whole text.
  return matchParts(parts, last - 2, text, key);
}

/**
 * ASP.NET MatchComplexSegmentCore over parts[0..lastUsed]. `end` is where the text still unmatched ends;
 * `pending` is the parameter that takes the text between the next literal found and `end`.
 */
function matchParts(parts: readonly TemplatePart[], lastUsed: number, text: string, key: ComparisonKey): Captures | null {
  const folded = key(text);
  const captures: Captures = [];
  let end = text.length;
  let pending: ParameterPart | null = null;
  for (let i = lastUsed; i >= 0; i--) {
    const part = parts[i];
    if (part.kind === 'parameter') {
      pending = part;
      if (i === 0) {
        // The leftmost parameter takes everything left.
        if (end === 0) return null; // every parameter captures at least one character
        captures.push([part.name, text.slice(0, end)]);
      }
      continue;
    }
    const literal = key(part.text);
    // The literal must lie wholly before `end`, one character short of it when a parameter waits to its right.
    const searchEnd = end - (pending !== null ? 1 : 0);
    if (searchEnd - literal.length < 0) return null;
    const at = folded.lastIndexOf(literal, searchEnd - literal.length);
    if (at < 0) return null;
    // The template's last part, when a literal, must end the segment: "{a}x" does not match "1xy". (As in
    // ASP.NET this is checked for the template's last part only, not for the last part of a shortened try.)
    if (i === parts.length - 1 && at + literal.length !== text.length) return null;
    if (pending !== null) {
      captures.push([pending.name, text.slice(at + literal.length, end)]);
      pending = null;
    }
    end = at;
  }
  // A leading literal must start the segment ("x{a}" does not match "yx1"); a leading parameter took the rest.
  return end === 0 || parts[0].kind === 'parameter' ? captures : null;
}
