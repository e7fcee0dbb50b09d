import type { CatalogueIndex } from '../domain/catalogue-index.ts'

/**
 * What a door builds from the catalogue (a document, a page frame, a tool list), built once per
 * loaded catalogue: a fleet import gives a new catalogue, and the next call builds anew from it,
 * so every running instance shows the new company within FLEET_CHECK_SECONDS without a restart.
 */
export function perCatalogue<T>(
  catalogue: () => CatalogueIndex,
  build: (index: CatalogueIndex) => T,
): () => T {
  const built = new WeakMap<CatalogueIndex, T>()
  return () => {
    const index = catalogue()
    let value = built.get(index)
    if (value === undefined) {
      value = build(index)
      built.set(index, value)
    }
    return value
  }
}
