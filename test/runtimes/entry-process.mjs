// Node, Bun and Deno: run the conformance tables and print the report as one JSON line.
import { compile } from '../../dist/index.js';
import { runConformance } from './runner.mjs';
import { cases, tables } from '../../.tmp-runtimes/cases.mjs';
import built from '../../.tmp-runtimes/built.mjs';

const runtime = typeof Bun !== 'undefined' ? `bun ${Bun.version}` : typeof Deno !== 'undefined' ? `deno ${Deno.version.deno}` : `node ${process.versions.node}`;
console.log(JSON.stringify({ runtime, ...runConformance({ compile, cases, tables, built }) }));
