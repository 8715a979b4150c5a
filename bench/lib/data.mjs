// Route sets for the router suite: the two public fixtures in test/fixtures and
// deterministic GitHub-like synthetic sets, whose expected answers come from switchyard 'reference' (the oracle).
//
// A route set is { name, routes: [{ method, template, colon }], requests: [{ method, path, kind, expect }] },
// `expect` being the index of the expected route or null; kind is static | param | deep | miss.
import { readFileSync } from 'node:fs';

export const KINDS = ['static', 'param', 'deep', 'miss'];
/**
 * 'fresh': every request, its path a new string materialised from a Buffer per lookup, as node:http hands it
 * over; 'fresh-static' etc.: the same for the requests of one kind.
 */
export const MIXES = ['all', 'fresh', ...KINDS, ...KINDS.map((k) => `fresh-${k}`)];
/** Whether a mix cuts a fresh string per lookup. */
export const isFresh = (mix) => mix === 'fresh' || mix.startsWith('fresh-');

/** One of the shared fixtures: 'github' (203 routes) or 'small' (12 routes). */
export function loadFixture(name) {
  const file = new URL(`../../test/fixtures/routes-${name}.json`, import.meta.url);
  const data = JSON.parse(readFileSync(file, 'utf8'));
  return { name, source: data.source, routes: data.routes, requests: data.requests };
}

/** The requests of one mix ('all' or a kind). */
export function requestsOf(set, mix) {
  if (mix === 'all' || mix === 'fresh') return set.requests;
  const kind = mix.startsWith('fresh-') ? mix.slice('fresh-'.length) : mix;
  return set.requests.filter((r) => r.kind === kind);
}

/** mulberry32: a small seeded PRNG, so every run builds the same synthetic sets. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'repos users orgs teams gists issues pulls commits labels milestones hooks keys events notifications releases ' +
  'assets branches tags comments reviews checks runs jobs artifacts secrets projects columns cards packages ' +
  'versions deployments statuses environments invitations members collaborators forks stargazers subscribers ' +
  'watchers contents archives downloads pages builds stats traffic views clones referrers topics licenses scans ' +
  'alerts dependencies rulesets merges compare blobs trees refs threads subscriptions emails followers following ' +
  'starred installations apps tokens grants authorizations markdown meta feeds search codes languages contributors ' +
  'assignees reactions timeline discussions categories answers votes sponsors tiers goals'
).split(' ');
const OWNERS = ['octocat', 'julienschmidt', 'golang', 'nodejs', 'dotnet', 'torvalds', 'rust-lang', 'vercel'];
const NAMES = ['httprouter', 'hello-world', 'runtime', 'node', 'aspnetcore', 'linux', 'rust', 'next.js'];

/**
 * A GitHub-like route collection of exactly `count` routes: top-level namespaces (static prefixes) with one of
 * three shapes, /ns/{id}/child/{child_id}/leaf ("entity"), /ns/{owner}/{name}/child/... ("repo") or static
 * sub-paths, one route per method. Like the GitHub set it has no literal and parameter siblings at the same
 * position, and a position's parameter always has the same name, so every peer router can express it.
 */
export function syntheticRoutes(count, seed = 7) {
  const rand = prng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  /** n distinct words, none of them in `exclude` (the words already on the path, so parameter names stay unique). */
  const sample = (list, n, exclude = []) => {
    const copy = list.filter((w) => !exclude.includes(w));
    const out = [];
    while (out.length < n && copy.length > 0) out.push(copy.splice(Math.floor(rand() * copy.length), 1)[0]);
    return out;
  };
  const routes = [];
  const seen = new Set();
  const add = (method, segments) => {
    const template = segments.map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s)).join('/');
    const key = `${method} ${template}`;
    if (seen.has(key)) return;
    seen.add(key);
    routes.push({ method, template, colon: '/' + segments.join('/') });
  };
  const maybe = (p, method, segments) => {
    if (rand() < p) add(method, segments);
  };

  /** child collections under a resource: collection/{collection_id}[/leaf], or a group of static sub-paths. */
  const children = (base, min, max) => {
    const onPath = (segments) => segments.map((s) => s.replace(/^:/, '').replace(/_id$/, '').replace(/\d+$/, ''));
    for (const child of sample(WORDS, min + Math.floor(rand() * (max - min + 1)), onPath(base))) {
      const collection = [...base, child];
      add('GET', collection);
      maybe(0.3, 'POST', collection);
      if (rand() < 0.65) {
        const item = [...collection, `:${child}_id`];
        add('GET', item);
        maybe(0.35, 'PUT', item);
        maybe(0.35, 'DELETE', item);
        for (const leaf of sample(WORDS, Math.floor(rand() * 3), onPath(item))) add('GET', [...item, leaf]);
      } else {
        for (const sub of sample(WORDS, 1 + Math.floor(rand() * 3), onPath(collection))) {
          add('GET', [...collection, sub]);
          maybe(0.3, 'PUT', [...collection, sub]);
          if (rand() < 0.5) {
            add('GET', [...collection, sub, `:${sub}_id`]);
            maybe(0.3, 'DELETE', [...collection, sub, `:${sub}_id`]);
          }
        }
      }
    }
  };

  for (let n = 0; routes.length < count; n++) {
    const round = Math.floor(n / WORDS.length);
    const ns = WORDS[n % WORDS.length] + (round === 0 ? '' : String(round + 1));
    const shape = rand();
    if (shape < 0.35) {
      // like /repos/{owner}/{repo}/...
      const id = [ns, ':owner', ':name'];
      add('GET', id);
      maybe(0.5, 'PATCH', id);
      maybe(0.4, 'DELETE', id);
      children(id, 3, 8);
    } else if (shape < 0.8) {
      // like /users/{user}/...
      add('GET', [ns]);
      maybe(0.5, 'POST', [ns]);
      const id = [ns, `:${ns}_id`];
      add('GET', id);
      maybe(0.4, 'PATCH', id);
      maybe(0.4, 'DELETE', id);
      children(id, 2, 6);
    } else {
      // like /user/..., /meta, /emojis: static only
      add('GET', [ns]);
      for (const w of sample(WORDS, 2 + Math.floor(rand() * 5))) {
        add('GET', [ns, w]);
        maybe(0.3, 'PUT', [ns, w]);
        maybe(0.3, 'DELETE', [ns, w]);
        if (rand() < 0.3) for (const w2 of sample(WORDS, 1 + Math.floor(rand() * 2))) add('GET', [ns, w, w2]);
      }
    }
  }
  routes.length = count;
  return routes;
}

/** The kind of a request that matches `route`: static without parameters, deep from 5 segments on. */
function kindOf(route) {
  if (!route.colon.includes(':') && !route.colon.includes('*')) return 'static';
  return route.colon.split('/').length - 1 >= 5 ? 'deep' : 'param';
}

/** A concrete path for a route: each parameter filled with a plausible value. */
function concretePath(route, rand) {
  return route.colon
    .split('/')
    .map((s) => {
      if (!s.startsWith(':')) return s;
      const name = s.slice(1);
      if (name === 'owner') return OWNERS[Math.floor(rand() * OWNERS.length)];
      if (name === 'name') return NAMES[Math.floor(rand() * NAMES.length)];
      if (rand() < 0.3) return Math.floor(rand() * 2 ** 32).toString(16).padStart(8, '0') + 'a1b2c3d4';
      return String(1 + Math.floor(rand() * 99999));
    })
    .join('/');
}

/**
 * A synthetic set: `count` routes and a request mix shaped like the GitHub set's (36 static, 104 param, 63 deep,
 * 20 misses), answers from `oracle(method, path)` (switchyard 'reference'). A request drawn from route i whose
 * oracle answer is not i would mean an earlier route shadows it; that is reported, and the oracle wins.
 */
export function syntheticSet(count, oracleFor, seed = 7) {
  const routes = syntheticRoutes(count, seed);
  return {
    name: `synthetic-${count}`,
    source: `bench/lib/data.mjs syntheticRoutes(${count}, seed ${seed}); answers from switchyard reference`,
    routes,
    ...drawRequests(routes, oracleFor(routes), prng(seed * 31 + count)),
  };
}

/**
 * `count` routes with distinct first segments, four shapes in turn: rN/items/{id}, rN/items/{id}/tags/{tag},
 * rN/static/list, rN/{a}/x/{b} (a fan-out of count / 4 literals at the root, and literal and parameter
 * siblings below it). Same request mix as the synthetic sets.
 */
export function distinctSet(count, oracleFor, seed = 11) {
  const shapes = [['items', ':id'], ['items', ':id', 'tags', ':tag'], ['static', 'list'], [':a', 'x', ':b']];
  const routes = Array.from({ length: count }, (_, i) => {
    const segments = [`r${Math.floor(i / 4)}`, ...shapes[i % 4]];
    return { method: 'GET', template: segments.map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s)).join('/'), colon: '/' + segments.join('/') };
  });
  return {
    name: `distinct-${count}`,
    source: `bench/lib/data.mjs distinctSet(${count}): rN/items/{id}, rN/items/{id}/tags/{tag}, rN/static/list, rN/{a}/x/{b}; answers from switchyard reference`,
    routes,
    ...drawRequests(routes, oracleFor(routes), prng(seed * 31 + count)),
  };
}

/** A request mix shaped like the GitHub set's, drawn from `routes`, with the oracle's answers. */
function drawRequests(routes, oracle, rand) {
  const byKind = { static: [], param: [], deep: [] };
  routes.forEach((route, index) => byKind[kindOf(route)].push(index));
  const want = { static: 36, param: 104, deep: 63, miss: 20 };
  const requests = [];
  const shadowed = [];
  for (const kind of ['static', 'param', 'deep']) {
    const pool = byKind[kind];
    if (pool.length === 0) throw new Error(`${routes.length} routes: no ${kind} routes`);
    for (let k = 0; k < want[kind]; k++) {
      const index = pool[Math.floor(rand() * pool.length)];
      const route = routes[index];
      const path = concretePath(route, rand);
      const expect = oracle(route.method, path);
      if (expect !== index) shadowed.push({ method: route.method, path, from: index, expect });
      requests.push({ method: route.method, path, kind, expect });
    }
  }
  const methodsByPath = new Map();
  for (const r of routes) methodsByPath.set(r.colon, [...(methodsByPath.get(r.colon) ?? []), r.method]);
  let misses = 0;
  for (let attempt = 0; misses < want.miss && attempt < 10_000; attempt++) {
    const route = routes[Math.floor(rand() * routes.length)];
    const variant = attempt % 4;
    let method = 'GET';
    let path;
    if (variant === 0) path = `/${WORDS[Math.floor(rand() * WORDS.length)]}_unknown/${Math.floor(rand() * 100)}`;
    else if (variant === 1) path = concretePath(route, rand) + '/extra';
    else if (variant === 2) {
      // a method the path does not have
      const free = ['PATCH', 'PUT', 'DELETE', 'POST'].filter((m) => !methodsByPath.get(route.colon).includes(m));
      if (free.length === 0) continue;
      method = free[Math.floor(rand() * free.length)];
      path = concretePath(route, rand);
    } else {
      // a strict prefix that is not a route itself
      const segments = concretePath(route, rand).split('/');
      if (segments.length < 3) continue;
      path = segments.slice(0, segments.length - 1).join('/');
    }
    if (oracle(method, path) !== null) continue;
    requests.push({ method, path, kind: 'miss', expect: null });
    misses++;
  }
  return { requests, shadowed };
}

// What the applications' own constraint classes accept, as inline constraints the benchmark can build.
const CUSTOM_CONSTRAINTS = { GuidConstraint: 'guid', VersionRouteConstraint: '^\\d+(\\.\\d+){1,3}(-[0-9A-Za-z.-]+)?$', LatestVersionRouteConstraint: '^\\d+(\\.\\d+){1,3}(-[0-9A-Za-z.-]+)?$' };

/**
 * A real application's route table (test/fixtures/real: NuGetGallery, nopCommerce 3.90): its templates,
 * defaults and constraints for switchyard (an HttpMethodConstraint becomes the route's method; a route without
 * one is GET), and the `:param` form for the peers, which have no defaults or constraints — where that changes
 * an answer, the pre-timing check reports the peer instead of timing it. Requests drawn as for the synthetic
 * sets, answers from switchyard reference.
 */
export function realSet(name, oracleFor, seed = 5) {
  const table = JSON.parse(readFileSync(new URL(`../../test/fixtures/real/${name}.json`, import.meta.url), 'utf8'));
  const routes = table.map((r) => {
    const constraints = {};
    let method = 'GET';
    for (const [key, c] of Object.entries(r.constraints ?? {})) {
      if (typeof c === 'string') constraints[key] = c;
      else if (c.httpMethod) method = c.httpMethod[0];
      else constraints[key] = CUSTOM_CONSTRAINTS[c.custom];
    }
    const colon = '/' + r.template.replace(/\{\*{0,2}([^}=?:]+)[^}]*\}/g, ':$1').replace(/\/+$/, '');
    return { method, template: r.template, colon, defaults: r.defaults, constraints };
  });
  return {
    name,
    source: `test/fixtures/real/${name}.json (a real application's table, in registration order); answers from switchyard reference`,
    routes,
    ...drawRequests(routes, oracleFor(routes), prng(seed * 31 + routes.length)),
  };
}

/**
 * A CRUD-shaped table of `count` routes, 5 per resource, as most applications have: GET and POST on
 * api/{resource}, GET, PUT and DELETE on api/{resource}/{resource_id}; every third resource is nested under the
 * one before it (api/{parent}/{parent_id}/{resource}[/{resource_id}], the deep requests). Same request mix as the
 * synthetic sets.
 */
export function crudSet(count, oracleFor, seed = 13) {
  const routes = [];
  const add = (method, segments) =>
    routes.push({ method, template: segments.map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s)).join('/'), colon: '/' + segments.join('/') });
  let parent = null;
  for (let n = 0; routes.length < count; n++) {
    const round = Math.floor(n / WORDS.length);
    const resource = WORDS[n % WORDS.length] + (round === 0 ? '' : String(round + 1));
    const base = n % 3 === 2 && parent !== null ? [...parent, resource] : ['api', resource];
    const item = [...base, `:${resource}_id`];
    add('GET', base);
    add('POST', base);
    add('GET', item);
    add('PUT', item);
    add('DELETE', item);
    if (n % 3 !== 2) parent = item;
  }
  routes.length = count;
  return {
    name: `crud-${count}`,
    source: `bench/lib/data.mjs crudSet(${count}): 5 routes per resource (GET/POST collection, GET/PUT/DELETE item), every third resource nested; answers from switchyard reference`,
    routes,
    ...drawRequests(routes, oracleFor(routes), prng(seed * 31 + count)),
  };
}
