// switchyard-router: ASP.NET Core classic routing — the portable core (re-exports only). It imports no node:*
// module and needs no Node types, so it bundles for browsers, workers and other runtimes. The node:http pipeline
// is the /http entry (src/http.ts), the OpenAPI document the /openapi entry (src/openapi.ts).
export { TemplateParseError, RouteCreationError, RouteTableError, type RouteFailure } from './errors.js';
export { toRouteString, type RouteValues } from './route-values.js';

export type { RouteTemplate, TemplateSegment, TemplatePart, LiteralPart, SeparatorPart, ParameterPart } from './template/ast.js';
export { parseTemplate } from './template/parser.js';
export { formatTemplate } from './template/format.js';

export type { RouteConstraint, RouteDirection, ConstraintFactory } from './constraints/route-constraint.js';
export {
  IntRouteConstraint,
  LongRouteConstraint,
  BoolRouteConstraint,
  DateTimeRouteConstraint,
  DecimalRouteConstraint,
  DoubleRouteConstraint,
  FloatRouteConstraint,
  GuidRouteConstraint,
  AlphaRouteConstraint,
  FileNameRouteConstraint,
  NonFileNameRouteConstraint,
  MinLengthRouteConstraint,
  MaxLengthRouteConstraint,
  LengthRouteConstraint,
  RangeRouteConstraint,
  MinRouteConstraint,
  MaxRouteConstraint,
  RegexRouteConstraint,
  RequiredRouteConstraint,
  HttpMethodRouteConstraint,
  OptionalRouteConstraint,
  CompositeRouteConstraint,
} from './constraints/builtins.js';
export { ConstraintRegistry, builtinConstraints, type ConstraintSpec } from './constraints/registry.js';

export { compile, checkRoutes, type CompileOptions, type CompiledRouter, type GenerateOptions, type GeneratedPath } from './compile/compile.js';
export type { RouteDefinition, CompiledRoute } from './compile/route-entry.js';
export { group, type GroupOptions, type GroupedRoute } from './compile/route-group.js';
export type { RouteMatch, MatchStrategy } from './compile/matcher.js';
export type { Explanation, RouteExplanation, MissReason } from './compile/introspect/explain.js';
export type { GenerationExplanation, RouteGenerationExplanation, GenerationMiss } from './compile/introspect/explain-generate.js';
export { summarizeDiagnostics, type Diagnostic, type DiagnosticCode } from './compile/introspect/diagnostics.js';
export type { DescribeFormat } from './compile/introspect/describe.js';
export { didYouMean } from './did-you-mean.js';
export { isRoute, type TypedRouter, type TypedRouteMatch, type MatchOf, type RouteNames, type GenerateValuesFor } from './compile/typed-router.js';
export type {
  TemplateValues,
  GenerationValues,
  TemplateParameters,
  TemplateParameterInfo,
  InvalidTemplate,
  RouteValueInput,
  IsLiteralTemplate,
} from './template/template-types.js';

export { compileToModule, type ModuleOptions } from './compile/aot/compile-to-module.js';
export { moduleDeclarations } from './compile/aot/module-declarations.js';
export type { AotRouter } from './compile/aot/load-router.js';
