// explain(router) and explainGenerate(router): tables of what each route says about a request, and a
// differential property — explain's winner is match()'s, and the routes it says accept the request are
// matches()'s, on generated route tables and paths, for both strategies.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateBuiltModule, strategies } from './support/routers.js';
import { compile, type CompiledRouter, type MatchStrategy, type RouteDefinition } from '../src/index.js';
import { compileToModule } from '../src/build.js';
import { explain, describe as describeRouter, explainGenerate } from '../src/introspect.js';
import { fuzzHarness } from './support/fuzz.js';
import { caseArb, complexHeavyRoute, EDGE_CASES, routesArb, type Case } from './support/route-generators.js';

const { TIMEOUT, check, runs } = fuzzHarness('test/explain.test.ts', 0xe8a1);

// ─── Tables ───────────────────────────────────────────────────────────────────────────────────────────────

/** [template or route, outcome, reason kind or null, text the message contains]. */
type Row = [string | RouteDefinition, 'matched' | 'rejected' | 'not-tried', string | null, string];
interface ExplainCase {
  title: string;
  path: string;
  method?: string;
  rows: Row[];
}

const explainCases: ExplainCase[] = [
  {
    title: 'a literal mismatch, then the winner, then "not tried"',
    path: '/products/list',
    rows: [
      ['shop/{id}', 'rejected', 'literal-mismatch', 'segment 0 "products" is not the literal "shop"'],
      ['{controller}/{action}', 'matched', null, '"controller":"products"'],
      ['products/list', 'not-tried', null, 'not tried: route #1 "{controller}/{action}" matched first (it would match too)'],
      ['zzz', 'not-tried', 'literal-mismatch', 'it would not match either: segment 0 "products" is not the literal "zzz"'],
    ],
  },
  {
    title: 'a constraint names the value it rejected',
    path: '/api/todo/abc',
    rows: [
      ['api/todo/{id:int}', 'rejected', 'constraint', 'id:int rejected "abc"'],
      [{ template: 'api/todo/{id}', constraints: { id: /^\d+$/ } }, 'rejected', 'constraint', 'id:/^\\d+$/ rejected "abc"'],
      ['api/todo/{id:alpha:maxlength(2)}', 'rejected', 'constraint', 'id:maxlength(2) rejected "abc"'],
    ],
  },
  {
    title: 'the verb limit',
    path: '/api/todo/5',
    method: 'get',
    rows: [
      [{ template: 'api/todo/{id}', methods: ['PUT', 'DELETE'] }, 'rejected', 'method', 'the verb limit (methods: PUT, DELETE) rejects GET'],
      [{ template: 'api/todo/{id}', methods: ['GET'] }, 'matched', null, '"id":"5"'],
    ],
  },
  {
    title: 'too few and too many segments',
    path: '/a/b',
    rows: [
      ['a/b/c/d', 'rejected', 'too-few-segments', 'template segment 3 "d" is required'],
      ['{x}/{y?}/{z}', 'rejected', 'too-few-segments', 'template segment 2 "{z}" is required'],
      ['a', 'rejected', 'too-many-segments', 'too many segments: segment 1 "b" is past the template\'s 1'],
      ['{x}/{y}/{z=1}', 'matched', null, '"z":"1"'],
    ],
  },
  {
    title: 'a complex segment that does not split',
    path: '/files/report',
    rows: [
      ['files/{name}.{ext}', 'rejected', 'complex-mismatch', 'segment 1 "report" does not split as "{name}.{ext}"'],
      ['files/{name}.{ext?}', 'matched', null, '"name":"report"'],
    ],
  },
  {
    title: 'an empty segment',
    path: '/a/b//c',
    rows: [
      ['a/{x}/{y}/{z}', 'rejected', 'empty-segment', 'segment 2 is empty'],
      ['a/{*rest}', 'matched', null, '"rest":"b//c"'],
    ],
  },
  {
    title: 'a constraint on a name that is no parameter sees a missing value',
    path: '/x',
    rows: [[{ template: 'x', constraints: { area: 'int' } }, 'rejected', 'constraint', 'area:int rejected a missing value']],
  },
];

describe('explain (tables)', () => {
  describe.each(strategies)('%s', (strategy) => {
    it.each(explainCases)('$title', ({ path, method, rows }) => {
      const router = compile(rows.map(([r]) => (typeof r === 'string' ? { template: r } : r)), { strategy: strategy as MatchStrategy });
      const explained = explain(router, path, method);
      expect(explained.routes.map((r) => [r.outcome, r.reason?.kind ?? null])).toEqual(rows.map(([, outcome, kind]) => [outcome, kind]));
      explained.routes.forEach((r, i) => expect(r.message).toContain(rows[i][3]));
      expect(explained.match?.route.index ?? null).toBe(router.match(path, method)?.route.index ?? null);
    });
  });

  it('names the closest route when nothing matches', () => {
    const router = compile([{ template: 'healthz' }, { template: 'api/todo/{id:int}', methods: ['GET'] }, { template: 'api/{x}' }]);
    const explained = explain(router, '/api/todo/abc');
    expect(explained.match).toBeNull();
    expect(explained.closest?.route.index).toBe(1);
    expect(explained.closest?.message).toBe('id:int rejected "abc"');
    expect(explain(router, '/healthz').closest).toBeNull();
  });

  it('treats a path that is not a string as match() does', () => {
    const router = compile([{ template: '{*x}' }]);
    const explained = explain(router, 42 as unknown as string);
    expect(explained.match).toBeNull();
    expect(explained.routes[0].reason).toEqual({ kind: 'not-a-path' });
  });
});

// ─── explainGenerate ──────────────────────────────────────────────────────────────────────────────────────

interface GenerateCase {
  title: string;
  routes: RouteDefinition[];
  values: Record<string, unknown>;
  ambient?: Record<string, unknown>;
  routeName?: string;
  /** [outcome, reason kind or null, text the message contains] per route. */
  rows: [string, string | null, string][];
}

const generateCases: GenerateCase[] = [
  {
    title: 'a missing required value, then the winner',
    routes: [{ template: 'shop/{category}/{id:int}' }, { template: '{controller=Home}/{action=Index}' }],
    values: { id: 5 },
    rows: [
      ['rejected', 'missing-value', 'no value for the required parameter "category"'],
      ['generated', null, 'generated /?id=5'],
    ],
  },
  {
    title: 'an ambient value discarded by the left-to-right rule',
    routes: [{ template: '{a}/{b}/{c}' }, { template: '{a}/{b}/{c?}' }],
    values: { b: '9' },
    ambient: { a: '1', b: '2', c: '3' },
    rows: [
      ['rejected', 'missing-value', 'no value for "c": its ambient value is discarded by the left-to-right rule'],
      ['generated', null, 'generated /1/9 (ambient values dropped at "b" and after)'],
    ],
  },
  {
    title: 'a constraint, a filter default, a verb limit',
    routes: [
      { template: 'p/{id:int}' },
      { template: 'admin/{id}', defaults: { area: 'admin' } },
      { template: 'q/{id}', methods: ['POST'] },
    ],
    values: { id: 'abc', area: 'shop', httpMethod: 'GET' },
    rows: [
      ['rejected', 'constraint', 'id:int rejected "abc"'],
      ['rejected', 'filter', '"area" must be "admin"'],
      ['rejected', 'method', 'the verb limit (methods: POST) rejects httpMethod "GET"'],
    ],
  },
  {
    title: 'a rejected value says where it came from: the ambient values, the route default, or the values given',
    routes: [
      { template: 'o/{id:int}/{order:guid}' },
      { template: 'p/{n:regex(^[a-z]+$)=1}' },
      { template: 'r/{x}', constraints: { other: 'int' } },
    ],
    values: { id: 5 },
    ambient: { order: '5', other: 'abc' },
    rows: [
      ['rejected', 'constraint', 'order:guid rejected "5" (from the ambient values)'],
      ['rejected', 'constraint', 'n:regex(^[a-z]+$) rejected "1" (the route\'s default)'],
      ['rejected', 'missing-value', 'no value for the required parameter "x"'],
    ],
  },
  {
    title: 'a value given explicitly wins over the ambient one, and says nothing more',
    routes: [{ template: 'o/{id:int}/{order:guid}' }, { template: 'r/{x}', constraints: { other: 'int' } }],
    values: { id: 5, order: 'x', x: 1 },
    ambient: { order: '5', other: 'abc' },
    rows: [
      ['rejected', 'constraint', 'order:guid rejected "x"'],
      ['rejected', 'constraint', 'other:int rejected "abc" (from the ambient values)'],
    ],
  },
  {
    title: 'by name: only that route',
    routes: [{ template: 'a/{x}' }, { name: 'b', template: 'b/{x}' }],
    values: { x: 1 },
    routeName: 'B',
    rows: [['generated', null, 'generated /b/1']],
  },
];

describe('explainGenerate (tables)', () => {
  it.each(generateCases)('$title', ({ routes, values, ambient, routeName, rows }) => {
    const router = compile(routes);
    const options = { ambientValues: ambient ?? null, routeName: routeName ?? null };
    const explained = explainGenerate(router, values, options);
    expect(explained.routes.map((r) => [r.outcome, r.reason?.kind ?? null])).toEqual(rows.map(([o, k]) => [o, k]));
    explained.routes.forEach((r, i) => expect(r.message).toContain(rows[i][2]));
    expect(explained.path).toBe(router.generate(values, options)?.path ?? null);
  });

  it('names the source of a rejected value in the reason: given, ambient or default', () => {
    const router = compile([{ template: 'o/{id:int}/{order:guid}' }, { template: 'p/{n:regex(^[a-z]+$)=1}' }, { template: 'r', constraints: { other: 'int' } }]);
    const from = (values: Record<string, unknown>, ambientValues: Record<string, unknown>) =>
      explainGenerate(router, values, { ambientValues }).routes.map((r) => (r.reason?.kind === 'constraint' ? [r.reason.key, r.reason.from, r.message] : null));
    expect(from({ id: 5, order: 'x', other: 1 }, { order: '5' })).toEqual([['order', 'values', 'order:guid rejected "x" (ambient values dropped at "order" and after)'], ['n', 'default', 'n:regex(^[a-z]+$) rejected "1" (the route\'s default)'], null]);
    expect(from({ id: 5 }, { order: '5', other: 'abc' })).toEqual([
      ['order', 'ambient', 'order:guid rejected "5" (from the ambient values)'],
      ['n', 'default', 'n:regex(^[a-z]+$) rejected "1" (the route\'s default)'],
      ['other', 'ambient', 'other:int rejected "abc" (from the ambient values)'],
    ]);
  });

  it('says when no route has the name', () => {
    const explained = explainGenerate(compile([{ name: 'a', template: 'a' }]), {}, { routeName: 'nope' });
    expect(explained).toMatchObject({ path: null, nameNotFound: 'nope', routes: [] });
  });
});

// ─── Differential: explain ≡ match ────────────────────────────────────────────────────────────────────────

let requests = 0;
let misses = 0;
let caseSensitive = false;
const agrees = (c: Case): void => {
  for (const strategy of strategies) {
    const router = compile(c.routes, { strategy: strategy as MatchStrategy, caseSensitive });
    for (const [path, method] of c.paths) {
      requests++;
      const explained = explain(router, path, method);
      const found = router.match(path, method);
      const where = `${method} ${JSON.stringify(path)} (${strategy})`;
      expect(explained.match?.route.index ?? null, `winner for ${where}`).toBe(found?.route.index ?? null);
      expect(explained.match?.values ?? null, `values for ${where}`).toEqual(found?.values ?? null);
      // Every route explain says would accept the request is one matches() lists, and no other.
      const accepting = explained.routes.filter((r) => r.outcome === 'matched' || (r.outcome === 'not-tried' && r.reason === null));
      expect(accepting.map((r) => r.route.index), `accepting routes for ${where}`).toEqual([...router.matches(path, method)].map((m) => m.route.index));
      expect(explained.routes.every((r) => (r.outcome === 'not-tried') === (found !== null && r.route.index > found.route.index))).toBe(true);
      if (found === null) {
        misses++;
        expect(explained.closest).not.toBeNull();
      }
      // Generation explained agrees with generate(), reusing the match as ambient values.
      const values = found ? found.values : { id: 'a' };
      const generated = explainGenerate(router, {}, { ambientValues: values });
      expect(generated.path, `explainGenerate for ${where}`).toBe(router.generate({}, { ambientValues: values })?.path ?? null);
    }
  }
};

describe('explain ≡ match (differential, fast-check)', () => {
  it('mixed route collections, derived / mutated / random paths', () => {
    requests = misses = 0;
    check('explain', fc.property(caseArb(routesArb(10), 5), agrees), 400, EDGE_CASES);
    expect(requests).toBeGreaterThan(runs(1500));
    expect(misses).toBeGreaterThan(runs(100)); // misses happen, so "closest" is exercised
  }, TIMEOUT);

  it('complex-segment-heavy collections', () => {
    check('explain-complex', fc.property(caseArb(routesArb(6, complexHeavyRoute), 4), agrees), 200);
  }, TIMEOUT);

  it('mixed route collections compiled with caseSensitive: true', () => {
    caseSensitive = true;
    try {
      check('explain-case-sensitive', fc.property(caseArb(routesArb(10), 5), agrees), 200, EDGE_CASES);
    } finally {
      caseSensitive = false;
    }
  }, TIMEOUT);
});

describe("describe('tree') groups literals as the table compares them", () => {
  it.each([
    [false, ['/', '└── Api  #0', '    └── {id}  #1']],
    [true, ['/', '├── Api  #0', '└── api', '    └── {id}  #1']],
  ])('caseSensitive: %s', (caseSensitive, lines) => {
    const tree = describeRouter(compile([{ template: 'Api' }, { template: 'api/{id}' }], { caseSensitive }), 'tree');
    expect(tree.split('\n').map((line) => line.replace(/\s+ANY.*$/, '').trimEnd())).toEqual(lines);
  });
});

describe('the introspect functions take a router made by compile()', () => {
  it.each([
    ['an object', {}],
    ['a router from a built module', loadBuiltRouter()],
  ])('refuse %s with a TypeError naming the function', (_title, router) => {
    const notCompiled = router as unknown as CompiledRouter;
    expect(() => explain(notCompiled, '/a')).toThrow(new TypeError("explain: expected a router made by compile() (a built module's router has no route entries to inspect)"));
    expect(() => explainGenerate(notCompiled, {})).toThrow(/^explainGenerate: expected a router made by compile\(\)/);
    expect(() => describeRouter(notCompiled)).toThrow(/^describe: expected a router made by compile\(\)/);
  });

  it('read a live router as it is now', () => {
    const router = compile([{ template: 'a' }]);
    router.add({ template: 'b/{id:int}' });
    expect(explain(router, '/b/5').match?.route.index).toBe(1);
    expect(describeRouter(router, 'table')).toContain('b/{id:int}');
  });
});

function loadBuiltRouter(): object {
  return evaluateBuiltModule(compileToModule([{ template: 'a' }]), null);
}
