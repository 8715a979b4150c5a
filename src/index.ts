// switchyard: ASP.NET Core classic routing for Node — the public surface (re-exports only).
export { TemplateParseError, RouteCreationError } from './errors.js';
export { toRouteString, type RouteValues } from './route-values.js';

export type { RouteTemplate, TemplateSegment, TemplatePart, LiteralPart, SeparatorPart, ParameterPart } from './template/ast.js';
export { parseTemplate } from './template/parser.js';
export { formatTemplate } from './template/format.js';

export type { RouteConstraint, RouteDirection, ConstraintFactory } from './constraints/route-constraint.js';
export * from './constraints/builtins.js';
export { ConstraintRegistry, builtinConstraints, type ConstraintSpec } from './constraints/registry.js';

export { compile, type CompileOptions, type CompiledRouter, type GenerateOptions, type GeneratedPath } from './compile/compile.js';
export type { RouteDefinition, CompiledRoute } from './compile/route-entry.js';
export type { RouteMatch } from './compile/route-match.js';
