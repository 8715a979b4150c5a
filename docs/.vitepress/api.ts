// The site's API reference: one Markdown page per public entry of package.json "exports", written by TypeDoc and
// typedoc-plugin-markdown into docs/api/ (gitignored) from the entries' sources, so the page of
// `switchyard-router/express` is what that import declares. The site's config runs it before each build.
//
// TypeDoc reads TypeScript through TypeScript's JavaScript API, which TypeScript 7 (the project's compiler) does not
// have, and npm will not install TypeDoc beside TypeScript 7 (its peer dependency is TypeScript 5.0-6.0). So
// tools/typedoc is a package of its own, a `file:` dev dependency of the project: the same `npm ci` installs TypeDoc
// there beside the TypeScript 5 it runs on, and TypeDoc is loaded from there.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as TypeDoc from '../../tools/typedoc/node_modules/typedoc/dist/types/index.js';
import { API_DIR, publicEntries, ROOT } from './entries.js';

/** Writes docs/api/: index.md (the entries) and a page per entry. Fails on any TypeDoc warning. */
export async function writeApiReference(): Promise<void> {
  const fromTools = createRequire(resolve(ROOT, 'tools/typedoc/package.json'));
  const typedoc = (await import(pathToFileURL(fromTools.resolve('typedoc')).href)) as typeof TypeDoc;
  const entries = publicEntries();
  const specifierOf = new Map(entries.map((e) => [basename(e.source, '.ts'), e.specifier]));
  const out = resolve(ROOT, API_DIR);
  rmSync(out, { recursive: true, force: true });
  const app = await typedoc.Application.bootstrapWithPlugins({
    entryPoints: entries.map((e) => resolve(ROOT, e.source)),
    tsconfig: resolve(ROOT, 'tsconfig.build.json'),
    plugin: [fromTools.resolve('typedoc-plugin-markdown')],
    out,
    readme: 'none',
    disableSources: true, // the pages stand on their own: no links into a checkout
    excludeExternals: true, // not Error's own members on each error class
    excludePrivate: true,
    excludeInternal: true,
    treatWarningsAsErrors: true,
    logLevel: 'Warn',
    // typedoc-plugin-markdown: one page per entry, named after its import specifier, and index.md listing them.
    outputFileStrategy: 'modules',
    entryFileName: 'index',
    // Its links name a member by its owner's name and its own (Diagnostic.code is #diagnosticcode, so the type
    // DiagnosticCode is #diagnosticcode-1), not by its heading's id: each heading gets an <a id> of that name,
    // kept apart from the headings' ids by a prefix.
    useHTMLAnchors: true,
    anchorPrefix: 'api-',
    pageTitleTemplates: { index: 'API reference', module: '{name}', member: '{keyword} {kind}: {name}' },
    hideBreadcrumbs: true,
    hidePageHeader: true,
  } as Partial<TypeDoc.TypeDocOptions>);
  // TypeDoc names a module after its file ("index", "hono-aot"); a page is titled by what a user imports.
  app.converter.on(typedoc.Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.getChildrenByKind(typedoc.ReflectionKind.Module)) {
      const specifier = specifierOf.get(module.name);
      if (specifier === undefined) throw new Error(`TypeDoc module "${module.name}" is no entry of package.json "exports"`);
      module.name = specifier;
    }
  });
  const project = await app.convert();
  if (project === undefined || app.logger.hasErrors()) throw new Error('TypeDoc could not read the entries (its errors are above)');
  await app.generateOutputs(project);
  if (app.logger.hasErrors() || app.logger.hasWarnings()) throw new Error('TypeDoc reported problems (above)');
}
