// Renders bench/results/{router,http}.json into docs/benchmarks.md and docs/benchmarks-chart.svg, prints the
// console summary, and evaluates the issue's targets (reported as ratios, never asserted).
// Run on its own (node bench/render.mjs) to re-render the docs from the stored results.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = new URL('../', import.meta.url);
const MIX_ORDER = ['all', 'static', 'param', 'deep', 'miss'];
/** The subject the targets are about: the default strategy. */
const SUBJECT = 'switchyard-generated';
const SET_TITLES = {
  github: 'GitHub API (203 routes)',
  small: 'small (12 routes, one catch-all)',
  'crud-200': 'CRUD-shaped, 200 routes',
  'crud-2000': 'CRUD-shaped, 2,000 routes',
  'crud-10000': 'CRUD-shaped, 10,000 routes',
  'distinct-10000': '10,000 routes with distinct first segments',
};

/** The Node whose results are the tables of docs/benchmarks.md (bench/lib/bench-node.mjs runs a benchmark on it). */
export const PRIMARY_NODE_MAJOR = 24;

/**
 * Where a run on this Node writes its results: bench/results/ on the primary Node, bench/results/node<major>/ on
 * another (so a run on Node 26 stands beside Node 24's instead of replacing it); quick/ inside for BENCH_QUICK runs.
 */
export function resultsDir(quick = false, version = process.version) {
  const major = Number(/^v(\d+)/.exec(version)[1]);
  const node = major === PRIMARY_NODE_MAJOR ? '' : `node${major}/`;
  return new URL(`results/${node}${quick ? 'quick/' : ''}`, import.meta.url);
}

// ---------- formatting ----------

const group = (n) => Math.round(n).toLocaleString('en-US');
export function fmtNs(ns) {
  if (ns == null || !Number.isFinite(ns)) return '—';
  if (ns < 10) return ns.toFixed(2);
  if (ns < 100) return ns.toFixed(1);
  return group(ns);
}
function fmtOps(ops) {
  if (ops >= 1e6) return `${(ops / 1e6).toFixed(ops >= 1e8 ? 0 : 2)} M`;
  if (ops >= 1e3) return `${(ops / 1e3).toFixed(1)} k`;
  return ops.toFixed(0);
}
const fmtRatio = (r) => (r == null || !Number.isFinite(r) ? '—' : `${r >= 100 ? r.toFixed(0) : r >= 10 ? r.toFixed(1) : r.toFixed(2)}×`);
function fmtMs(ms) {
  if (ms < 0.1) return ms.toFixed(3);
  if (ms < 10) return ms.toFixed(2);
  return ms.toFixed(1);
}
const pct = (r) => `${(r * 100).toFixed(0)}%`;
const fmtMiB = (bytes) => (bytes == null ? '—' : `${(bytes / 1048576).toFixed(1)} MiB`);

// ---------- lookups over the router results ----------

function entry(router, set, adapterId) {
  return router.lookups.find((l) => l.set === set && l.adapterId === adapterId) ?? null;
}
function mixOf(router, set, adapterId, mix) {
  return entry(router, set, adapterId)?.mixes[mix] ?? null;
}
function nsOf(router, set, adapterId, mix) {
  const m = mixOf(router, set, adapterId, mix);
  return m?.status === 'ok' ? m.medianNs : null;
}
function adaptersOf(router) {
  const seen = [];
  for (const l of router.lookups) if (!seen.some((s) => s.adapterId === l.adapterId)) seen.push({ adapterId: l.adapterId, name: l.name, kind: l.kind });
  return seen;
}
function fastestPeer(router, set, mix) {
  let best = null;
  for (const a of adaptersOf(router)) {
    if (a.kind !== 'peer') continue;
    const ns = nsOf(router, set, a.adapterId, mix);
    if (ns !== null && (best === null || ns < best.ns)) best = { ...a, ns };
  }
  return best;
}
/** The peers the issue's targets name (the fastest of them is the bar). */
export const TARGET_PEERS = ['find-my-way', 'memoirist', 'koa-tree-router', 'hono-regexp', 'rou3-compiled', 'medley', 'jit-router'];
function fastestNamedPeer(router, set, mix) {
  let best = null;
  for (const a of adaptersOf(router)) {
    if (!TARGET_PEERS.includes(a.adapterId)) continue;
    const ns = nsOf(router, set, a.adapterId, mix);
    if (ns !== null && (best === null || ns < best.ns)) best = { ...a, ns };
  }
  return best;
}
/** A mix for people: 'fresh-static' → 'static requests, fresh strings'. */
function mixTitle(mix) {
  const fresh = mix === 'fresh' || mix.startsWith('fresh-');
  const kind = mix === 'fresh' || mix === 'all' ? 'all requests' : `${mix.replace('fresh-', '')} requests`;
  return `${kind}, ${fresh ? 'fresh' : 'pre-built'} strings`;
}
const statusText = (m) => (m == null ? 'not run' : m.status === 'n/a' ? `n/a (${m.reason})` : m.reason ?? m.status);

// ---------- targets ----------

/** The issue's targets, each with its measured ratio and met / missed (null: not measured). */
export function evaluateTargets(router, http, startup = null, instructions = null, startupInstructions = null) {
  const targets = [];
  const add = (text, value, threshold, higherIsBetter, detail) => {
    const met = value == null ? null : higherIsBetter ? value >= threshold : value <= threshold;
    targets.push({ text, value, threshold, higherIsBetter, met, detail });
  };
  if (router) {
    const sy = (set, mix) => nsOf(router, set, SUBJECT, mix);
    const other = (set, id, mix) => nsOf(router, set, id, mix);
    const ratio = (a, b) => (a == null || b == null ? null : a / b);
    // Every route set and every kind of request, pre-built and fresh: ≥ 1.0× the fastest of the seven peers (TARGET_PEERS).
    for (const set of router.sets.map((x) => x.name)) {
      for (const mix of ['all', 'fresh', ...MIX_ORDER.slice(1).flatMap((k) => [k, `fresh-${k}`])]) {
        const peer = fastestNamedPeer(router, set, mix);
        if (peer === null && sy(set, mix) === null) continue;
        add(`${SET_TITLES[set] ?? set}, ${mixTitle(mix)}: generated ≥ 1.0× the fastest peer`, ratio(peer?.ns, sy(set, mix)), 1, true,
          `${peer ? `${peer.name} ${fmtNs(peer.ns)} ns` : 'no peer'} vs generated ${fmtNs(sy(set, mix))} ns`);
      }
    }
    for (const mix of ['all', 'fresh']) {
      add(`GitHub API (203 routes), ${mixTitle(mix)}: generated ≥ 1.5× find-my-way`, ratio(other('github', 'find-my-way', mix), sy('github', mix)), 1.5, true,
        `find-my-way ${fmtNs(other('github', 'find-my-way', mix))} ns vs generated ${fmtNs(sy('github', mix))} ns`);
    }
    for (const set of router.sets.map((x) => x.name)) {
      const floor = other(set, 'map-floor-nested', 'static');
      if (floor === null) continue;
      add(`${SET_TITLES[set] ?? set}, static requests, pre-built strings: within 2× of a per-method Map.get floor (floor ÷ generated ≥ 0.5)`, ratio(floor, sy(set, 'static')), 0.5, true,
        `per-method Map.get ${fmtNs(floor)} ns vs generated ${fmtNs(sy(set, 'static'))} ns`);
    }
    for (const set of ['crud-10000', 'distinct-10000']) {
      const mine = entry(router, set, SUBJECT)?.build;
      add(`${SET_TITLES[set]}: build ≤ 50 ms`, mine?.status === 'ok' ? mine.medianNs / 1e6 / 50 : null, 1, false,
        `generated ${mine?.status === 'ok' ? fmtMs(mine.medianNs / 1e6) : '—'} ms (cold ${mine?.coldMs != null ? fmtMs(mine.coldMs) : '—'} ms); ratio to 50 ms`);
    }
    const gen = (subject) => router.generation.find((g) => g.subject === subject);
    const syGen = gen('switchyard');
    const p2r = gen('path-to-regexp');
    add('generation by route name ≥ 1.2× path-to-regexp compile() functions (GitHub templates)', syGen?.status === 'ok' && p2r?.status === 'ok' ? p2r.medianNs / syGen.medianNs : null, 1.2, true,
      `path-to-regexp ${fmtNs(p2r?.medianNs)} ns vs switchyard ${fmtNs(syGen?.medianNs)} ns`);
  }
  if (http) {
    const rps = (server, op) => http.results[server]?.[op]?.medianRps ?? null;
    const todoOk = http.servers.some((s) => s.id === 'switchyard');
    add('HTTP GET one item ≥ 92% of the node:http ceiling', todoOk && rps('ceiling', 'get-one') ? rps('switchyard', 'get-one') / rps('ceiling', 'get-one') : null, 0.92, true,
      `${group(rps('switchyard', 'get-one') ?? NaN)} vs ${group(rps('ceiling', 'get-one') ?? NaN)} req/s`);
    for (const [server, how] of [['switchyard', 'request log off'], ['switchyard-log', 'request log on']]) {
      for (const op of http.ops) {
        add(`HTTP ${op.name}, ${how}: switchyard to-do server ≥ 1.0× fastify`, todoOk && rps(server, op.id) && rps('fastify', op.id) ? rps(server, op.id) / rps('fastify', op.id) : null, 1, true,
          `${group(rps(server, op.id) ?? NaN)} vs ${group(rps('fastify', op.id) ?? NaN)} req/s`);
      }
    }
    for (const op of http.ops) {
      add(`HTTP ${op.name}: the request log costs under 5% (log on ÷ log off ≥ 0.95)`, rps('switchyard-log', op.id) && rps('switchyard', op.id) ? rps('switchyard-log', op.id) / rps('switchyard', op.id) : null, 0.95, true,
        `${group(rps('switchyard-log', op.id) ?? NaN)} with the log vs ${group(rps('switchyard', op.id) ?? NaN)} req/s without`);
    }
    // Server CPU per request (user + system, µs, from /proc): the steadier measure on a shared machine.
    const cpu = (server, op) => http.results[server]?.[op]?.cpuUs ?? null;
    const cpuText = (server, op) => {
      const r = http.results[server]?.[op];
      return r?.cpuUs == null ? '—' : `${r.cpuUserUs.toFixed(1)} + ${r.cpuSystemUs.toFixed(1)} µs`;
    };
    if (http.ops.some((op) => cpu('switchyard', op.id) !== null)) {
      for (const server of http.servers.filter((s) => s.id === 'switchyard' || s.id.startsWith('switchyard-log'))) {
        for (const op of http.ops) {
          add(`HTTP ${op.name}, ${server.name}: server CPU per request ≤ 1.0× fastify's`, cpu(server.id, op.id) && cpu('fastify', op.id) ? cpu(server.id, op.id) / cpu('fastify', op.id) : null, 1, false,
            `${cpuText(server.id, op.id)} vs fastify ${cpuText('fastify', op.id)} (user + system)`);
        }
      }
      // With the log on, against fastify with its own logger (pino) on, both writing to a pipe.
      if (http.servers.some((s) => s.id === 'fastify-log')) {
        for (const op of http.ops) {
          add(`HTTP ${op.name}, log on: server CPU per request ≤ 1.0× fastify with pino on`, cpu('switchyard-log', op.id) && cpu('fastify-log', op.id) ? cpu('switchyard-log', op.id) / cpu('fastify-log', op.id) : null, 1, false,
            `${cpuText('switchyard-log', op.id)} vs ${cpuText('fastify-log', op.id)} (user + system)`);
        }
      }
      // On PostgreSQL, against fastify + pg with the same queries (the same number of workers).
      for (const server of http.servers.filter((s) => /^switchyard-pg-/.test(s.id))) {
        const baseline = server.id.replace(/^switchyard/, 'fastify');
        for (const op of http.ops) {
          add(`HTTP ${op.name}, ${server.name}: ≥ 1.0× fastify + pg`, rps(server.id, op.id) && rps(baseline, op.id) ? rps(server.id, op.id) / rps(baseline, op.id) : null, 1, true,
            `${group(rps(server.id, op.id) ?? NaN)} vs ${group(rps(baseline, op.id) ?? NaN)} req/s`);
          add(`HTTP ${op.name}, ${server.name}: server CPU per request ≤ 1.0× fastify + pg`, cpu(server.id, op.id) && cpu(baseline, op.id) ? cpu(server.id, op.id) / cpu(baseline, op.id) : null, 1, false,
            `${cpuText(server.id, op.id)} vs ${cpuText(baseline, op.id)} (user + system)`);
        }
      }
      for (const server of http.servers.filter((s) => s.id.startsWith('switchyard-log'))) {
        for (const op of http.ops) {
          add(`HTTP ${op.name}, ${server.name}: the log costs under 5% of CPU per request (on ÷ off ≤ 1.05)`, cpu(server.id, op.id) && cpu('switchyard', op.id) ? cpu(server.id, op.id) / cpu('switchyard', op.id) : null, 1.05, false,
            `${cpuText(server.id, op.id)} with the log vs ${cpuText('switchyard', op.id)} without`);
        }
      }
    }
  }
  if (startup) {
    for (const set of startupSets(startup)) {
      for (const n of startup.lookupCounts) {
        const mine = startup.results.find((r) => r.subject === SUBJECT && r.lookups === n && setOf(r) === set);
        const peers = startup.results.filter((r) => TARGET_PEERS.includes(r.subject) && r.lookups === n && setOf(r) === set);
        const best = peers.reduce((a, b) => (a === null || b.medianMs < a.medianMs ? b : a), null);
        add(`start-up, fresh process: import + build (${SET_TITLES[set] ?? set}) + first ${group(n)} lookups ≤ the fastest peer's time`, mine && best ? mine.medianMs / best.medianMs : null, 1, false,
          `generated ${fmtMs(mine?.medianMs ?? NaN)} ms vs ${best?.name ?? '—'} ${fmtMs(best?.medianMs ?? NaN)} ms (ratio: generated ÷ fastest peer)`);
      }
    }
  }
  if (startupInstructions) {
    const si = startupInstructions;
    for (const set of startupSets(si)) {
      for (const subject of [SUBJECT, 'switchyard-aot']) {
        for (const n of si.lookupCounts) {
          const mine = si.results.find((r) => r.subject === subject && r.lookups === n && setOf(r) === set);
          const best = fastestStartupPeer(si, n, set);
          if (!mine) continue;
          add(`start-up in instructions (callgrind), import + build (${SET_TITLES[set] ?? set}) + first ${group(n)} lookups, ${mine.name} ≤ the fastest peer's`, best ? mine.instructions / best.instructions : null, 1, false,
            `${mine.name} ${mega(mine.instructions)} vs ${best?.name ?? '—'} ${mega(best?.instructions ?? NaN)} instructions (ratio: switchyard ÷ fastest peer)`);
        }
      }
    }
  }
  if (instructions) {
    for (const r of instructions.results.filter((x) => x.subject === SUBJECT)) {
      const best = fastestInstructionsPeer(instructions, r.set, r.mix);
      add(`instructions per lookup (callgrind), ${SET_TITLES[r.set] ?? r.set}, ${mixTitle(r.mix)}: generated ≤ the fastest peer (fastest peer ÷ generated ≥ 1.0)`, best ? best.perLookup / r.perLookup : null, 1, true,
        `${best?.name ?? 'no peer'} ${group(best?.perLookup ?? NaN)} vs generated ${group(r.perLookup)} instructions per lookup`);
    }
  }
  return targets;
}

function targetLine(t) {
  const verdict = t.met === null ? 'not measured' : t.met ? 'met' : 'MISSED';
  const value = t.value == null ? '—' : t.text.includes('% of the node') ? pct(t.value) : fmtRatio(t.value);
  return { verdict, value };
}

// ---------- console ----------

/** The router suite's summary on stdout: GitHub set table, targets. */
export function printRouterSummary(router) {
  const rows = adaptersOf(router).map((a) => {
    const m = mixOf(router, 'github', a.adapterId, 'all');
    const f = mixOf(router, 'github', a.adapterId, 'fresh');
    const s = mixOf(router, 'github', a.adapterId, 'static');
    return {
      subject: a.name,
      'all ns/op': m?.status === 'ok' ? fmtNs(m.medianNs) : statusText(m),
      'fresh ns/op': f?.status === 'ok' ? fmtNs(f.medianNs) : f?.status ?? '',
      'all ops/s': m?.status === 'ok' ? fmtOps(m.medianOpsPerSec) : '',
      'static ns/op': s?.status === 'ok' ? fmtNs(s.medianNs) : s?.status ?? '',
    };
  });
  console.log('\nGitHub set (203 routes), median per lookup:');
  console.table(rows);
  printTargets(evaluateTargets(router, null));
}

export function printTargets(targets) {
  console.log('\nTargets (ratios, never asserted):');
  for (const t of targets) {
    const { verdict, value } = targetLine(t);
    console.log(`  [${verdict.padEnd(12)}] ${t.text}: ${value}  (${t.detail})`);
  }
}

// ---------- markdown ----------

function routerMarkdown(router) {
  const out = [];
  const adapters = adaptersOf(router);
  out.push('## Router lookups', '');
  out.push(
    'Median cost of one lookup (`lookup(method, path)` → route index) over the request mix, in ns; p25–p75 of the samples;',
    'median ops/s. **× reference** = switchyard reference\'s median ÷ the subject\'s (how many times faster than the naive ordered',
    'loop); **× fastest peer** = the fastest peer router\'s median ÷ the subject\'s (above 1.00× = faster than every peer).',
    'Every subject was checked on every request of the set before anything was timed; a subject that could not build',
    'the set or answered wrongly is listed with the reason instead of a number.',
    '',
  );
  for (const set of router.sets) {
    const peerAll = fastestPeer(router, set.name, 'all');
    out.push(`### ${SET_TITLES[set.name] ?? set.name}`, '');
    out.push(`${set.routes} routes, ${set.requests} requests (${Object.entries(set.kinds).map(([k, n]) => `${n} ${k}`).join(', ')}). Source: ${set.source}.`, '');
    const problems = router.lookups.filter((l) => l.set === set.name && Object.values(l.mixes).some((m) => m.status === 'wrong' || m.status === 'cannot-express'));
    out.push(problems.length === 0
      ? `Checked before timing: every subject answered every request as expected (the floors: every static request).`
      : `Checked before timing: ${problems.map((l) => l.name).join(', ')} did not answer every request as expected (see below); every other subject did.`, '');
    out.push(`All requests (fastest peer: ${peerAll ? `${peerAll.name}, ${fmtNs(peerAll.ns)} ns` : 'none'}). "Fresh strings": the same requests, each path a new string cut from a Buffer per lookup, as node:http hands req.url over (the cut is part of every subject's time):`, '');
    const peerFresh = fastestPeer(router, set.name, 'fresh');
    out.push('| subject | median ns/op | p25–p75 ns | min–max ns | median ops/s | × reference | × fastest peer | fresh strings ns/op (× fastest peer) | warm-up ms |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    const linearAll = nsOf(router, set.name, 'switchyard-reference', 'all');
    for (const a of adapters) {
      const m = mixOf(router, set.name, a.adapterId, 'all');
      if (m?.status !== 'ok') {
        out.push(`| ${a.name} | ${statusText(m)} | | | | | | | |`);
        continue;
      }
      const f = mixOf(router, set.name, a.adapterId, 'fresh');
      const freshCell = f?.status === 'ok' ? `${fmtNs(f.medianNs)} (${peerFresh ? fmtRatio(peerFresh.ns / f.medianNs) : '—'})` : statusText(f);
      out.push(`| ${a.name} | **${fmtNs(m.medianNs)}** | ${fmtNs(m.p25Ns)}–${fmtNs(m.p75Ns)} | ${fmtNs(m.minNs)}–${fmtNs(m.maxNs)} | ${fmtOps(m.medianOpsPerSec)} | ${fmtRatio(linearAll / m.medianNs)} | ${peerAll ? fmtRatio(peerAll.ns / m.medianNs) : '—'} | ${freshCell} | ${entry(router, set.name, a.adapterId)?.warmupMs ?? '—'} |`);
    }
    out.push('', 'By kind of request: median ns/op (p25–p75), × reference, × fastest peer:', '');
    const kinds = MIX_ORDER.slice(1).filter((k) => set.kinds[k] > 0);
    out.push(`| subject | ${kinds.map((k) => `${k} (${set.kinds[k]})`).join(' | ')} |`, `|---|${kinds.map(() => '---:').join('|')}|`);
    for (const a of adapters) {
      const cells = kinds.map((k) => {
        const m = mixOf(router, set.name, a.adapterId, k);
        if (m?.status !== 'ok') return statusText(m);
        const lin = nsOf(router, set.name, 'switchyard-reference', k);
        const peer = fastestPeer(router, set.name, k);
        return `${fmtNs(m.medianNs)} (${fmtNs(m.p25Ns)}–${fmtNs(m.p75Ns)}) · ${fmtRatio(lin / m.medianNs)} · ${peer ? fmtRatio(peer.ns / m.medianNs) : '—'}`;
      });
      out.push(`| ${a.name} | ${cells.join(' | ')} |`);
    }
    const wrongs = router.lookups.filter((l) => l.set === set.name).flatMap((l) => Object.entries(l.mixes).filter(([, m]) => m.status === 'wrong').map(([mix, m]) => ({ l, mix, m })));
    if (wrongs.length) {
      out.push('', 'Wrong answers (not timed):', '');
      for (const { l, mix, m } of wrongs) {
        out.push(`- ${l.name}, ${mix}: ${m.wrong.slice(0, 5).map((w) => `\`${w.method} ${w.path}\` → ${w.got}, expected ${w.expect}`).join('; ')}${m.wrong.length > 5 ? `; … (${m.wrong.length} in all)` : ''}`);
      }
    }
    out.push('');
  }

  out.push('### Lookup cost vs route count', '');
  out.push('![median ns per lookup vs number of routes](benchmarks-chart.svg)', '');
  out.push('CRUD-shaped sets (same generator, same request shape) at 200, 2,000 and 10,000 routes, all requests; log–log. The Map.get floor is not drawn (it answers static routes only).', '');

  out.push('## Build time', '');
  out.push('Heap: the bytes one built router retains (used heap after two full collections, minus before; the route list its adapter builds for it included). Source: the size of the generated JavaScript of the whole table (switchyard generated; subtrees behind large literal fan-outs are compiled on their first request, so what is compiled and held at start-up is smaller).', '');
  out.push('Building a router from the route list, plus one lookup per HTTP method of a path no route has (so work done lazily on the first match, like hono\'s RegExpRouter building its regular expressions, or V8 compiling a regular expression on first use, is counted): median ms (p25–p75); "cold" is the first build in a fresh worker.', '');
  const buildSets = ['github', 'crud-2000', 'crud-10000', 'distinct-10000'].filter((s) => router.sets.some((x) => x.name === s));
  out.push(`| subject | ${buildSets.map((s) => SET_TITLES[s] ?? s).join(' | ')} | × reference (10,000) |`, `|---|${buildSets.map(() => '---:').join('|')}|---:|`);
  const linearBuild = entry(router, 'crud-10000', 'switchyard-reference')?.build;
  for (const a of adapters) {
    const cells = buildSets.map((s) => {
      const b = entry(router, s, a.adapterId)?.build;
      if (b?.status !== 'ok') return b ? b.reason : 'not run';
      return `${fmtMs(b.medianNs / 1e6)} ms (${fmtMs(b.p25Ns / 1e6)}–${fmtMs(b.p75Ns / 1e6)}), cold ${fmtMs(b.coldMs)}; heap ${fmtMiB(b.heapBytes)}${b.sourceBytes ? `; source ${(b.sourceBytes / 1024).toFixed(0)} KiB` : ''}`;
    });
    const b10k = entry(router, 'crud-10000', a.adapterId)?.build;
    const ratio = b10k?.status === 'ok' && linearBuild?.status === 'ok' ? fmtRatio(linearBuild.medianNs / b10k.medianNs) : '—';
    out.push(`| ${a.name} | ${cells.join(' | ')} | ${ratio} |`);
  }
  out.push('', 'switchyard generated emits and compiles its code in compile() (it answers from the first request), so its build time includes the emitting and compiling; results recorded before that change (the rows\' dates and builds say which) built only the trie and emitted after a table\'s first 100,000 requests.');
  out.push('', '"× reference" here: the reference\'s build time ÷ the subject\'s (below 1.00× = slower to build than the reference\'s plain list). hono\'s RegExpRouter compiles one large regular expression per method; repeated (warm) builds produce the same patterns again, which V8 may serve from its regexp cache, so its cold number is the telling one at 10,000 routes.', '');

  out.push('## URL generation', '');
  const gens = router.generation;
  const sy = gens.find((g) => g.subject === 'switchyard');
  const naive = gens.find((g) => g.subject === 'naive');
  out.push(`One call per distinct GitHub template (${sy?.templates ?? '?'} templates), by route name; each subject had to produce the same path for every template first. path-to-regexp's \`compile()\` runs once per template at setup; the call timed is the function it returns. The naive generator (bench/naive-generator.mjs) re-reads the template string with a regex replace on every call. The GitHub routes each have a verb limit (\`methods\`); "no verb limit" is the same route list without it, to show what the \`httpMethod\` check costs a generate call.`, '');
  out.push('| subject | median ns/op | p25–p75 ns | median ops/s | its ns ÷ switchyard\'s (above 1.00× = switchyard faster) |', '|---|---:|---:|---:|---:|');
  for (const g of gens) {
    if (g.status !== 'ok') {
      out.push(`| ${g.name} | ${g.reason} | | | |`);
      continue;
    }
    out.push(`| ${g.name} | **${fmtNs(g.medianNs)}** | ${fmtNs(g.p25Ns)}–${fmtNs(g.p75Ns)} | ${fmtOps(g.medianOpsPerSec)} | ${sy?.status === 'ok' ? fmtRatio(g.medianNs / sy.medianNs) : '—'} |`);
  }
  if (sy?.status === 'ok' && naive?.status === 'ok') out.push('', `Issue 4's ratio, naive ÷ switchyard: **${fmtRatio(naive.medianNs / sy.medianNs)}**.`);
  out.push('');
  return out.join('\n');
}

function httpMarkdown(http) {
  const out = ['## HTTP (to-do API)', ''];
  const m = http.meta;
  out.push(
    `autocannon, ${m.connections} connections, pipelining 1, ${m.durationSec} s per measurement after a ${m.warmupSec} s warm-up, ${m.rounds} rounds (in each round, every operation is measured on each server back to back, the server order rotating from round to round); the table gives the median over rounds (min–max of req/s in brackets).`,
    m.pinned
      ? `The server under load is pinned to core ${m.pinned.server} and autocannon to core ${m.pinned.client} (of ${m.cores}), and other jobs may run on both (1-minute load average ${m.loadAverage ? `${m.loadAverage.start} at the start and ${m.loadAverage.end} at the end of the run` : 'not recorded'}), so these are relative numbers, not capacity.`
      : `**autocannon runs on the same ${m.cores} cores as the server** (one Node process each, plus whatever else the machine was doing), so these are relative numbers, not capacity.`,
    'Servers: the ceiling is raw `node:http` answering a fixed body with the same bytes as the real answer (no routing, no parsing); the switchyard to-do server is `node dist/todo-server.js`; fastify runs the same five operations (bench/http/fastify-todo.mjs: in-memory Map, one seeded item, response schemas); on PostgreSQL, fastify + pg (bench/http/fastify-pg-todo.mjs) runs the same SQL statements as the store on the same throw-away PostgreSQL server, 1 worker or 2 in node:cluster as the to-do server with TODO_WORKERS.',
    '"GET all (100)" is measured after POSTing 99 items; POST is measured last (the store grows while it runs).',
    '',
  );
  const servers = http.servers;
  out.push(`| operation | ${servers.map((s) => `${s.name} req/s`).join(' | ')} | ${servers.map((s) => `${s.name} p99 ms`).join(' | ')} | ${servers.filter((s) => s.id !== 'ceiling').map((s) => `${s.name} ÷ ceiling`).join(' | ')} |`);
  out.push(`|---|${servers.map(() => '---:').join('|')}|${servers.map(() => '---:').join('|')}|${servers.filter((s) => s.id !== 'ceiling').map(() => '---:').join('|')}|`);
  for (const op of http.ops) {
    const r = (s) => http.results[s.id]?.[op.id];
    const rps = servers.map((s) => (r(s) ? `**${group(r(s).medianRps)}** (${group(r(s).minRps)}–${group(r(s).maxRps)})` : '—'));
    const p99 = servers.map((s) => (r(s) ? String(r(s).medianP99) : '—'));
    const ceiling = http.results.ceiling?.[op.id]?.medianRps;
    const ratios = servers.filter((s) => s.id !== 'ceiling').map((s) => (r(s) && ceiling ? pct(r(s).medianRps / ceiling) : '—'));
    out.push(`| ${op.name} | ${rps.join(' | ')} | ${p99.join(' | ')} | ${ratios.join(' | ')} |`);
  }
  const withCpu = servers.filter((s) => http.ops.some((op) => http.results[s.id]?.[op.id]?.cpuUs != null));
  if (withCpu.length) {
    out.push('', `### Server CPU per request`, '');
    out.push(
      `The server process's own CPU time per request answered, user + system in µs (from \`/proc/<pid>/stat\` before and after each measurement, its worker processes included), median over rounds; ${m.pinned ? `servers pinned to core ${m.pinned.server} and autocannon to core ${m.pinned.client} with taskset` : 'not pinned'}; a warm-up of ${m.warmupSec} s and ${group(m.warmupRequests ?? 0)} requests before each. On a machine shared with other jobs this is far steadier than requests per second (a busy neighbour slows the server down, but barely changes what a request costs it), yet at a load average of 10–25 on 2 cores it still moved by ±20–50% from round to round: compare servers within this table, and read single ratios with care. In brackets: the server's total ÷ fastify's (≤ 1.00 is at most fastify's CPU), with the request log on ÷ fastify's with its logger (pino) on when measured; on PostgreSQL ÷ fastify + pg's with as many workers (bench/http/fastify-pg-todo.mjs: the store's own schema and SQL statements, node:cluster for 2 workers). The request log's stdout: ${servers.filter((s) => s.stdout).map((s) => `${s.name}`).join('; ')}.`,
      '',
    );
    out.push(`| operation | ${withCpu.map((s) => s.name).join(' | ')} |`, `|---|${withCpu.map(() => '---:').join('|')}|`);
    for (const op of http.ops) {
      // A PostgreSQL server is compared with fastify + pg on as many workers; the rest with fastify in memory.
      // With the log on, fastify with pino on when it was measured.
      const baselineOf = (id) =>
        /^switchyard-pg-/.test(id) ? id.replace(/^switchyard/, 'fastify') : /^switchyard-log/.test(id) && http.results['fastify-log'] ? 'fastify-log' : /^fastify/.test(id) ? null : 'fastify';
      const cells = withCpu.map((s) => {
        const r = http.results[s.id]?.[op.id];
        if (r?.cpuUs == null) return '—';
        const baseline = baselineOf(s.id) === null ? null : http.results[baselineOf(s.id)]?.[op.id]?.cpuUs;
        const ratio = baseline ? ` (${fmtRatio(r.cpuUs / baseline)})` : '';
        return `${r.cpuUserUs.toFixed(1)} + ${r.cpuSystemUs.toFixed(1)}${ratio}`;
      });
      out.push(`| ${op.name} | ${cells.join(' | ')} |`);
    }
  }
  if (http.problems?.length) out.push('', 'Problems seen:', '', ...http.problems.map((p) => `- ${p}`));
  out.push('', `Run: \`${http.meta.command}\` (\`${http.meta.nodeCommand}\`), ${http.meta.date}, Node ${http.meta.node}, ${http.meta.cpuModel} × ${http.meta.cores}.`, '');
  return out.join('\n');
}

/** A start-up result's route set (results before sets were measured are the GitHub set's). */
const setOf = (r) => r.set ?? 'github';
/** The sets a start-up run measured, GitHub first. */
const startupSets = (run) => [...new Set(run.results.map(setOf))].sort((a, b) => (a === 'github' ? -1 : b === 'github' ? 1 : a.localeCompare(b)));

function startupMarkdown(startup) {
  const out = ['## Start-up', ''];
  out.push(`\`npm run bench:startup\`: each cell is a fresh process (bench/startup-child.mjs) that imports the subject (its adapter and the router library), builds the route set and answers the first N lookups, each path a fresh string cut from a Buffer; node's own bootstrap, the same for all, is not counted. Median of ${startup.meta.runs} runs, the subjects interleaved. ms: total (import + build + lookups).`, '');
  for (const set of startupSets(startup)) {
    out.push(`### ${SET_TITLES[set] ?? set}`, '');
    const subjects = [...new Set(startup.results.filter((r) => setOf(r) === set).map((r) => r.subject))];
    out.push(`| subject | ${startup.lookupCounts.map((n) => `first ${group(n)} lookups`).join(' | ')} | import ms | build ms | µs per lookup over the first ${group(startup.lookupCounts.at(-1))} |`, `|---|${startup.lookupCounts.map(() => '---:').join('|')}|---:|---:|---:|`);
    for (const subject of subjects) {
      const rows = startup.lookupCounts.map((n) => startup.results.find((r) => r.subject === subject && r.lookups === n && setOf(r) === set));
      const last = rows.at(-1);
      out.push(`| ${rows[0].name} | ${rows.map((r) => `**${fmtMs(r.medianMs)}**`).join(' | ')} | ${fmtMs(last.importMs)} | ${fmtMs(last.buildMs)} | ${(last.lookupMs * 1000 / last.lookups).toFixed(2)} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

const mega = (n) => `${(n / 1e6).toFixed(1)} M`;

/** Subjects in table order: switchyard's first, then the seven peers, then any other. */
const SUBJECT_ORDER = [SUBJECT, 'switchyard-aot', 'switchyard-trie', ...TARGET_PEERS];
const inTableOrder = (subjects) => [...subjects].sort((a, b) => (SUBJECT_ORDER.indexOf(a) + 1 || 99) - (SUBJECT_ORDER.indexOf(b) + 1 || 99));

/** The peer with the fewest start-up instructions at N lookups on a set. */
function fastestStartupPeer(si, n, set) {
  return si.results.filter((r) => TARGET_PEERS.includes(r.subject) && r.lookups === n && setOf(r) === set).reduce((a, b) => (a === null || b.instructions < a.instructions ? b : a), null);
}

/** The peer with the fewest instructions per lookup on a set and mix. */
function fastestInstructionsPeer(instructions, set, mix) {
  return instructions.results.filter((r) => TARGET_PEERS.includes(r.subject) && r.set === set && r.mix === mix).reduce((a, b) => (a === null || b.perLookup < a.perLookup ? b : a), null);
}

function startupInstructionsMarkdown(si, changes) {
  const out = ['## Start-up in instructions (callgrind)', ''];
  const how = si.meta.method === 'marks'
    ? 'One process per subject and set under `valgrind --tool=callgrind`, node with --single-threaded (V8 then compiles on the main thread: its optimizing work is counted, the same way in every run); the child (bench/startup-child.mjs) marks the start of the import and the end of the first 1,000, 10,000 and 100,000 lookups (fresh strings), and callgrind dumps its counts at each mark (bench/lib/callgrind.mjs), so a cell is import + build + the first N lookups exactly, without node\'s bootstrap or the exit.'
    : `Each cell is one fresh process (bench/startup-child.mjs: import the subject, build the GitHub set, answer the first N lookups, fresh strings) under \`valgrind --tool=callgrind\`, node with --single-threaded; less the same process with no subject and no lookup (${mega(si.meta.baseline)}: node's bootstrap and the child's own set-up). The counts of a cell move by up to ~10 M from run to run.`;
  out.push(`\`npm run bench:startup-instructions\` (${si.meta.date.slice(0, 10)}, ${si.meta.seconds} s): the start-up curve counted in instructions, which the load on a shared machine does not move. ${how} The switchyard built module is the set written by compileToModule() (what \`switchyard build\` writes) and imported: its import is its build. Instructions are not time (a cache miss costs more than an add), but they rank the cold path the way the machine would without its load. In parentheses: ÷ the fastest of the seven peers at that N; the fastest peer is in bold italics.`, '');
  for (const set of startupSets(si)) {
    out.push(`### ${SET_TITLES[set] ?? set}`, '');
    out.push(`| subject | ${si.lookupCounts.map((n) => `first ${group(n)} lookups`).join(' | ')} |`, `|---|${si.lookupCounts.map(() => '---:').join('|')}|`);
    const subjects = inTableOrder(new Set(si.results.filter((r) => setOf(r) === set).map((r) => r.subject)));
    for (const subject of subjects) {
      const cells = si.lookupCounts.map((n) => {
        const r = si.results.find((x) => x.subject === subject && x.lookups === n && setOf(x) === set);
        const best = fastestStartupPeer(si, n, set);
        if (!r) return '—';
        const count = best?.subject === subject ? `***${mega(r.instructions)}***` : `**${mega(r.instructions)}**`;
        return `${count}${best ? ` (${fmtRatio(r.instructions / best.instructions)})` : ''}`;
      });
      out.push(`| ${si.results.find((r) => r.subject === subject).name} | ${cells.join(' | ')} |`);
    }
    out.push('');
  }
  for (const change of changes ?? []) {
    out.push(`### ${change.title}`, '', `${change.date}, Node ${change.node}, ${change.command}. ${change.note}`, '');
    out.push('| subject | lookups | before | after | after ÷ before |', '|---|---:|---:|---:|---:|');
    for (const r of change.rows) out.push(`| ${r.name} | ${group(r.lookups)} | ${mega(r.before)} | **${mega(r.after)}** | ${(r.after / r.before).toFixed(2)}× |`);
    out.push('');
    if (change.profile) out.push(change.profile, '');
  }
  return out.join('\n');
}

function instructionsMarkdown(instructions) {
  const out = ['## Instructions per lookup (callgrind)', ''];
  const m = instructions.meta;
  const counts = [...new Set(instructions.results.map((r) => r.count ?? m.count))];
  const countText = counts.length === 1 ? group(counts[0]) : `N (${counts.map(group).join(' or ')}: each row's \`count\` in instructions.json)`;
  const how = m.method?.startsWith('marks')
    ? `one process per subject and set under \`valgrind --tool=callgrind\` (bench/instructions-child.mjs): build, ${group(m.warmup)} warm-up lookups over ${m.method.includes('per mix') ? 'the requests of the mix counted' : 'all of the set\'s requests'}, then for each column in turn ${countText} lookups over its requests between two marks, where callgrind dumps its counts (bench/lib/callgrind.mjs): the instructions between the marks ÷ ${counts.length === 1 ? group(counts[0]) : 'N'} are one lookup's, with nothing else of the process counted. ${m.method.includes('per mix') ? '' : `The columns are counted left to right in one process, so the k-th starts after ${group(m.warmup)} + (k − 1) × N lookups: a subject whose speed still changes after ${group(m.warmup)} lookups (a tier switch) is faster in the later columns than it would be right after the warm-up. `}switchyard generated is \`compile()\` with its defaults;`
    : `each subject runs a fixed lookup loop (bench/instructions-child.mjs: build, ${group(m.warmup)} warm-up lookups over the set's requests, then N more) under \`valgrind --tool=callgrind\`, once with N = 0 and once with N = ${group(m.count)}; the difference ÷ N is the instructions of one lookup.`;
  out.push(`\`npm run bench:instructions\` (${m.date.slice(0, 10)}, ${m.seconds} s): a noise-free second signal, ${how} node runs with --single-threaded (no background compiler or GC threads) and fixed hash and random seeds. Instruction counts are not time (a cache miss or a mispredicted branch costs more than an add), but a change of a few percent shows here when wall-clock numbers on a shared machine cannot show it. In parentheses: ÷ the fastest of the seven peers (find-my-way, memoirist, koa-tree-router, hono RegExpRouter, rou3 compileRouter, @medley/router, @jsonjoy.com/jit-router) in that column, whose count is in bold italics.`, '');
  const mixes = MIX_ORDER.filter((mix) => instructions.results.some((r) => r.mix === mix)).concat([...new Set(instructions.results.map((r) => r.mix))].filter((mix) => !MIX_ORDER.includes(mix)));
  for (const set of [...new Set(instructions.results.map((r) => r.set))]) {
    out.push(`### ${SET_TITLES[set] ?? set}`, '');
    const mixesHere = mixes.filter((mix) => instructions.results.some((r) => r.set === set && r.mix === mix));
    out.push(`| subject | ${mixesHere.map(mixTitle).join(' | ')} |`, `|---|${mixesHere.map(() => '---:').join('|')}|`);
    for (const subject of inTableOrder(new Set(instructions.results.filter((r) => r.set === set).map((r) => r.subject)))) {
      const cells = mixesHere.map((mix) => {
        const r = instructions.results.find((x) => x.subject === subject && x.set === set && x.mix === mix);
        if (!r) return '—';
        const best = fastestInstructionsPeer(instructions, set, mix);
        const count = best?.subject === subject ? `***${group(r.perLookup)}***` : `**${group(r.perLookup)}**`;
        return `${count}${best ? ` (${fmtRatio(r.perLookup / best.perLookup)})` : ''}`;
      });
      out.push(`| ${instructions.results.find((r) => r.subject === subject).name} | ${cells.join(' | ')} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

/**
 * A change measured with `npm run bench:instructions` on the build before it and the build after it
 * (bench/results/instructions-changes.json, written by hand from the two runs' output: one entry per change).
 */
function instructionsChangesMarkdown(changes) {
  const out = ['## Instructions per lookup, before and after a change (callgrind)', ''];
  const mixes = { all: 'all, pre-built strings', static: 'static, pre-built strings', 'fresh-static': 'static, fresh strings', fresh: 'all, fresh strings' };
  for (const change of changes) {
    out.push(`### ${change.title}`, '', `${change.date}, Node ${change.node}, ${change.command}. ${change.note}`, '');
    out.push('| route set | requests | subject | before | after | after ÷ before |', '|---|---|---|---:|---:|---:|');
    for (const r of change.rows) {
      out.push(`| ${SET_TITLES[r.set] ?? r.set} | ${mixes[r.mix] ?? r.mix} | ${r.subject} | ${group(r.before)} | **${group(r.after)}** | ${(r.after / r.before).toFixed(2)}× |`);
    }
    out.push('');
  }
  return out.join('\n');
}

// ---------- chart ----------

const COLORS = ['#d62728', '#7f7f7f', '#1f77b4', '#ff7f0e', '#2ca02c', '#98df8a', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#bcbd22'];
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Median ns per lookup vs route count (synthetic sets, all requests), one line per subject; log–log. */
export function chartSvg(router) {
  const sizes = [200, 2000, 10000].filter((n) => router.sets.some((s) => s.name === `crud-${n}`));
  const series = adaptersOf(router)
    .filter((a) => a.kind !== 'floor')
    .map((a, i) => ({ ...a, color: COLORS[i % COLORS.length], points: sizes.map((n) => ({ n, ns: nsOf(router, `crud-${n}`, a.adapterId, 'all') })).filter((p) => p.ns !== null) }))
    .filter((s) => s.points.length > 0);
  const W = 820, H = 600, left = 70, right = 220, top = 40, bottom = 60;
  const pw = W - left - right, ph = H - top - bottom;
  const all = series.flatMap((s) => s.points.map((p) => p.ns));
  const yMin = Math.floor(Math.log10(Math.min(...all) * 0.8));
  const yMax = Math.ceil(Math.log10(Math.max(...all) * 1.25));
  const xMin = Math.log10(150), xMax = Math.log10(14000);
  const x = (n) => left + ((Math.log10(n) - xMin) / (xMax - xMin)) * pw;
  const y = (ns) => top + ph - ((Math.log10(ns) - yMin) / (yMax - yMin)) * ph;
  const parts = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="Helvetica, Arial, sans-serif" font-size="12">`);
  parts.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
  parts.push(`<text x="${left}" y="22" font-size="15" font-weight="bold">Lookup cost vs route count (median ns per lookup, log–log)</text>`);
  for (let d = yMin; d <= yMax; d++) {
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** d;
      if (Math.log10(v) > yMax) continue;
      const yy = y(v).toFixed(1);
      parts.push(`<line x1="${left}" x2="${left + pw}" y1="${yy}" y2="${yy}" stroke="${m === 1 ? '#ccc' : '#eee'}"/>`);
      if (m === 1 || ph / (yMax - yMin) >= 80) parts.push(`<text x="${left - 6}" y="${Number(yy) + 4}" text-anchor="end">${fmtNs(v)}</text>`);
    }
  }
  for (const n of sizes) {
    const xx = x(n).toFixed(1);
    parts.push(`<line x1="${xx}" x2="${xx}" y1="${top}" y2="${top + ph}" stroke="#ddd"/>`);
    parts.push(`<text x="${xx}" y="${top + ph + 18}" text-anchor="middle">${group(n)}</text>`);
  }
  parts.push(`<rect x="${left}" y="${top}" width="${pw}" height="${ph}" fill="none" stroke="#888"/>`);
  parts.push(`<text x="${left + pw / 2}" y="${H - 18}" text-anchor="middle">routes (CRUD-shaped sets, all requests)</text>`);
  parts.push(`<text transform="translate(18 ${top + ph / 2}) rotate(-90)" text-anchor="middle">ns per lookup</text>`);
  series.forEach((s, i) => {
    const wide = s.adapterId === SUBJECT;
    const dash = s.adapterId === 'switchyard-reference' ? ' stroke-dasharray="6 4"' : '';
    const pts = s.points.map((p) => `${x(p.n).toFixed(1)},${y(p.ns).toFixed(1)}`).join(' ');
    parts.push(`<polyline points="${pts}" fill="none" stroke="${s.color}" stroke-width="${wide ? 3.5 : 1.8}"${dash}/>`);
    for (const p of s.points) parts.push(`<circle cx="${x(p.n).toFixed(1)}" cy="${y(p.ns).toFixed(1)}" r="${wide ? 4 : 3}" fill="${s.color}"/>`);
    const ly = top + 10 + i * 20;
    parts.push(`<line x1="${left + pw + 15}" x2="${left + pw + 40}" y1="${ly}" y2="${ly}" stroke="${s.color}" stroke-width="${wide ? 3.5 : 1.8}"${dash}/>`);
    parts.push(`<text x="${left + pw + 46}" y="${ly + 4}"${wide ? ' font-weight="bold"' : ''}>${esc(s.name)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

// ---------- the document ----------

function readJson(url) {
  return existsSync(url) ? JSON.parse(readFileSync(url, 'utf8')) : null;
}

/**
 * Which Node each table was measured on, how to measure on another, and the runs stored for other Nodes
 * (bench/results/node<major>/). `suites`: results with `meta`; `plain`: results with `node` and `date` at the top.
 */
function nodeMarkdown(dir, suites, plain) {
  const runs = [...suites.filter(Boolean).map((r) => ({ name: r.suite, node: r.meta.node })), ...plain.filter(Boolean).map((r, i) => ({ name: ['diagnostics', 'live', 'soak'][i], node: r.node }))];
  const versions = [...new Set(runs.map((r) => r.node))];
  const lines = [];
  lines.push(versions.length === 1
    ? `**Node:** every table below was measured on Node ${versions[0]} (\`node\` in each results file).`
    : `**Node:** the tables below were measured on ${versions.map((v) => `Node ${v} (${runs.filter((r) => r.node === v).map((r) => r.name).join(', ')})`).join('; ')}.`);
  const onPrimary = runs.filter((r) => r.node.startsWith(`v${PRIMARY_NODE_MAJOR}.`)).length;
  if (onPrimary < runs.length) lines.push(`${onPrimary === 0 ? 'None has been measured' : `${runs.length - onPrimary} of the ${runs.length} suites have not been measured`} on Node ${PRIMARY_NODE_MAJOR} yet: a suite run on Node ${PRIMARY_NODE_MAJOR} replaces its table.`);
  lines.push(`Node ${PRIMARY_NODE_MAJOR} is the primary column: every bench script runs on \`tools/node-versions/node_modules/node${PRIMARY_NODE_MAJOR}/bin/node\` (\`npm run install:nodes\`) when it is installed, whichever \`node\` started it, and writes to \`bench/results/\`. \`BENCH_NODE=26\` (or \`BENCH_NODE=<path to a node binary>\`, or \`BENCH_NODE=current\` for the node that started it) runs it on another Node, whose results go to \`bench/results/node<major>/\` beside the primary's; e.g. \`BENCH_NODE=26 npm run bench:startup-instructions\`.`);
  const others = [];
  for (const major of [20, 22, 26]) {
    for (const file of ['router.json', 'http.json', 'http-counts.json', 'startup.json', 'startup-instructions.json', 'instructions.json', 'hono.json', 'runtimes-startup.json', 'diagnostics.json', 'live.json', 'soak.json']) {
      const other = readJson(new URL(`node${major}/${file}`, dir));
      if (other) others.push(`\`bench/results/node${major}/${file}\` (Node ${other.meta?.node ?? other.node}, ${(other.meta?.date ?? other.date).slice(0, 10)})`);
    }
  }
  lines.push(others.length ? `Runs on other Nodes, beside these: ${others.join(', ')}.` : `No run on another Node is stored yet (\`bench/results/node<major>/\`).`);
  return lines.join(' ');
}

/** `npm run bench:hono` (bench/hono.mjs): the routers inside a Hono app. */
function honoMarkdown({ meta, rows }) {
  const table = [
    '| table | router | ns per request | first request ms (build) | speed vs fastest |',
    '|---|---|---:|---:|---:|',
    ...rows.map((r) => `| ${r.set} (${r.routes.toLocaleString('en')} routes) | ${r.router} | ${Math.round(r.nsPerRequest).toLocaleString('en')} | ${r.firstRequestMs.toFixed(1)} | ${r.ratioToFastest.toFixed(2)}× |`),
  ].join('\n');
  // SwitchyardRouter against RegExpRouter per table: requests per second, and the first request (the build).
  const versus = [...new Set(rows.map((r) => r.set))].map((set) => {
    const of = (router) => rows.find((r) => r.set === set && r.router === router);
    const [ours, theirs] = [of('SwitchyardRouter'), of('RegExpRouter')];
    return `${set}: ${(theirs.nsPerRequest / ours.nsPerRequest).toFixed(2)}× RegExpRouter's requests per second, first request ${(theirs.firstRequestMs / ours.firstRequestMs).toFixed(2)}× as fast`;
  });
  return [
    '## Inside a Hono app',
    '',
    `\`npm run bench:hono\` (${meta.date.slice(0, 10)}, Node ${meta.node}, ${meta.cores} shared cores; medians of ${meta.rounds} rounds, each router in its own process): one Hono app, one handler per route, every request through \`app.request()\` — so a request costs what it costs in a Hono app (a \`Request\`, a \`Context\`, a \`Response\`), and the router is a small part of it. Hono's \`RegExpRouter\`, its default \`SmartRouter\`, and \`SwitchyardRouter\` (which answers with every matching route, as Hono's routers must, through the interpreted trie's \`matches()\`):`,
    '',
    table,
    '',
    `SwitchyardRouter per table — ${versus.join('; ')}. With few routes the request and response objects dominate; with many, RegExpRouter's one large regular expression slows every request and its build.`,
    '',
  ].join('\n');
}

/** How loaded the machine was during a run, from its 1-minute load averages at the start and the end. */
function machineLoad(loadavg) {
  if (!loadavg) return 'loaded by other jobs (load average ~15): absolute numbers are several times slower than on a quiet machine';
  const [start, end] = loadavg.map((l) => l.toFixed(1));
  // Load from the benchmark's own process stays below 2 on two cores.
  return Math.max(...loadavg) < 2
    ? `with nothing else running (load average ${start} at the start, ${end} at the end)`
    : `loaded by other jobs (load average ${start} at the start, ${end} at the end): absolute numbers are slower than on a quiet machine`;
}

/** The live-table section (bench/live.mjs): build, heap, each change's latency, lookups around churn, per router. */
function liveMarkdown(live) {
  const ms = (v) => (v === null || v === undefined ? '—' : v < 1 ? `${(v * 1000).toFixed(1)} µs` : `${v.toFixed(v < 10 ? 2 : 0)} ms`);
  const pair = (l) => (l ? `${ms(l.p50)} / ${ms(l.p99)}` : '—');
  const rate = (v) => (v === undefined ? '—' : Math.round(v).toLocaleString('en-US'));
  const by = Object.fromEntries(live.results.map((r) => [r.name, r]));
  const out = ['## Live tables', ''];
  out.push(
    `\`npm run bench:live\` (${live.date}, Node ${live.node}): ${live.tenants.toLocaleString('en-US')} tenants × 100 routes (\`t{n}/…\`: 40 statics, 40 parameter routes, 15 int constraints, 5 catch-alls), then ${live.changes.toLocaleString('en-US')} adds, inserts (switchyard only: the peers have no order) and removes of new parameter routes in random tenants, each timed on its own, back to back; then each add again followed by the first lookup in its tenant (where a router that defers work of a change to the next request pays for it; switchyard answers it by the tenant's trie, changed in place by the add); lookups per second over 1.5 s on 4,096 paths of all tenants, before any change, right after the timed changes, during churn (a change every ${live.churnEvery.toLocaleString('en-US')} lookups) and after. find-my-way's \`off()\` rebuilds its tree, so only ${by['find-my-way']?.add?.n ?? '—'} of its changes are timed. One run, on a 2-core machine ${machineLoad(live.loadavg)}; compare within the table. docs/live-tables.md explains the costs.`,
    '',
  );
  out.push('| router | build | heap | first change | add p50 / p99 | insert p50 / p99 | remove p50 / p99 | add + first lookup p50 / p99 | lookups/s before | right after the changes | during churn | after |');
  out.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of live.results) {
    out.push(`| ${r.name} | ${ms(r.buildMs)} | ${r.heapMB.toFixed(0)} MB | ${ms(r.firstChangeMs)} | ${pair(r.add)} | ${pair(r.insert)} | ${pair(r.remove)} | ${pair(r.addThenLookup)} | ${rate(r.lookupsBefore)} | ${rate(r.lookupsAfterChanges)} | ${rate(r.lookupsDuringChurn)} | ${rate(r.lookupsAfter)} |`);
  }
  const rounds = live.results.filter((r) => r.secondRound);
  if (rounds.length > 0) {
    out.push('', 'The same changes a second time, right after the first round (the first round also pays for what the build and the first change left to the collector):', '');
    out.push('| router | add p50 / p99 | insert p50 / p99 | remove p50 / p99 |', '|---|---:|---:|---:|');
    for (const r of rounds) out.push(`| ${r.name} | ${pair(r.secondRound.add)} | ${pair(r.secondRound.insert)} | ${pair(r.secondRound.remove)} |`);
  }
  const s = by.switchyard;
  const ratio = (a, b) => (a && b ? `${(a / b).toFixed(2)}×` : '—');
  if (s && by.rou3) {
    out.push('', `switchyard / rou3 at p99: add ${ratio(s.add?.p99, by.rou3.add?.p99)}, remove ${ratio(s.remove?.p99, by.rou3.remove?.p99)}, insert ${ratio(s.insert?.p99, by.rou3.add?.p99)} (against rou3's add), add + first lookup ${ratio(s.addThenLookup?.p99, by.rou3.addThenLookup?.p99)}; in the second round: add ${ratio(s.secondRound?.add?.p99, by.rou3.secondRound?.add?.p99)}, remove ${ratio(s.secondRound?.remove?.p99, by.rou3.secondRound?.remove?.p99)}, insert ${ratio(s.secondRound?.insert?.p99, by.rou3.secondRound?.add?.p99)}. At p50: add ${ratio(s.add?.p50, by.rou3.add?.p50)}, remove ${ratio(s.remove?.p50, by.rou3.remove?.p50)}, insert ${ratio(s.insert?.p50, by.rou3.add?.p50)}, add + first lookup ${ratio(s.addThenLookup?.p50, by.rou3.addThenLookup?.p50)}. The target (each change at p99 no slower than rou3's) is met where the ratio is ≤ 1.00×.`);
  }
  if (s && by['find-my-way']) out.push('', `switchyard / find-my-way at p50: add ${ratio(s.add?.p50, by['find-my-way'].add?.p50)}, remove ${ratio(s.remove?.p50, by['find-my-way'].remove?.p50)}; at p99: add ${ratio(s.add?.p99, by['find-my-way'].add?.p99)}, remove ${ratio(s.remove?.p99, by['find-my-way'].remove?.p99)}.`);
  out.push('');
  return out.join('\n');
}

/**
 * The to-do API's counts (bench/results/http-counts.json, `npm run bench:http:counts`): instructions and bytes of
 * V8 heap per request, switchyard and fastify, each with its log off and on; ratios are fastify's ÷ switchyard's
 * (≥ 1.00: switchyard does at most fastify's work).
 */
const COUNT_PAIRS = [
  ['switchyard', 'fastify', 'log off'],
  ['switchyard-log', 'fastify-log', 'log on (switchyard\'s request log; fastify\'s logger, pino)'],
];

/** Targets from the counts: fastify's ÷ switchyard's ≥ 1.0 per operation, count and log setting. */
export function countTargets(counts) {
  const targets = [];
  if (!counts) return targets;
  for (const [kind, unit] of [['instructions', 'instructions'], ['bytes', 'bytes of V8 heap']]) {
    for (const [mine, peer, how] of COUNT_PAIRS) {
      for (const op of counts.ops) {
        const a = counts[kind]?.[mine]?.[op.id];
        const b = counts[kind]?.[peer]?.[op.id];
        if (a == null || b == null) continue;
        const value = b / a;
        const failed = kind === 'instructions' ? (counts.failed?.[mine]?.[op.id] ?? 0) + (counts.failed?.[peer]?.[op.id] ?? 0) : 0;
        targets.push({
          text: `HTTP ${op.name}, ${how.split(' (')[0]}: ${unit} per request ≤ fastify's (fastify's ÷ switchyard's ≥ 1.0)`,
          value,
          verdict: failed ? 'not counted (requests failed in the window)' : value >= 1 ? 'met' : '**missed**',
          detail: `${group(a)} vs fastify${mine.endsWith('-log') ? ' with pino' : ''} ${group(b)} (npm run bench:http:counts)${failed ? `; ${group(failed)} requests failed in the counted windows` : ''}`,
        });
      }
    }
  }
  return targets;
}

export function httpCountsMarkdown(counts) {
  const m = counts.meta;
  const out = ['### Instructions and bytes per request (counted)', ''];
  out.push(
    `\`npm run bench:http:counts\` (bench/http/counts.mjs): what a request costs the server, in two counts that the load on the machine does not move (this machine's 2 cores were shared with other jobs throughout, which is why the times above move by tens of percent from round to round and these decide). **Instructions**: each server under \`valgrind --tool=callgrind\` (node ${m.instructions.node.join(' ')}: the JIT and the garbage collector on the main thread, so counted), one process per server; autocannon sends ${group(m.instructions.warmup)} requests each of ${m.instructions.warmupOps}, then for each operation ${group(m.instructions.warmup)} more of it and ${group(m.instructions.counted)} counted between two dumps of callgrind's counts (bench/http/instructions.mjs)${m.instructions.node.includes('--no-memory-reducer') ? ' (without V8\'s memory reducer, whose full collections, timed by the wall clock, flush compiled code and landed in some windows and not others)' : ''}; user space only (the kernel's send and receive are not in it). **Bytes**: of V8 heap allocated per request, freed or not, by V8's sampling heap profiler in the server (bench/http/allocations.mjs: a fresh process per server and operation, ${group(m.allocations.warmup)} requests of warm-up, ${group(m.allocations.measured)} measured one at a time, the median of ${m.allocations.runs} runs). Log on: switchyard's request log, and fastify's own logger (pino, a line when a request comes in and one when it is answered), each writing to /dev/null. DELETE removes an item that exists each time: before its window (uncounted) the store is brought back to its one seeded item and as many items are created as DELETEs are counted, the same for every server; PUT replaces the seeded item. A count whose window had failed requests says so in its cell. In brackets: fastify's ÷ switchyard's (≥ 1.00: switchyard does at most fastify's work).`,
    '',
  );
  const has = (id) => counts.servers.some((s) => s.id === id);
  const before = has('switchyard-before');
  for (const [kind, title] of [['instructions', 'Instructions per request'], ['bytes', 'Bytes of V8 heap allocated per request']]) {
    if (!counts[kind] || Object.keys(counts[kind]).length === 0) continue;
    const cols = [];
    if (before) cols.push(['switchyard-before', 'fastify', 'switchyard, log off, before']);
    for (const [mine, peer, how] of COUNT_PAIRS) {
      if (has(mine)) cols.push([mine, peer, `switchyard, ${how.split(' (')[0]}`]);
      if (has(peer)) cols.push([peer, null, peer === 'fastify' ? 'fastify, log off' : 'fastify with pino, log on']);
    }
    out.push(`${title}:`, '', `| operation | ${cols.map((c) => c[2]).join(' | ')} |`, `|---|${cols.map(() => '---:').join('|')}|`);
    for (const op of counts.ops) {
      const cells = cols.map(([id, peer]) => {
        const v = counts[kind][id]?.[op.id];
        if (v == null) return '—';
        const p = peer === null ? null : counts[kind][peer]?.[op.id];
        // Requests that failed in the counted window: the count is not a valid one, and says so where it is read.
        const failed = kind === 'instructions' ? counts.failed?.[id]?.[op.id] : 0;
        const cell = p == null ? group(v) : `${group(v)} (${fmtRatio(p / v)})`;
        return failed ? `${cell}, **${group(failed)} failed**` : cell;
      });
      out.push(`| ${op.name} | ${cells.join(' | ')} |`);
    }
    out.push('');
  }
  if (counts.problems?.length) out.push('Problems seen:', '', ...counts.problems.map((p) => `- ${p}`), '');
  const counted = Object.entries(m.counted ?? {}).map(([id, c]) => `${counts.servers.find((s) => s.id === id)?.name ?? id}: ${c.date}${c.build ? `, ${c.build}` : ''}`);
  out.push(`Counted (server: date, to-do build): ${counted.join('; ')}. Node ${m.node}, ${m.cpuModel}.`, '');
  return out.join('\n');
}

/** Writes docs/benchmarks.md and docs/benchmarks-chart.svg from bench/results/*.json. */
export function renderDocs() {
  const dir = new URL('results/', import.meta.url);
  const router = readJson(new URL('router.json', dir));
  const http = readJson(new URL('http.json', dir));
  const counts = readJson(new URL('http-counts.json', dir));
  const startup = readJson(new URL('startup.json', dir));
  const instructions = readJson(new URL('instructions.json', dir));
  const startupInstructions = readJson(new URL('startup-instructions.json', dir));
  const docs = new URL('docs/', ROOT);
  mkdirSync(docs, { recursive: true });
  const out = ['# Benchmarks', ''];
  out.push('Generated by `npm run bench` (router suite) and `npm run bench:http` (HTTP suite) from `bench/results/*.json`; do not edit by hand (`node bench/render.mjs` re-renders). Numbers are medians; ratios compare medians.', '');
  out.push('## Environment', '');
  out.push(nodeMarkdown(dir, [router, http, counts, startup, startupInstructions, instructions, readJson(new URL('hono.json', dir)), readJson(new URL('runtimes-startup.json', dir))], ['diagnostics.json', 'live.json', 'soak.json'].map((f) => readJson(new URL(f, dir)))), '');
  out.push('| suite | command | node command | date | Node | CPU (os.cpus()) | cores | OS | build measured |', '|---|---|---|---|---|---|---:|---|---|');
  for (const r of [router, http, startup, startupInstructions, instructions]) {
    if (!r) continue;
    const m = r.meta;
    const b = m.bundle ?? m.todoServer;
    const build = b ? `${b.file} sha256 ${b.sha256}…, commit ${b.commit}${b.srcDirty ? ' + uncommitted src/ changes' : ''}` : '';
    out.push(`| ${r.suite} | \`${m.command}\`${Object.keys(m.env ?? {}).length ? ` with ${Object.entries(m.env).map(([k, v]) => `${k}=${v}`).join(' ')}` : ''} | \`${m.nodeCommand}\` | ${m.date} | ${m.node} | ${m.cpuModel} | ${m.cores} | ${m.os} | ${build} |`);
  }
  out.push('');
  if (router) {
    const t = router.meta.timing;
    out.push(`Router suite settings: each subject × route set runs in its own worker thread (fresh isolate), ${t.rounds} round(s) with the subject order reversed in the second, tinybench ${t.time} ms per mix per round (≥ ${t.iterations} samples, after an untimed warm-up over every request of at least ${t.warmupAllMs} ms and until the cost per lookup is steady — three 50 ms windows within 10% — at most ${t.warmupMaxMs ?? t.warmupAllMs} ms; the warm-up each subject needed is \`warmupMs\` in router.json); a sample is the mean cost of one lookup over a batch of ≥ ${t.batchMs} ms that covers the whole request mix, and the samples of all rounds are pooled. Generation: ${t.time * t.rounds} ms per subject. ${router.meta.seconds} s in all.`, '');
    out.push('**Noise:** the machine has 2 cores and was shared with other jobs while this ran (other agents\' test runs), so individual numbers can be off by tens of percent (compare the p25–p75 ranges; `roundMediansNs` in router.json shows the per-round medians). Ratios between subjects of the same table are more reliable than absolute numbers, and small differences (< ~20%) should not be read as rankings.', '');
    out.push('`npm run bench` = `node build.mjs && node bench/router.mjs` (builds dist/index.js first; the benchmarks import the built bundle). `npm run bench:http` = `node build.mjs && node bench/http/run.mjs`.', '');
  }
  out.push('## Targets', '');
  out.push('Reported as ratios, never asserted.', '');
  out.push('| target | measured | verdict | detail |', '|---|---:|---|---|');
  for (const t of evaluateTargets(router, http, startup, instructions, startupInstructions)) {
    const { verdict, value } = targetLine(t);
    out.push(`| ${t.text} | ${value} | ${verdict === 'met' ? 'met' : verdict === 'MISSED' ? '**missed**' : verdict} | ${t.detail} |`);
  }
  if (!http) out.push('| HTTP targets | — | not measured | `npm run bench:http` has not been run |');
  for (const t of countTargets(counts)) out.push(`| ${t.text} | ${fmtRatio(t.value)} | ${t.verdict} | ${t.detail} |`);
  out.push('');
  out.push('Semantics note: switchyard is first-match-wins in route order; the peers (except the path-to-regexp loop and hono) order by specificity. On these route sets the answers coincide, which the pre-timing check verifies request by request (expected answers: the fixtures\' `expect`, and switchyard reference as the oracle for the synthetic sets).', '');
  if (router) {
    out.push(routerMarkdown(router));
    writeFileSync(new URL('benchmarks-chart.svg', docs), chartSvg(router));
  } else {
    out.push('## Router lookups', '', '`npm run bench` has not been run yet.', '');
  }
  out.push(http ? httpMarkdown(http) : '## HTTP (to-do API)\n\n`npm run bench:http` has not been run yet.\n');
  if (counts) out.push(httpCountsMarkdown(counts));
  const findings = new URL('http/cpu-findings.md', import.meta.url);
  if (existsSync(findings)) out.push(readFileSync(findings, 'utf8'));
  if (startup) out.push(startupMarkdown(startup));
  if (startupInstructions) out.push(startupInstructionsMarkdown(startupInstructions, readJson(new URL('startup-instructions-changes.json', dir))));
  // Written by hand: Node 24's start-up counted the strictest way, its profile and what was tried.
  const startupNode24 = new URL('startup-node24.md', import.meta.url);
  if (existsSync(startupNode24)) out.push(readFileSync(startupNode24, 'utf8'));
  if (instructions) out.push(instructionsMarkdown(instructions));
  const changes = readJson(new URL('instructions-changes.json', dir));
  if (changes) out.push(instructionsChangesMarkdown(changes));
  const hono = readJson(new URL('hono.json', dir));
  if (hono) out.push(honoMarkdown(hono));
  const diagnostics = readJson(new URL('diagnostics.json', dir));
  if (diagnostics) {
    out.push('## Diagnostics', '', `\`npm run bench:diagnostics\` (${diagnostics.date}, Node ${diagnostics.node}): \`diagnostics(router)\` alone, and \`switchyard lint\` as a whole process (start, read, compile, analyse, print). Medians of 3.`, '');
    out.push(diagnostics.table, '');
  }
  const live = readJson(new URL('live.json', dir));
  if (live) out.push(liveMarkdown(live));
  // Written by hand: the measurements behind the code's constants (the code keeps the rules, this the numbers).
  const thresholds = new URL('thresholds.md', import.meta.url);
  if (existsSync(thresholds)) out.push(readFileSync(thresholds, 'utf8'));
  writeFileSync(new URL('benchmarks.md', docs), out.join('\n'));
  console.log(`wrote ${fileURLToPath(new URL('benchmarks.md', docs))}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) renderDocs();
