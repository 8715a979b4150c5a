import { describe, expect, it } from 'vitest';
import { formatTemplate, parseTemplate, TemplateParseError } from '../src/index.js';
import { templateCases } from './cases/template-cases.js';

const valid = templateCases.filter((c) => c.expected);
const invalid = templateCases.filter((c) => c.error);

describe('parseTemplate', () => {
  it.each(valid)('parses $template', ({ template, expected }) => {
    const parsed = parseTemplate(template);
    expect({ segments: parsed.segments }).toEqual(expected);
    expect(parsed.text).toBe(template);
    expect(parsed.parameters).toEqual(parsed.segments.flatMap((s) => s.parts.filter((p) => p.kind === 'parameter')));
  });

  it.each(invalid)('rejects $template', ({ template, error }) => {
    let thrown: unknown;
    try {
      parseTemplate(template);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(TemplateParseError);
    const e = thrown as TemplateParseError;
    expect(e.template).toBe(template);
    if (error?.index !== undefined) expect(e.index).toBe(error.index);
    if (error?.reason) expect(e.reason).toMatch(error.reason);
    // The message names the template, the position and the reason.
    expect(e.message).toContain(JSON.stringify(template));
    expect(e.message).toContain(`index ${e.index}`);
    expect(e.message).toContain(e.reason);
  });
});

describe('formatTemplate', () => {
  it.each(valid)('round-trips $template', ({ template }) => {
    const parsed = parseTemplate(template);
    const again = parseTemplate(formatTemplate(parsed));
    expect(again.segments).toEqual(parsed.segments);
  });
});

// Every parse gathers its lists in the same working lists (copied out at their exact size): what one parse
// left there, finished or failed midway, must never reach the next.
describe('parses share their working lists', () => {
  it.each([
    { first: '{a}/{b}/{A}', then: 'x/{y}' }, // fails at its third parameter
    { first: 'a/{*b}/c', then: '{x}.{y?}' }, // fails after its last segment
    { first: '{a}{b}', then: 'p/q/r' }, // fails inside a segment's check
    { first: 'abc/{x', then: '{z}' }, // fails inside a parameter
    { first: 'one/{two}/three.{four}/{*five}', then: 'a' }, // succeeds, longer than the next
    { first: 'x/' + Array.from({ length: 300 }, (_, i) => `{p${i}}`).join('/'), then: '{q}/r' },
  ])('after "$first", "$then" parses as it does alone', ({ first, then }) => {
    const alone = parseTemplate(then);
    const aloneCopy = structuredClone(alone);
    try {
      parseTemplate(first);
    } catch (error) {
      expect(error).toBeInstanceOf(TemplateParseError);
    }
    expect(parseTemplate(then)).toEqual(aloneCopy);
    expect(alone).toEqual(aloneCopy); // and the first result was not changed by the parses after it
  });
});
