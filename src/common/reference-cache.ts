/**
 * Reference data (cities, cargos, ocupações) changes only with a seed or a migration: it is read once and
 * kept for `ttlMs`, so pages never query it for names. A failed read is not kept: the next call reads again.
 */
export function referenceCache<T>(ttlMs: number, load: () => Promise<T>): () => Promise<T> {
  let kept: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (!kept || Date.now() - kept.at > ttlMs) {
      const entry = { at: Date.now(), value: load() };
      entry.value.catch(() => {
        if (kept === entry) kept = null;
      });
      kept = entry;
    }
    return kept.value;
  };
}
