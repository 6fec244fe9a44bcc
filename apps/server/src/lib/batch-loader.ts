/**
 * Loads what is asked for during one turn of the event loop (or, with `windowMs`, within
 * that many milliseconds of the first ask) with one call: many sockets connecting at once
 * (a deploy, phones coming back online) cost one query per batch, not one each. Items
 * with the same key asked for in one batch are loaded once. `load` answers by key with
 * what it found; an item it leaves out resolves to undefined.
 */
export function batchLoader<T, K, V>(options: {
  load: (items: T[]) => Promise<Map<K, V>>;
  keyOf: (item: T) => K;
  maxBatch?: number;
  /** Collect this long instead of one turn: bigger batches for a few milliseconds of wait. */
  windowMs?: number;
}): (item: T) => Promise<V | undefined> {
  const { load, keyOf, maxBatch = 500, windowMs = 0 } = options;
  type Waiter = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  type Entry = { item: T; waiters: Waiter[] };
  let waiting: Map<K, Entry> | null = null;

  async function loadAll(batch: Map<K, Entry>) {
    const entries = [...batch.entries()];
    for (let i = 0; i < entries.length; i += maxBatch) {
      const slice = entries.slice(i, i + maxBatch);
      try {
        const found = await load(slice.map(([, entry]) => entry.item));
        for (const [key, entry] of slice) for (const w of entry.waiters) w.resolve(found.get(key));
      } catch (error) {
        for (const [, entry] of slice) for (const w of entry.waiters) w.reject(error);
      }
    }
  }

  return (item) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!waiting) {
        const batch = new Map<K, Entry>();
        waiting = batch;
        const run = () => {
          waiting = null;
          void loadAll(batch);
        };
        if (windowMs > 0) setTimeout(run, windowMs);
        else setImmediate(run);
      }
      const key = keyOf(item);
      const entry = waiting.get(key);
      if (entry) entry.waiters.push({ resolve, reject });
      else waiting.set(key, { item, waiters: [{ resolve, reject }] });
    });
}
