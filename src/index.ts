// switchyard: ASP.NET Core classic routing for Node — the public surface (re-exports only).
export { TemplateParseError, RouteCreationError } from './errors.js';
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

export { compile, type CompileOptions, type CompiledRouter, type GenerateOptions, type GeneratedPath } from './compile/compile.js';
export type { RouteDefinition, CompiledRoute } from './compile/route-entry.js';
export type { RouteMatch } from './compile/route-match.js';
export type { Explanation, RouteExplanation, MissReason } from './compile/explain.js';
export type { GenerationExplanation, RouteGenerationExplanation, GenerationMiss } from './compile/explain-generate.js';
export type { Diagnostic, DiagnosticCode } from './compile/diagnostics.js';
export type { DescribeFormat } from './compile/describe.js';
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

export { ServiceContainer, type ServiceKey } from './pipeline/service-container.js';
export { HttpContext, HttpRequest, HttpResponse } from './pipeline/http-context.js';
export {
  RouteData,
  RouteContext,
  VirtualPathContext,
  VirtualPathData,
  type Router,
  type NamedRouter,
  type RequestDelegate,
  type RouteRequestHandler,
  type RoutedHttpContext,
  type Middleware,
} from './pipeline/route-data.js';
export { problem, writeProblem, type ProblemDetails } from './pipeline/problem-details.js';
export { addRouting, getRoutingServices, type RouteOptions, type RoutingServices } from './pipeline/routing-services.js';
export { RouteHandler } from './pipeline/route-handler.js';
export { Route, type RouteConstraints } from './pipeline/route.js';
export { RouteCollection } from './pipeline/route-collection.js';
export {
  RouteBuilder,
  type ConfigureBranch,
  type MapOptions,
  type GroupOptions,
  type MappedValues,
  type RouteTable,
} from './pipeline/route-builder.js';
export {
  routerMiddleware,
  useRouter,
  createNodeMiddleware,
  ROUTER,
  type RouterSource,
  type NodeMiddlewareOptions,
  type RouterMiddlewareOptions,
} from './pipeline/router-middleware.js';
export { UrlHelper } from './pipeline/url-helper.js';
export { Application, createApplication, type ApplicationOptions } from './pipeline/application.js';

export { toOpenApi, type OpenApiOptions, type OpenApiSource, type OpenApiDocument, type OperationMetadata } from './openapi/to-openapi.js';
