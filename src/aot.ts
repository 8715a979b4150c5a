// switchyard-router/aot: the runtime of router modules built ahead of time (`switchyard build`,
// compileToModule()). A built module imports loadRouter from here and nothing else: no template parser runs, no
// code is generated from strings, so it runs where eval and new Function are forbidden (Cloudflare Workers,
// strict Content-Security-Policy pages).
export { loadRouter, type AotRouter, type ModuleTable } from './compile/aot/load-router.js';
export { normalizeRoute, routeListOf } from './compile/aot/route-source.js';
// The built-in constraint factories, one export each: a built module imports those its routes use.
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
