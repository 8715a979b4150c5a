// The GitHub route set as a literal table: match() and generate() are typed for all 203 routes.
import { expectTypeOf } from 'vitest';
import { isRoute } from '../../src/index.js';
import { githubRouter } from './routes-github.fixture.js';

const m = githubRouter.match('/repos/octocat/hello/issues/7', 'GET');
if (isRoute(m, 'GET repos/{owner}/{repo}/issues/{number}')) {
  expectTypeOf(m.values).toEqualTypeOf<Readonly<{ owner: string; repo: string; number: string }>>();
}
githubRouter.generate({ owner: 'o', repo: 'r', number: 7 }, { routeName: 'GET repos/{owner}/{repo}/issues/{number}' });
// @ts-expect-error: "number" is required by this route
githubRouter.generate({ owner: 'o', repo: 'r' }, { routeName: 'GET repos/{owner}/{repo}/issues/{number}' });
// @ts-expect-error: no such route name
githubRouter.generate({}, { routeName: 'GET repos' });
