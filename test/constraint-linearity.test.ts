// Every built-in constraint answers in time linear in its input, on inputs made to make a backtracking
// regular expression take quadratic time or worse: long runs of the characters each parser treats specially
// (white space, digits, signs, separators, points, exponents, hex, letters of month names), with a spoiler at
// the end so no run can match. A linear check takes about a millisecond on 100,000 characters; a quadratic one
// takes seconds (decimal on 40,000 spaces and an "x" took 978 ms before its white space was trimmed by hand),
// so the bound below is generous and not a stopwatch: it only separates "linear" from "not".
import { describe, expect, it } from 'vitest';
import { ConstraintRegistry, type RouteConstraint } from '../src/constraints.js';
import { builtinConstraints } from '../src/constraints/registry.js';

const N = 100_000;
/** A bound no linear check comes near on a shared two-core machine, and a quadratic one cannot meet. */
const BOUND_MS = 400;

const runs = (unit: string, spoiler = 'x'): string => unit.repeat(Math.ceil(N / unit.length)).slice(0, N) + spoiler;
const INPUTS: [string, string][] = [
  ['spaces then x', runs(' ')],
  ['tabs and newlines then x', runs('\t\n\r\f\v ')],
  ['spaces around a digit, repeated', runs(' 1 ')],
  ['digits then x', runs('1')],
  ['digits then a space and x', runs('1', ' x')],
  ['commas then x', runs(',')],
  ['digits and commas', runs('1,')],
  ['points', runs('.')],
  ['signs', runs('+-')],
  ['exponents', runs('1e')],
  ['e and digits', runs('e1')],
  ['hex pairs', runs('0x')],
  ['hex digits', runs('ab12')],
  ['GUID-like groups', runs('0x0,')],
  ['braces', runs('{')],
  ['dashes', runs('-')],
  ['slashes', runs('/')],
  ['dots and letters (file names)', runs('.a')],
  ['a long dotted name', runs('a.', '')],
  ['letters', runs('a', '1')],
  ['true repeated', runs('true')],
  ['white space and NUL', runs(' \0')],
  ['month names', runs('january ')],
  ['day names', runs('monday, ')],
  ['dates', runs('12/25/')],
  ['times', runs('10:00 ')],
  ['am/pm', runs('10 pm ')],
  ['time zones', runs('+01:00 ')],
  ['infinity', runs('infinity ')],
];

const registry = new ConstraintRegistry();
const CONSTRAINTS: [string, RouteConstraint][] = Object.keys(builtinConstraints)
  .filter((name) => name !== 'regex') // a user's own expression: its cost is the user's
  .map((name) => {
    const args = { minlength: '1', maxlength: '1', length: '1,3', min: '1', max: '1', range: '1,3' }[name];
    return [name, registry.resolve(args === undefined ? name : `${name}(${args})`)] as [string, RouteConstraint];
  });

describe.each(CONSTRAINTS)('%s answers in linear time', (name, constraint) => {
  it('covers the whole catalogue', () => {
    expect(CONSTRAINTS.length).toBeGreaterThanOrEqual(18);
  });
  it.each(INPUTS)('%s', (_label, input) => {
    const started = performance.now();
    const answer = constraint.match(null, null, 'x', { x: input }, 'incoming');
    const elapsed = performance.now() - started;
    expect(typeof answer).toBe('boolean');
    expect(elapsed, `${name} on ${input.length} characters took ${elapsed.toFixed(0)} ms`).toBeLessThan(BOUND_MS);
  });
});
