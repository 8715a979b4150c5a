// hono's shared router suite (src/router/common.case.test.ts in the hono repository) run against SwitchyardRouter.
// Not part of this repository's tests (hono's code stays in hono's repository). To run it: copy that file here as
// common.case.ts (its `../router` import becoming `hono/router`), rename this file to switchyard.test.ts, and run
// vitest with globals on in this folder, with the package built (`node build.mjs`).
import { runTest } from './common.case';
import { SwitchyardRouter } from '../../../dist/hono.js';

describe('SwitchyardRouter', () => {
  runTest({
    skip: [
      {
        reason: 'UnsupportedPath: a parameter whose pattern can match "/" spans several segments; a template parameter is one segment',
        tests: [
          'Complex > Parameter with {.*} regexp',
          'Including slashes > GET /js/main.js',
          'Including slashes > GET /js/chunk/123.js',
          'Including slashes > GET /js/chunk/nest/123.js',
          'Capture simple multiple directories > GET /foo/bar/file.html',
          'Capture simple multiple directories > GET /foo/bar/baz/file.html',
          'Capture simple multiple directories > GET /a/b/c/d/file.html',
          'Capture complex multiple directories > GET /part1/middle-b/latest',
          'Capture complex multiple directories > GET /part1/middle-b/end-c/latest',
          'Capture multiple directories and optional > GET /foo/bar/contents',
          'Capture multiple directories and optional > GET /foo/bar/contents/123',
        ],
      },
      {
        reason: 'UnsupportedPath: "*" inside a segment (/assets*) matches across "/"; a template segment cannot',
        tests: [
          'Suffix wildcard > GET /assets',
          'Suffix wildcard > GET /assets-v2',
          'Suffix wildcard > GET /assets/app.js',
          'Suffix wildcard > GET /asset',
          'Suffix wildcard > associates /assets* before /assets/app.js',
          'Suffix wildcard > associates /assets/app.js before /assets*',
        ],
      },
      { reason: 'UnsupportedPath: a parameter name used twice in one path', tests: ['Duplicate param name > self'] },
      {
        reason: 'UnsupportedPath: a host in the path; templates are paths',
        tests: ['Routing with a hostname > GET www1.example.com/hello', 'Routing with a hostname > GET www2.example.com/hello', 'Routing with a hostname > GET /hello'],
      },
    ],
    newRouter: () => new SwitchyardRouter(),
  });
});
