// A minimal service container: the application's shared instances, looked up by key.

/** A service key: a string, a symbol, or a class (its instances are the service). */
export type ServiceKey<T = unknown> = string | symbol | (abstract new (...args: never[]) => T);

/** The application's services (ASP.NET IServiceCollection + IServiceProvider in one). */
export class ServiceContainer {
  private readonly services = new Map<ServiceKey, unknown>();

  /** Registers one shared instance under `key` (replacing any earlier one). */
  addSingleton<T>(key: ServiceKey<T>, instance: T): this {
    this.services.set(key, instance);
    return this;
  }

  /** The service under `key`, or undefined. */
  get<T>(key: ServiceKey<T>): T | undefined {
    return this.services.get(key) as T | undefined;
  }

  /** The service under `key`; throws when it was never registered. */
  getRequired<T>(key: ServiceKey<T>): T {
    if (!this.services.has(key)) throw new Error(`No service is registered for ${describeKey(key)}`);
    return this.services.get(key) as T;
  }

  has(key: ServiceKey): boolean {
    return this.services.has(key);
  }
}

function describeKey(key: ServiceKey): string {
  return typeof key === 'function' ? key.name : String(key);
}
