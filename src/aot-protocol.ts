// switchyard-router/aot/protocol: what a built router module imports, as one namespace (`import * as P from
// "switchyard-router/aot/protocol"`), in the module format FORMAT. A module reads its members as P.name, so a
// bundler keeps only the members its module names (an import of the namespace re-exported by switchyard-router/aot,
// `protocol`, would carry every member: esbuild does not tree-shake a re-exported namespace). It is the contract
// between a module and its runtime, not an application's API: its members change with the module format, and a
// module of another format is refused by loadRouter, naming the command that builds it again (a namespace import
// never fails at link time, so that refusal always runs).
export { loadRouter, type AotRouter, type ModuleTable } from './compile/aot/load-router.js';
export { MODULE_FORMAT as FORMAT } from './compile/aot/module-format.js';
// How a route module's list is read: by a module built from one, and by the `switchyard` command.
export { routeListOf } from './compile/aot/route-source.js';
// The built-in constraint factories: a module names those its routes use (and the class of a regular expression
// given as a constraint, when one is).
export {
  RegexRouteConstraint,
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
// The wrappers of a key with several constraints or an optional parameter, named by a module only for such a key.
export { keyConstraint } from './constraints/registry.js';
// The interpreted trie and the static table: a module names them unless it was built --compact (the trie, then,
// only when its code reaches a trie node).
export { StaticTable } from './compile/match/static-table.js';
export { trieParts as trie } from './compile/match/trie-matcher.js';
// generate()'s shortcut by name for plain routes: a module names it unless it was built --compact.
export { createDirectGenerator } from './compile/generate/plain-route.js';
// The compiler of complex segments ("{name}.{ext?}"), when a route has one.
export { compileComplexSegment } from './compile/complex-segment.js';
// The case fold of literals beyond ASCII, when a route has one.
export { foldCase } from './compile/case-fold.js';
// The in-place checks of the built-in constraints: a module names those its code calls.
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
export type { RouteDefinition } from './compile/route-definition.js';
