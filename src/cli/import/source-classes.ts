// The classes of every file `switchyard import` reads, as C# joins them: the parts of a partial class (in any
// file) are one class, and a class is found by the name code writes for it (`ApiRoutes`, `App.ApiRoutes`, a base
// type). Attribute routes read a controller's attributes from all its parts and from its base classes; the order
// of registrations looks up the methods a call can mean.
import type { ClassDeclaration, MethodDeclaration } from './declarations.js';

/** A method with the class part it is declared in and that part's file. */
export interface SourceMethod {
  readonly file: string;
  readonly owner: ClassDeclaration;
  readonly method: MethodDeclaration;
}

export class SourceClasses {
  /** The parts of each class, by namespace and qualified name. */
  readonly #parts = new Map<string, ClassDeclaration[]>();
  /** Every class part by its simple name. */
  readonly #byName = new Map<string, ClassDeclaration[]>();
  readonly #fileOf = new Map<ClassDeclaration, string>();
  /** Static methods by name (extension methods among them), for calls on a value rather than a class. */
  readonly #staticMethods = new Map<string, SourceMethod[]>();
  readonly #methodNames = new Set<string>();

  /** Each class part's methods by name: a class of 60,000 methods is not searched whole at each call. */
  readonly #methodsByName = new Map<ClassDeclaration, Map<string, MethodDeclaration[]>>();

  constructor(files: readonly { readonly file: string; readonly classes: readonly ClassDeclaration[] }[]) {
    for (const { file, classes } of files) {
      for (const c of classes) {
        listed(this.#parts, `${c.namespace}\u0000${c.qualifiedName}`).push(c);
        listed(this.#byName, c.name).push(c);
        this.#fileOf.set(c, file);
        const byName = new Map<string, MethodDeclaration[]>();
        this.#methodsByName.set(c, byName);
        for (const method of c.methods) {
          this.#methodNames.add(method.name);
          listed(byName, method.name).push(method);
          if (method.isStatic) listed(this.#staticMethods, method.name).push({ file, owner: c, method });
        }
      }
    }
  }

  /** Every part of the class `c` is a part of (itself included), in the order the files were given. */
  partsOf(c: ClassDeclaration): readonly ClassDeclaration[] {
    return this.#parts.get(`${c.namespace}\u0000${c.qualifiedName}`) ?? [c];
  }

  fileOf(c: ClassDeclaration): string {
    return this.#fileOf.get(c) ?? '';
  }

  /**
   * The class a name written in code denotes (`ApiRoutes`, `App.ApiRoutes`, `Outer.Inner`), seen from `from`:
   * one in the same namespace first; null when no class of the sources has the name, or two do and neither is nearer.
   */
  named(path: readonly string[], from: ClassDeclaration | null): ClassDeclaration | null {
    const written = path.join('.');
    const found = (this.#byName.get(path.at(-1) ?? '') ?? []).filter((c) => c.qualifiedName === written || `${c.namespace}.${c.qualifiedName}` === written || c.qualifiedName.endsWith(`.${written}`) || `${c.namespace}.${c.qualifiedName}`.endsWith(`.${written}`));
    const classes = [...new Set(found.map((c) => this.partsOf(c)[0]))];
    if (classes.length === 1) return classes[0];
    const near = classes.filter((c) => c.namespace === from?.namespace);
    return near.length === 1 ? near[0] : null;
  }

  /** The base class of `c` among the sources (declared on any of its parts), or null. */
  baseOf(c: ClassDeclaration): ClassDeclaration | null {
    for (const part of this.partsOf(c)) {
      for (const name of part.baseTypes) {
        const base = this.named([name], part);
        if (base !== null && this.partsOf(base) !== this.partsOf(c)) return base;
      }
    }
    return null;
  }

  /** The methods of the class of `c` (every part) named `name`. */
  methodsOf(c: ClassDeclaration, name: string): SourceMethod[] {
    return this.partsOf(c).flatMap((part) => (this.#methodsByName.get(part)?.get(name) ?? part.methods.filter((m) => m.name === name)).map((method) => ({ file: this.fileOf(part), owner: part, method })));
  }

  /** Whether any class of the sources declares a method of that name. */
  hasMethod(name: string): boolean {
    return this.#methodNames.has(name);
  }

  /** The static methods named `name` (for a call on a value: the extension methods among them). */
  staticMethodsNamed(name: string): readonly SourceMethod[] {
    return this.#staticMethods.get(name) ?? [];
  }
}

/** The list a map holds for `key`, made empty the first time (added to in place: no copy per item). */
function listed<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (list === undefined) map.set(key, (list = []));
  return list;
}
