/**
 * Runs of the same work by key for callers that ask at once, none served a run begun before it
 * asked: while a run is out, the callers that come meanwhile share the next one, started as it ends.
 * So a read that many ask for together runs at most twice at a time whatever their number, and each
 * still sees what was committed before it asked: the database's revision (sharedRevision,
 * db/tenant/revision.ts), a big room's staff dashboards reloading after the same help request
 * (app/modules/live/run.server.ts). A key is kept only while its runs are out.
 */
export function sharedRuns<K, V>(): (key: K, work: () => Promise<V>) => Promise<V> {
  const runs = new Map<K, { out: Promise<V>; next: Promise<V> | null }>();
  const start = (key: K, work: () => Promise<V>): Promise<V> => {
    const out = work().finally(() => {
      const run = runs.get(key);
      if (run?.out === out && !run.next) runs.delete(key);
    });
    runs.set(key, { out, next: null });
    return out;
  };
  return (key, work) => {
    const run = runs.get(key);
    if (!run) return start(key, work);
    // Begun after its run ended (microtasks only: no request comes in between), so after every
    // caller that shares it asked.
    run.next ??= run.out.then(
      () => start(key, work),
      () => start(key, work),
    );
    return run.next;
  };
}
