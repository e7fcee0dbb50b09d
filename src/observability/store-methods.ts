import type { Store } from '../store/store.ts'

type StoreMethod = (...args: unknown[]) => unknown

/**
 * A store that answers every call of `inner` as it does, but for the methods `wrap` returns a
 * replacement for. Methods are found on `inner` itself, so one added to the Store interface later
 * is passed through without a change here.
 */
export function wrapStore(
  inner: Store,
  wrap: (name: string, method: StoreMethod) => StoreMethod | undefined,
): Store {
  // Anything else (a test reaching into the adapter's connection) reads through to `inner`; every
  // method is bound to it, so each runs as the adapter's own.
  const wrapped = Object.create(inner) as Record<string, StoreMethod>
  for (const name of methodNames(inner)) {
    const method = (inner as unknown as Record<string, StoreMethod>)[name] as StoreMethod
    const bound = method.bind(inner) as StoreMethod
    wrapped[name] = wrap(name, bound) ?? bound
  }
  return wrapped as unknown as Store
}

function methodNames(object: object): string[] {
  const names = new Set<string>()
  for (
    let level: object | null = object;
    level !== null && level !== Object.prototype;
    level = Object.getPrototypeOf(level)
  ) {
    for (const name of Object.getOwnPropertyNames(level)) {
      if (name === 'constructor') continue
      const descriptor = Object.getOwnPropertyDescriptor(level, name)
      if (typeof descriptor?.value === 'function') names.add(name)
    }
  }
  return [...names]
}
