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
