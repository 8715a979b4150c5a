// Matching one complex segment ("{a}-{b}.{c}", "{filename}.{ext?}") against one decoded path segment by
// literal search from the right, as ASP.NET's RoutePatternMatcher.MatchComplexSegment does. Each literal is
// found with one lastIndexOf, so the cost is linear in the segment length times the literal count: there is
// no backtracking, whatever the input ("{a}-{b}-{c}-{d}" against a run of dashes included).
import type { TemplateSegment } from '../template/ast.js';
import type { Fold } from './case-fold.js';

type PatternPart = { readonly literal: string } | { readonly slot: number };

/** A complex segment ready for matching: folded literals, parameters numbered left to right. */
export interface ComplexPattern {
  readonly parts: readonly PatternPart[];
  /** Parameter names by slot (the template's own spelling). */
  readonly names: readonly string[];
  /** The last part is an optional parameter after a separator ("{name}.{ext?}"). */
  readonly hasOptionalExtension: boolean;
  /** Equal for patterns that match the same texts the same way (names aside): the trie shares their edge. */
  readonly key: string;
  /** The table's fold (case-fold.ts): the literals are folded by it, and so is the text they are searched in. */
  readonly fold: Fold;
  /**
   * matchComplexSegment() of this pattern: the matchers call it through the pattern, so that the code of complex
   * segments is in a built module's bundle only when one of its routes has one (the module imports the compiler).
   */
  readonly match: (text: string) => (string | undefined)[] | null;
}

/** Prepares a complex template segment for matching. */
export function compileComplexSegment(segment: TemplateSegment, fold: Fold): ComplexPattern {
  const names: string[] = [];
  const parts: PatternPart[] = segment.parts.map((part) => {
    if (part.kind === 'parameter') {
      names.push(part.name);
      return { slot: names.length - 1 };
    }
    return { literal: fold(part.text) };
  });
  const last = segment.parts[segment.parts.length - 1];
  const hasOptionalExtension =
    last.kind === 'parameter' && last.isOptional && segment.parts[segment.parts.length - 2]?.kind === 'separator';
  const key = parts.map((p) => ('literal' in p ? `L${JSON.stringify(p.literal)}` : 'P')).join('') + (hasOptionalExtension ? '?' : '');
  const pattern: ComplexPattern = { parts, names, hasOptionalExtension, key, fold, match: (text) => matchComplexSegment(pattern, text) };
  return pattern;
}

/**
 * Matches `text` (decoded) against the pattern; returns the parameter values by slot (an absent optional
 * extension is undefined), or null. Every parameter must capture at least one character.
 */
export function matchComplexSegment(pattern: ComplexPattern, text: string): (string | undefined)[] | null {
  const folded = pattern.fold(text);
  const lastPart = pattern.parts.length - 1;
  if (!pattern.hasOptionalExtension) return matchFromRight(pattern, text, folded, lastPart);

  const full = matchFromRight(pattern, text, folded, lastPart);
  if (full) return full;
  const separator = pattern.parts[lastPart - 1] as { literal: string };
  if (folded.endsWith(separator.literal)) {
    // "files/{filename}.{ext?}" also matches "myFile." (filename followed by a trailing period): the
    // period is dropped and the rest matched. ASP.NET Core rejects that case; our matching rules accept it.
    if (lastPart - 2 < 0) return null;
    const cut = text.length - separator.literal.length;
    return matchFromRight(pattern, text.slice(0, cut), folded.slice(0, cut), lastPart - 2);
  }
  // "myFile": match again without the extension and its period.
  return matchFromRight(pattern, text, folded, lastPart - 2);
}

/** ASP.NET MatchComplexSegmentCore over parts [0..lastUsed]. */
function matchFromRight(
  pattern: ComplexPattern,
  text: string,
  folded: string,
  lastUsed: number,
): (string | undefined)[] | null {
  const values: (string | undefined)[] = new Array(pattern.names.length);
  let lastIndex = text.length;
  let pendingSlot = -1; // a parameter waiting for the literal to its left
  let lastLiteral: string | null = null;

  for (let i = lastUsed; i >= 0; i--) {
    const part = pattern.parts[i];
    let newLastIndex = lastIndex;
    if ('slot' in part) {
      pendingSlot = part.slot;
    } else {
      lastLiteral = part.literal;
      // The literal must end before lastIndex, leaving one character for a pending parameter.
      const limit = lastIndex - (pendingSlot >= 0 ? 1 : 0);
      const from = limit - part.literal.length;
      if (from < 0) return null;
      const found = folded.lastIndexOf(part.literal, from);
      if (found < 0) return null;
      // The rightmost part, when a literal, must sit at the very end ("{a}x" must not match "1xy").
      if (i === pattern.parts.length - 1 && found + part.literal.length !== text.length) return null;
      newLastIndex = found;
    }

    if (pendingSlot >= 0 && ((lastLiteral !== null && !('slot' in part)) || i === 0)) {
      let start: number;
      let length: number;
      if (lastLiteral === null || ('slot' in part && i === 0)) {
        start = 0;
        length = lastIndex;
      } else {
        start = newLastIndex + lastLiteral.length;
        length = lastIndex - start;
      }
      if (length <= 0) return null;
      values[pendingSlot] = text.substr(start, length);
      pendingSlot = -1;
      lastLiteral = null;
    }
    lastIndex = newLastIndex;
  }
  // A leading literal must have consumed the text up to its very start ("x{a}" must not match "yx1").
  return lastIndex === 0 || 'slot' in pattern.parts[0] ? values : null;
}
