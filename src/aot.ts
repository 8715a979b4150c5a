// switchyard-router/aot: the runtime of router modules built ahead of time (`switchyard build`,
// compileToModule()). A built module imports loadRouter from here and nothing else: no template parser runs, no
// constraint name resolved, no code is generated from strings, so it runs where eval and new Function are forbidden (Cloudflare Workers,
// strict Content-Security-Policy pages).
export { loadRouter, type AotRouter, type ModuleTable } from './compile/aot/load-router.js';
export { normalizeRoute, routeListOf } from './compile/aot/route-source.js';
// The built-in constraint factories, one export each: a built module imports those its routes use (and the class of
// a regular expression given as a constraint, when one is).
export { RegexRouteConstraint } from './constraints/builtins.js';
export {
  alphaConstraint,
  boolConstraint,
  datetimeConstraint,
  decimalConstraint,
  doubleConstraint,
  fileConstraint,
  floatConstraint,
  guidConstraint,
  intConstraint,
  lengthConstraint,
  longConstraint,
  maxConstraint,
  maxlengthConstraint,
  minConstraint,
  minlengthConstraint,
  nonfileConstraint,
  rangeConstraint,
  regexConstraint,
  requiredConstraint,
} from './constraints/builtins.js';
// The interpreted trie and the static table: a built module imports them unless it was built --compact (the trie,
// then, only when its code reaches a trie node).
export { StaticTable } from './compile/match/static-table.js';
export { trieParts as trie } from './compile/match/trie-matcher.js';
// The compiler of complex segments ("{name}.{ext?}"): a built module whose routes have one imports it.
export { compileComplexSegment } from './compile/complex-segment.js';
// The case fold of literals beyond ASCII: a built module whose routes have one imports it.
export { foldCase } from './compile/case-fold.js';
// The in-place checks of the built-in constraints, one export each: a built module imports those its code calls.
export {
  alphaCheck,
  boolCheck,
  guidCheck,
  intCheck,
  lengthCheck,
  longCheck,
  rangeCheck,
  regexCheck,
} from './compile/match/generated/inline-constraints.js';
export type { RouteDefinition } from './compile/route-entry.js';
