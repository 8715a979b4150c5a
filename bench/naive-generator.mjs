// The naive generator issue 4 compares against: it re-reads the ASP.NET template string on every call and
// replaces each "{name}" with the encoded value. No parsing up front, no defaults, no constraints.
export function naiveGenerate(template, values) {
  return '/' + template.replace(/\{([^}]+)\}/g, (_, name) => encodeURIComponent(String(values[name])));
}
