// switchyard-router: ASP.NET Core classic routing — what matching and URL generation need (re-exports only). It
// imports no node:* module and needs no Node types, so it bundles for browsers, workers and other runtimes. The
// rest is in entries of its own, so that an application that only routes does not load it: the constraint
// classes and registry (/constraints), explain, diagnostics and describe (/introspect), router modules built
// ahead of time (/build writes them, /aot runs them), the node:http pipeline (/http), the OpenAPI document (/openapi).
export { TemplateParseError, RouteCreationError, RouteTableError, type RouteFailure } from './errors.js';
export type { RouteValues } from './route-values.js';

export type { RouteTemplate, TemplateSegment, TemplatePart, LiteralPart, SeparatorPart, ParameterPart } from './template/ast.js';
export { parseTemplate } from './template/parser.js';
export { formatTemplate } from './template/format.js';

export { compile, checkRoutes, type CompileOptions, type CompiledRouter, type GenerateOptions, type GeneratedPath } from './compile/compile.js';
export type { CompiledRoute } from './compile/compiled-route.js';
export type { RouteDefinition } from './compile/route-definition.js';
export { group, type GroupOptions, type GroupedRoute } from './compile/route-group.js';
export type { RouteMatch, MatchStrategy } from './compile/matcher.js';
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

