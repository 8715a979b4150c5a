// workerd (through miniflare): the same tables inside a Worker's request, where code generation from strings
// is forbidden, so compile() answers with the interpreted trie and says so.
import { compile } from '../../dist/index.js';
import { runConformance } from './runner.mjs';
import { cases, tables } from '../../.tmp-runtimes/cases.mjs';
import built from '../../.tmp-runtimes/built.mjs';

export default {
  async fetch() {
    return Response.json({ runtime: 'workerd', ...runConformance({ compile, cases, tables, built }) });
  },
};
