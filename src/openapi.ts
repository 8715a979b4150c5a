// switchyard-router/openapi: the OpenAPI 3.1 document of a route table — re-exports only.
export { toOpenApi, type OpenApiOptions, type OpenApiSource, type OpenApiDocument, type OperationMetadata } from './openapi/to-openapi.js';
