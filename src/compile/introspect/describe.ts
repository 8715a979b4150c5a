// describe(): the route table for people — a tree of template segments (like find-my-way's prettyPrint and
// fastify's printRoutes) with each route's index, name, methods and constraints where it ends, or a flat
// table in collection order. Built from the parsed templates only, whatever the matching strategy.
import { formatTemplate } from '../../template/format.js';
import { constraintsOf } from './constraint-info.js';
import type { MatchStrategy } from '../matcher.js';
import { buildTrie, describeTrie } from '../match/trie.js';
import { matchableEntries } from '../matchable-entries.js';
import type { RouteEntry } from '../route-entry.js';

/** The forms describe() can print. */
export type DescribeFormat = 'tree' | 'table';

interface Node {
  readonly label: string;
  readonly children: Map<string, Node>;
  readonly routes: RouteEntry[];
}

/** The route collection as a tree or a table. */
export function describeRoutes(entries: readonly RouteEntry[], format: DescribeFormat = 'tree'): string {
  return format === 'table' ? describeTable(entries) : describeTree(entries);
}

/**
 * What the strategy matches with: the trie of the routes that match (the trie strategy walks it, the generated one
 * runs it as code), or for the reference every such route in order. Built here, from the entries: the matchers keep
 * no picture of themselves, so that compile() and a built router carry none.
 */
export function describeMatcher(strategy: MatchStrategy, entries: readonly RouteEntry[]): string {
  const matchable = matchableEntries(entries);
  return strategy === 'reference' ? matchable.map((e) => `${e.route.index} ${e.route.template}`).join('\n') : describeTrie(buildTrie(matchable));
}

/** "#2 todo GET,HEAD id:int" — one route, as its tree leaf shows it. */
function routeLabel(entry: RouteEntry): string {
  const { index, name, methods } = entry.route;
  const extra = [extraConstraints(entry), extraDefaults(entry)].filter((t) => t !== '');
  return [`#${index}`, name, methodsLabel(entry), ...extra].filter(Boolean).join(' ');
}

/** "GET,HEAD", "ANY"; a generation-only route matches no method: "(generation only)", after its verb limit if any. */
function methodsLabel(entry: RouteEntry): string {
  const { methods, generationOnly } = entry.route;
  if (!generationOnly) return methods ? methods.join(',') : 'ANY';
  return methods ? `${methods.join(',')} (generation only)` : '(generation only)';
}

/** Constraints that are not written inline in the template (those from the constraints object). */
function extraConstraints(entry: RouteEntry): string {
  const shown: string[] = [];
  entry.plan.constraintKeys.forEach((key, i) => {
    const inline = new Set(entry.route.parsedTemplate.parameters.find((p) => p.name === key)?.constraints ?? []);
    for (const info of constraintsOf(entry, i)) if (!inline.has(info.label)) shown.push(`${key}:${info.label}`);
  });
  return shown.length ? `where ${shown.join(' ')}` : '';
}

/** Defaults that are not written inline in the template. */
function extraDefaults(entry: RouteEntry): string {
  const shown = Object.entries(entry.plan.defaults)
    .filter(([key]) => (entry.route.parsedTemplate.parameters.find((p) => p.name === key)?.defaultValue ?? null) === null)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return shown.length ? `defaults ${shown.join(' ')}` : '';
}

function describeTree(entries: readonly RouteEntry[]): string {
  const root: Node = { label: '/', children: new Map(), routes: [] };
  for (const entry of entries) {
    let node = root;
    for (const [i, segment] of entry.route.parsedTemplate.segments.entries()) {
      const label = formatTemplate({ segments: [segment] });
      // Literals compare as the table compares them: ignoring case (by default), "Api" and "api" share a branch.
      const plan = entry.plan.segments[i];
      const key = plan.kind === 'literal' ? `L${plan.folded}` : `P${label}`;
      let child = node.children.get(key);
      if (!child) node.children.set(key, (child = { label, children: new Map(), routes: [] }));
      node = child;
    }
    node.routes.push(entry);
  }
  const lines: string[] = [];
  const leaves = (node: Node): string => (node.routes.length ? `  ${node.routes.map(routeLabel).join(' · ')}` : '');
  lines.push(root.label + leaves(root));
  const visit = (node: Node, indent: string): void => {
    const children = [...node.children.values()];
    children.forEach((child, i) => {
      const last = i === children.length - 1;
      lines.push(`${indent}${last ? '└── ' : '├── '}${child.label}${leaves(child)}`);
      visit(child, indent + (last ? '    ' : '│   '));
    });
  };
  visit(root, '');
  return lines.join('\n');
}

function describeTable(entries: readonly RouteEntry[]): string {
  const header = ['#', 'NAME', 'METHODS', 'TEMPLATE', 'CONSTRAINTS', 'DEFAULTS'];
  const rows = entries.map((entry) => [
    String(entry.route.index),
    entry.route.name ?? '',
    methodsLabel(entry),
    entry.route.template,
    extraConstraints(entry).replace(/^where /, ''),
    extraDefaults(entry).replace(/^defaults /, ''),
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  return [header, ...rows].map((row) => row.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd()).join('\n');
}
