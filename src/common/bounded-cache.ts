/**
 * A map that keeps at most `capacity` entries and forgets the least recently used first, in two generations:
 * entries are added to the young one; when it holds half the capacity it becomes the old one (the previous old
 * one is forgotten), and an old entry read is moved back to the young one. A read of a young entry (the hot
 * ones: a session's token, its authorization) is one lookup, with no reordering.
 */
export class BoundedCache<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly generation: number;

  constructor(capacity: number) {
    this.generation = Math.max(1, Math.ceil(capacity / 2));
  }

  get(key: K): V | undefined {
    const value = this.young.get(key);
    if (value !== undefined) return value;
    const aged = this.old.get(key);
    if (aged !== undefined) {
      this.old.delete(key);
      this.add(key, aged);
    }
    return aged;
  }

  set(key: K, value: V): void {
    this.old.delete(key);
    if (this.young.has(key)) this.young.set(key, value);
    else this.add(key, value);
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
  }

  get size(): number {
    return this.young.size + this.old.size;
  }

  private add(key: K, value: V): void {
    if (this.young.size >= this.generation) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }
}
