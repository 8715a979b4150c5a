// docs/live-tables.md shows docs/examples/live-tables.ts as it is, and the lines it says the example returns.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { run } from '../docs/examples/live-tables.js';

const doc = readFileSync(new URL('../docs/live-tables.md', import.meta.url), 'utf8');

it('shows the example file as it is', () => {
  const example = readFileSync(new URL('../docs/examples/live-tables.ts', import.meta.url), 'utf8').trimEnd();
  expect(doc).toContain('```ts\n' + example + '\n```');
});

it('shows what the example returns', () => {
  const shown = doc.split('`run()` returns')[1].split('```\n')[1];
  expect(run()).toEqual(shown.trimEnd().split('\n'));
});
