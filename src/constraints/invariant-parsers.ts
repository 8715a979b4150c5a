// Convertibility checks with .NET invariant-culture rules (int.TryParse, decimal.TryParse, Guid.TryParse...).
// They only answer "would this convert?"; route values stay strings.

// .NET trims these around numbers (NumberStyles.AllowLeadingWhite/AllowTrailingWhite).
const WS = '[\\t\\n\\v\\f\\r ]*';

/** Is `code` one of the white-space characters .NET trims around a number (tab, LF, VT, FF, CR, space)? */
const isNumberWhite = (code: number): boolean => code === 32 || (code >= 9 && code <= 13);

/**
 * `text` without the white space .NET allows around a number. Trimmed by hand, not inside the regex: in a
 * pattern whose middle can be empty (decimal, double), two white-space runs side by side can split one run in
 * n ways: quadratic backtracking on a long run of spaces.
 */
function trimNumberWhite(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isNumberWhite(text.charCodeAt(start))) start++;
  while (end > start && isNumberWhite(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

// No "0*" before the digits: two adjacent runs over "0" would backtrack quadratically; BigInt drops zeros.
const INTEGER = new RegExp(`^${WS}([+-]?)([0-9]+)${WS}$`);
/** The bounds of .NET's Int32 and Int64 (int, long; min, max and range default to Int64's). */
export const INT32_MIN = -2147483648n;
export const INT32_MAX = 2147483647n;
export const INT64_MIN = -9223372036854775808n;
export const INT64_MAX = 9223372036854775807n;

/** NumberStyles.Integer: optional sign, digits, surrounding white space; null when not an integer. */
export function parseInvariantInteger(text: string): bigint | null {
  const m = INTEGER.exec(text);
  if (!m) return null;
  const magnitude = BigInt(m[2]);
  return m[1] === '-' ? -magnitude : magnitude;
}

/** int.TryParse (32-bit signed). */
export function isInt32(text: string): boolean {
  const n = parseInvariantInteger(text);
  return n !== null && n >= INT32_MIN && n <= INT32_MAX;
}

/** long.TryParse (64-bit signed). */
export function isInt64(text: string): boolean {
  const n = parseInvariantInteger(text);
  return n !== null && n >= INT64_MIN && n <= INT64_MAX;
}

/** long.TryParse returning the value, for min/max/range. */
export function parseInt64(text: string): bigint | null {
  const n = parseInvariantInteger(text);
  return n !== null && n >= INT64_MIN && n <= INT64_MAX ? n : null;
}

// NumberStyles.Number: sign before or after, thousands separators, a decimal point; no exponent.
const DECIMAL = /^([+-]?)([0-9,]*)(?:\.([0-9]*))?([+-]?)$/;
const DECIMAL_MAX = 79228162514264337593543950335n;

/** decimal.TryParse with the invariant culture. */
export function isDecimal(text: string): boolean {
  const m = DECIMAL.exec(trimNumberWhite(text));
  if (!m) return false;
  const [, lead, int, frac = '', trail] = m;
  if (lead && trail) return false;
  const digits = int.replace(/,/g, '');
  if (digits.length === 0 && frac.length === 0) return false;
  if (int.length > 0 && digits.length === 0) return false; // only separators
  // Rounded to 28-29 significant digits, so only the integer part can overflow.
  const whole = BigInt(digits.length > 0 ? digits : '0');
  return whole < DECIMAL_MAX || (whole === DECIMAL_MAX && !/[1-9]/.test(frac));
}

// NumberStyles.Float | AllowThousands: sign, thousands, decimal point, exponent.
const FLOAT = /^[+-]?([0-9,]*)(?:\.([0-9]*))?(?:[eE][+-]?[0-9]+)?$/;
const FLOAT_SYMBOL = /^[+-]?(?:infinity|nan|∞)$/i;

/**
 * double.TryParse / float.TryParse (invariant). Since .NET Core 3.0 an overflow parses as ±Infinity
 * instead of failing, so float and double accept the same texts.
 */
export function isFloatingPoint(text: string): boolean {
  const t = trimNumberWhite(text);
  if (FLOAT_SYMBOL.test(t)) return true;
  const m = FLOAT.exec(t);
  if (!m) return false;
  const int = m[1];
  const frac = m[2] ?? '';
  const digits = int.replace(/,/g, '');
  if (digits.length === 0 && frac.length === 0) return false;
  return !(int.length > 0 && digits.length === 0);
}

// float.MaxValue; a finite value past it rounds to Infinity in single precision.
const SINGLE_MAX = 3.4028234663852886e38;

/**
 * float.TryParse as classic routing ran it: a floating-point text whose value fits in single precision.
 * "1e39" and "1.79769313486232E+300" are doubles, not floats; the symbols NaN and ±Infinity are floats.
 */
export function isSinglePrecision(text: string): boolean {
  if (FLOAT_SYMBOL.test(trimNumberWhite(text))) return true;
  if (!isFloatingPoint(text)) return false;
  const value = Number(text.replace(/,/g, '').trim());
  // Math.fround rounds to the nearest float: only values beyond float.MaxValue (by more than half an ulp) overflow.
  return Math.abs(Math.fround(value)) <= SINGLE_MAX;
}

// The expressions of Guid.TryParse, made on its first call: a bundle that never checks a GUID carries none of them
// (a module-level expression built from a template string is kept by a bundler even when nothing reads it).
let guidFormats: { readonly formats: readonly RegExp[]; readonly x: RegExp } | undefined;
function guidFormatsOf(): NonNullable<typeof guidFormats> {
  if (guidFormats !== undefined) return guidFormats;
  const HEX = '[0-9a-fA-F]';
  const GUID_D = `${HEX}{8}-${HEX}{4}-${HEX}{4}-${HEX}{4}-${HEX}{12}`;
  const X = `0[xX]${HEX}`;
  return (guidFormats = {
    formats: [
      new RegExp(`^${HEX}{32}$`), // N
      new RegExp(`^${GUID_D}$`), // D
      new RegExp(`^\\{${GUID_D}\\}$`), // B
      new RegExp(`^\\(${GUID_D}\\)$`), // P
    ],
    // X: {0xdddddddd,0xdddd,0xdddd,{0xdd,0xdd,0xdd,0xdd,0xdd,0xdd,0xdd,0xdd}}; white space inside is ignored.
    x: new RegExp(`^\\{${X}{1,8},${X}{1,4},${X}{1,4},\\{${X}{1,2}(?:,${X}{1,2}){7}\\}\\}$`),
  });
}

/** Guid.TryParse: the N, D, B, P and X formats, surrounding white space allowed. */
export function isGuid(text: string): boolean {
  const t = text.trim();
  const { formats, x } = guidFormatsOf();
  return formats.some((re) => re.test(t)) || x.test(t.replace(/\s+/g, ''));
}

const BOOL = /^[\s\0]*(true|false)[\s\0]*$/i;

/** bool.TryParse: "true" or "false" in any case, surrounding white space allowed. */
export function isBoolean(text: string): boolean {
  return BOOL.test(text);
}

// --- DateTime.TryParse(text, InvariantCulture): the common invariant shapes ---

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\\.?';
const DAY_NAME = '(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun),?\\s+)?';
// Each optional part brings its own leading white space, so no two \s* runs are adjacent (no quadratic backtracking).
const TIME = '(\\d{1,2})(?::(\\d{1,2})(?::(\\d{1,2})(?:\\.(\\d{1,7}))?)?)?(?:\\s*(am|pm|a|p))?';
const ZONE = '(?:\\s*(z|gmt|utc|[+-]\\d{1,2}(?::?\\d{2})?))?';

interface DateShape {
  re: RegExp;
  /** Maps the match to [year, month, day, time-match offset]; time groups follow at the offset. */
  read: (m: RegExpExecArray) => [number, number, number, number];
}

const monthOf = (name: string): number => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
// The shapes' expressions, made on the first date checked: a bundle that never checks one carries none of them.
let dateShapes: { readonly shapes: readonly DateShape[]; readonly timeOnly: RegExp } | undefined;
function dateShapesOf(): NonNullable<typeof dateShapes> {
  if (dateShapes !== undefined) return dateShapes;
  const OPT_TIME = `(?:(?:\\s+|t)${TIME}${ZONE})?`;
  const shapes: DateShape[] = [
    // 2009-05-12, 2009/05/12, 2009.05.12 (+ time): year first
    { re: new RegExp(`^(\\d{4})([-/.])(\\d{1,2})\\2(\\d{1,2})${OPT_TIME}$`, 'i'), read: (m) => [+m[1], +m[3], +m[4], 5] },
    // 12/25/2009, 12-25-2009, 12.25.2009 (+ time): month first, as the invariant culture's MM/dd/yyyy
    { re: new RegExp(`^(\\d{1,2})([-/.])(\\d{1,2})\\2(\\d{4}|\\d{2})${OPT_TIME}$`, 'i'), read: (m) => [year(m[4]), +m[1], +m[3], 5] },
    // 15 February 2009, Sun, 15 Feb 2009 10:00:00 GMT
    { re: new RegExp(`^${DAY_NAME}(\\d{1,2})\\s+${MONTH},?\\s+(\\d{4})${OPT_TIME}$`, 'i'), read: (m) => [+m[3], monthOf(m[2]), +m[1], 4] },
    // February 15, 2009 / Feb 15 2009
    { re: new RegExp(`^${DAY_NAME}${MONTH}\\s+(\\d{1,2}),?\\s+(\\d{4})${OPT_TIME}$`, 'i'), read: (m) => [+m[3], monthOf(m[1]), +m[2], 4] },
    // February 2009 (the 1st)
    { re: new RegExp(`^${MONTH},?\\s+(\\d{4})$`, 'i'), read: (m) => [+m[2], monthOf(m[1]), 1, 3] },
    // 12/25, 12-25 (+ time): month and day of the current year
    { re: new RegExp(`^(\\d{1,2})([-/.])(\\d{1,2})${OPT_TIME}$`, 'i'), read: (m) => [currentYear(), +m[1], +m[3], 4] },
    // February 15, 15 February (+ time): current year
    { re: new RegExp(`^${DAY_NAME}${MONTH}\\s+(\\d{1,2})${OPT_TIME}$`, 'i'), read: (m) => [currentYear(), monthOf(m[1]), +m[2], 3] },
    { re: new RegExp(`^${DAY_NAME}(\\d{1,2})\\s+${MONTH}${OPT_TIME}$`, 'i'), read: (m) => [currentYear(), monthOf(m[2]), +m[1], 3] },
  ];
  return (dateShapes = { shapes, timeOnly: new RegExp(`^${TIME}${ZONE}$`, 'i') });
}
const currentYear = (): number => new Date().getFullYear();

function year(text: string): number {
  // Two-digit years: the invariant calendar's TwoDigitYearMax is 2049.
  if (text.length > 2) return +text;
  const y = +text;
  return y <= 49 ? 2000 + y : 1900 + y;
}

function isValidDate(y: number, m: number, d: number): boolean {
  if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  const days = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[m - 1];
}

/** Validates the time groups starting at `at`: hour, minute, second, fraction, am/pm. */
function isValidTime(m: RegExpExecArray, at: number): boolean {
  const hourText = m[at];
  if (hourText === undefined) return true; // no time part
  const hour = +hourText;
  const minute = m[at + 1] === undefined ? 0 : +m[at + 1];
  const second = m[at + 2] === undefined ? 0 : +m[at + 2];
  const meridiem = m[at + 4];
  // A bare number is a time only with AM/PM ("10 PM"), never on its own.
  if (m[at + 1] === undefined && !meridiem) return false;
  if (minute > 59 || second > 59) return false;
  return meridiem ? hour <= 12 : hour <= 23;
}

/** DateTime.TryParse with the invariant culture, for the date and time shapes it commonly accepts. */
export function isDateTime(text: string): boolean {
  const t = text.trim();
  const { shapes, timeOnly } = dateShapesOf();
  for (const shape of shapes) {
    const m = shape.re.exec(t);
    if (!m) continue;
    const [y, mo, d, at] = shape.read(m);
    return isValidDate(y, mo, d) && isValidTime(m, at);
  }
  const time = timeOnly.exec(t);
  return time !== null && isValidTime(time, 1);
}
