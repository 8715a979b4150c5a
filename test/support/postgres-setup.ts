// vitest globalSetup of the "postgres" project: one real PostgreSQL server for the run, its URL provided to
// the tests as `postgresUrl`, stopped and removed at the end.
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  project.provide('postgresUrl', server.url());
  return () => server.destroy();
}
