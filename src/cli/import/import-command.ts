// `switchyard import <files or folders…> [-o routes.mjs | -o routes.json] [--keep-constraint NAME…] [--json]`: writes the route table and
// reports, on standard error, how many routes came from which files, every call or attribute skipped and why,
// and what lint says of the table (--json: the same report as JSON, for tools).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { cwd } from 'node:process';
import type { Args, Output } from '../commands.js';
import { CliError } from '../load-routes.js';
import type { Diagnostic } from '../../introspect.js';
import type { Style } from '../style.js';
import { importSources, readSources, type ImportResult } from './import-routes.js';
import { routeDocument, routeModule, routeModuleTypes } from './route-module.js';

export async function runImport(args: Args, { out, err, style }: Output, usage: string): Promise<number> {
  if (args.positionals.length === 0) throw new CliError(`missing arguments: the C# files or folders to read\nusage: ${usage}`);
  const target = args.options.get('out')?.at(-1) ?? null;
  if (target !== null && !/\.(?:m?js|json)$/.test(target)) throw new CliError(`-o names the file to write: a route module (.mjs, .js) or JSON (.json), not ${JSON.stringify(target)}`);
  const sources = await readSources(args.positionals, cwd());
  // Writing over a file it reads would lose that file (`import routes.json -o routes.json`).
  const written = target === null ? [] : [target, target.replace(/\.(m?)js$/, '.d.$1ts')].map((file) => resolve(file));
  const overwritten = sources.find((source) => written.includes(resolve(source.file)));
  if (overwritten !== undefined) throw new CliError(`-o ${target} would write over ${overwritten.file}, which it reads: name another file`);
  const keep = args.options.get('keep-constraint') ?? [];
  const result = importSources(sources, { keepConstraints: keep });
  // The header's command imports the same table again: the names kept are part of it.
  const command = ['switchyard', 'import', ...args.positionals, ...keep.flatMap((name) => ['--keep-constraint', name]), ...(target === null ? [] : ['-o', target])].join(' ');
  if (target === null) out(routeDocument(result).trimEnd());
  else {
    // A folder that cannot be made or a file that cannot be written (read-only, a folder of that name) is a clear error.
    const write = async (file: string, text: string): Promise<void> => {
      try {
        await mkdir(dirname(resolve(file)), { recursive: true });
        await writeFile(file, text);
      } catch (error) {
        throw new CliError(`cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      }
    };
    if (target.endsWith('.json')) await write(target, routeDocument(result));
    else {
      await write(target, routeModule(result, command));
      await write(target.replace(/\.(m?)js$/, '.d.$1ts'), routeModuleTypes(result));
    }
  }
  if (args.flags.has('json')) err(JSON.stringify(reportData(result, target), null, 2));
  else for (const line of reportLines(result, target, style)) err(line);
  return result.routes.length === 0 ? 1 : 0;
}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The report as data (--json). */
export function reportData(result: ImportResult, target: string | null): unknown {
  return {
    written: target,
    routes: result.routes.length,
    files: result.files,
    groups: result.groups,
    findings: result.findings,
    lint: {
      summary: result.lint.summary,
      diagnostics: result.lint.diagnostics.map((d) => ({ code: d.code, severity: d.severity, route: { index: d.route.index, name: d.route.name, template: d.route.template }, source: sourceOf(result, d.route.index), message: `${d.message}${leftOutNote(result, d)}` })),
    },
  };
}

/**
 * After a finding that an earlier route takes every request of this one: when that route took them only because the
 * import left its own constraint out, the fix lint suggests (generationOnly) is not the app's; keeping it is.
 */
function leftOutNote(result: ImportResult, d: Diagnostic): string {
  if (d.by === null) return '';
  const names = result.routes[d.by.index].constraintsLeftOut;
  if (names === undefined) return '';
  const quoted = names.map((n) => `"${n}"`).join(', ');
  return ` — but #${d.by.index} takes them only because the import left out its inline constraint ${quoted}: in the app, this route takes the values ${quoted} refuses. Import with ${names.map((n) => `--keep-constraint ${n}`).join(' ')} (and register ${quoted}) rather than mark this route generationOnly`;
}

const sourceOf = (result: ImportResult, index: number): string => `${result.routes[index].file}:${result.routes[index].line}`;

/** The report as text: what was read, the groups' orders, what was skipped or left out, and lint's findings. */
export function reportLines(result: ImportResult, target: string | null, style: Style): string[] {
  const lines: string[] = [];
  const from = result.files.filter((f) => f.routes > 0);
  lines.push(`${style.bold(`imported ${count(result.routes.length, 'route')}`)} from ${count(from.length, 'file')} of ${result.files.length} read${target === null ? '' : ` into ${target}`}`);
  for (const f of from) lines.push(`  ${f.file}: ${count(f.routes, 'route')}`);
  for (const g of result.groups) lines.push(`routes ${g.from}-${g.to - 1}: ${g.ordering}`);
  const kinds = [
    ['skipped', 'skipped (nothing imported)'],
    ['unread', 'not read (left out of the route, or the route left out)'],
    ['note', 'read with a caveat'],
  ] as const;
  for (const [kind, title] of kinds) {
    const list = result.findings.filter((f) => f.kind === kind);
    if (list.length === 0) continue;
    lines.push(style.bold(`${title} (${list.length})`));
    for (const f of list) lines.push(`  ${f.file}:${f.line}  ${f.text === '' ? '' : `${f.text}  `}${style.dim('—')} ${f.message}`);
  }
  lines.push(`lint: ${result.lint.summary}`);
  const tag = (severity: string): string => (severity === 'error' ? style.red('error  ') : severity === 'warning' ? style.yellow('warning') : style.dim('info   '));
  for (const d of [...result.lint.diagnostics].sort((a, b) => a.route.index - b.route.index)) {
    lines.push(`  ${tag(d.severity)} #${d.route.index}${d.route.name === null ? '' : ` ${d.route.name}`} ${JSON.stringify(d.route.template)} (${sourceOf(result, d.route.index)})  ${d.message}${leftOutNote(result, d)}`);
  }
  return lines;
}
