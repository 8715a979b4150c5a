// Several hosts: three to-do server instances (separate processes, one port each on 127.0.0.1) behind a real
// load balancer (Debian's nginx), on one PostgreSQL. Run by `npm run test:scale` (and by .ci/run), not by
// `npm test`: it needs nginx. The numbers it measures are printed, and checked:
//   1. an instance killed (SIGKILL) in the middle of a burst of POSTs, which the client retries with their
//      Idempotency-Key: every item is stored exactly once;
//   2. a rolling restart under load (each instance taken out of the balancer, drained, restarted, put back):
//      no request fails;
//   3. PostgreSQL restarted under load: 503 with Retry-After while it is down, then recovery; retried POSTs
//      leave every item stored exactly once.
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresServer } from '../support/postgres.mjs';
import { freePort, startInstance, startNginx, type Balancer, type Instance } from './hosts.js';

let db: PostgresServer;
let databaseUrl: string;
let instances: Instance[] = [];
let ports: number[] = [];
let balancer: Balancer;
let base: string;

beforeAll(async () => {
  db = await startPostgres();
  databaseUrl = await db.createDatabase();
  ports = await Promise.all([freePort(), freePort(), freePort()]);
  instances = [];
  for (const port of ports) instances.push(await startInstance(port, databaseUrl));
  balancer = await startNginx(ports);
  base = `http://127.0.0.1:${balancer.port}`;
}, 120_000);

afterAll(async () => {
  await balancer?.stop().catch(() => undefined);
  for (const instance of instances) instance.child.kill('SIGKILL');
  await db?.destroy();
});

interface Outcome {
  readonly status: number | 'error';
  readonly retryAfter: string | undefined;
}

async function post(name: string, key: string): Promise<Outcome> {
  try {
    const res = await request(`${base}/api/todo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ Name: name }),
    });
    await res.body.text();
    return { status: res.statusCode, retryAfter: res.headers['retry-after'] as string | undefined };
  } catch (error) {
    if (process.env.SCALE_DEBUG) console.log('POST error', key, (error as Error).message, (error as { cause?: Error }).cause?.message);
    return { status: 'error', retryAfter: undefined };
  }
}

/** POSTs until 201, retrying with the same key on a lost connection, 502, 503 (after Retry-After) and 409. */
async function postUntilCreated(name: string, key: string, seen: Outcome[]): Promise<number> {
  for (let attempt = 1; attempt <= 40; attempt++) {
    const outcome = await post(name, key);
    seen.push(outcome);
    if (outcome.status === 201) return attempt;
    if (outcome.status !== 'error' && ![409, 502, 503, 504].includes(outcome.status)) throw new Error(`POST ${key}: ${outcome.status}`);
    await sleep(outcome.retryAfter ? Math.min(Number(outcome.retryAfter) * 1000, 2000) : 100);
  }
  throw new Error(`POST ${key} never succeeded: ${seen.slice(-40).map((o) => o.status).join(' ')}`);
}

/** Runs `count` tasks, `concurrency` at a time. */
async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  }));
  return results;
}

/** How many items have each of these names (straight from the database). */
async function storedCounts(prefix: string): Promise<Map<string, number>> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; n: number }>('SELECT name, count(*)::int AS n FROM todo_items WHERE name LIKE $1 GROUP BY name', [`${prefix}%`]);
    return new Map(rows.map((r) => [r.name, r.n]));
  } finally {
    await client.end();
  }
}

describe('three instances behind nginx on one PostgreSQL', () => {
  it('the balancer spreads requests and every instance serves the same data', async () => {
    const created = await post('spread', 'spread-1');
    expect(created.status).toBe(201);
    for (const port of ports) {
      const res = await request(`http://127.0.0.1:${port}/api/todo`);
      const items = (await res.body.json()) as { Name: string }[];
      expect(items.map((i) => i.Name)).toContain('spread');
    }
  });

  it('an instance killed in the middle of a burst of retried POSTs: every item stored exactly once', async () => {
    const seen: Outcome[] = [];
    const total = 300;
    let done = 0;
    const victim = instances[1];
    const burst = pool(total, 12, async (i) => {
      const attempts = await postUntilCreated(`burst-${i}`, `burst-key-${i}`, seen);
      done++;
      return attempts;
    });
    while (done < total / 3) await sleep(5);
    victim.child.kill('SIGKILL');
    await victim.exited;
    const attempts = await burst;
    const counts = await storedCounts('burst-');
    const duplicated = [...counts.values()].filter((n) => n > 1).length;
    const lost = total - counts.size;
    console.log(
      `kill mid-burst: ${total} items, ${attempts.filter((a) => a > 1).length} needed a retry, ` +
        `${seen.filter((o) => o.status !== 201).length} failed attempts (${[...new Set(seen.map((o) => o.status))].join(', ')}), lost ${lost}, duplicated ${duplicated}`,
    );
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    // Back to three instances for the next test.
    instances[1] = await startInstance(victim.port, databaseUrl);
  }, 120_000);

  it('a rolling restart under load fails no request', async () => {
    let running = true;
    const failures: string[] = [];
    let requests = 0;
    const load = pool(6, 6, async (worker) => {
      for (let i = 0; running; i++) {
        const key = `roll-${worker}-${i}`;
        const outcome = i % 2 === 0 ? await post(`roll-${worker}-${i}`, key) : await request(`${base}/api/todo/${encodeURIComponent('00000000-0000-0000-0000-000000000000')}`).then(async (r) => (await r.body.text(), { status: r.statusCode, retryAfter: undefined } as Outcome), () => ({ status: 'error', retryAfter: undefined }) as Outcome);
        requests++;
        const expected = i % 2 === 0 ? 201 : 404;
        if (outcome.status !== expected) failures.push(`${key}: ${outcome.status}`);
      }
    });
    for (let n = 0; n < instances.length; n++) {
      const instance = instances[n];
      await balancer.setUpstreams(ports, [instance.port]); // out of rotation; nginx's old workers finish theirs
      instance.child.kill('SIGTERM'); // graceful: in-flight requests finish, then it exits
      expect(await instance.exited).toBe(0);
      instances[n] = await startInstance(instance.port, databaseUrl);
      await balancer.setUpstreams(ports, []);
    }
    running = false;
    await load;
    console.log(`rolling restart: ${requests} requests during the restarts of ${instances.length} instances, ${failures.length} failed`);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(100);
  }, 120_000);

  it('PostgreSQL restarted under load: 503 with Retry-After, then recovery, nothing lost or duplicated', async () => {
    const seen: Outcome[] = [];
    const total = 120;
    let done = 0;
    const writes = pool(total, 6, async (i) => {
      const attempts = await postUntilCreated(`pg-${i}`, `pg-key-${i}`, seen);
      done++;
      return attempts;
    });
    while (done < 20) await sleep(5);
    await db.stop();
    await sleep(1500);
    await db.start();
    await writes;
    const counts = await storedCounts('pg-');
    const unavailable = seen.filter((o) => o.status === 503);
    console.log(
      `PostgreSQL restart: ${total} items, ${unavailable.length} answers 503 (Retry-After ${[...new Set(unavailable.map((o) => o.retryAfter))].join(', ')}), ` +
        `other failed attempts ${seen.filter((o) => o.status !== 201 && o.status !== 503).length}, lost ${total - counts.size}, duplicated ${[...counts.values()].filter((n) => n > 1).length}`,
    );
    expect(unavailable.length).toBeGreaterThan(0);
    expect(unavailable.every((o) => o.retryAfter !== undefined)).toBe(true);
    expect(counts.size).toBe(total);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // Every instance serves again.
    for (const port of ports) expect((await request(`http://127.0.0.1:${port}/healthz`)).statusCode).toBe(200);
  }, 120_000);
});
