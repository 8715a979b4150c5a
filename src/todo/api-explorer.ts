// /docs: the to-do API's explorer, Swagger UI (the swagger-ui-dist package, served from this install, never a
// CDN) reading /openapi.json, with "Try it out" against this server. swagger-ui-dist is a dependency of the app,
// not of the published library (as pg is): without it, /docs says so with a 404 problem.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { problem, useRouter, writeProblem, type Application, type RouteBuilder } from '../http.js';

// Swagger UI sets styles inline and shows images as data: URLs; scripts come from this server only.
const DOCS_POLICY = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>To-do API · switchyard</title>
<link rel="icon" href="/docs/favicon-32x32.png">
<link rel="stylesheet" href="/docs/swagger-ui.css">
<script src="/docs/swagger-ui-bundle.js" defer></script>
<script src="/docs/init.js" defer></script>
</head>
<body><div id="swagger-ui"></div></body>
</html>
`;

const INIT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true });
});
`;

/** The explorer's files, by their path under /docs ("" is the page), and where each one's bytes come from. */
const FILES: readonly { readonly path: string; readonly type: string; readonly from: string | Buffer }[] = [
  { path: '', type: 'text/html; charset=utf-8', from: Buffer.from(PAGE) },
  { path: 'swagger-ui.css', type: 'text/css; charset=utf-8', from: 'swagger-ui.css' },
  { path: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8', from: 'swagger-ui-bundle.js' },
  { path: 'favicon-32x32.png', type: 'image/png', from: 'favicon-32x32.png' },
  { path: 'init.js', type: 'text/javascript; charset=utf-8', from: Buffer.from(INIT) },
];

/** A file of the installed swagger-ui-dist package, or null when the package is not installed. */
function swaggerFile(name: string): Buffer | null {
  let directory: string;
  try {
    directory = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  } catch {
    return null;
  }
  return readFileSync(join(directory, name));
}

/**
 * Routes GET (and HEAD) /docs and its files, after the app's routes: a route of its own for each file, so
 * its path is compared as every other path of the app (ignoring case, a trailing slash accepted), and another
 * method gets the router's 405. A router of its own, placed after the API's: the API's route table (and the
 * OpenAPI document made from it) holds the API alone, and an API request never reaches this one.
 */
export function useApiExplorer(app: Application): void {
  const explorer = (builder: RouteBuilder): void => {
    for (const file of FILES) {
      let body = typeof file.from === 'string' ? null : file.from; // a package file is read on its first request
      builder.mapGet(file.path === '' ? 'docs' : `docs/${file.path}`, (ctx) => {
        const res = ctx.response.raw;
        body ??= swaggerFile(file.from as string);
        if (body === null) {
          writeProblem(res, problem(404, 'The API explorer needs the swagger-ui-dist package (npm install swagger-ui-dist).'));
          return;
        }
        res.writeHead(200, {
          'content-type': file.type,
          'content-length': body.length,
          'content-security-policy': DOCS_POLICY,
          'x-content-type-options': 'nosniff',
          'cache-control': 'public, max-age=3600',
        });
        res.end(ctx.request.method === 'HEAD' ? undefined : body);
      });
    }
  };
  useRouter(app, explorer);
}
