// The case rule for names: route names, parameter names, route value names (matched, default, ambient,
// explicit), constraint keys and inline constraint names are the same name when their keys are equal, so they
// differ in case at most (ASP.NET compares them ignoring case). This file is the one place that rule is
// written; literal segments follow another rule, .NET's OrdinalIgnoreCase fold (compile/case-fold.ts).

/** What a name is compared and indexed by: two names are the same name when their keys are equal. */
export function nameKey(name: string): string {
  return name.toLowerCase();
}
