/**
 * Runs of the same work by key for callers that ask at once, none served a run begun before it
 * asked: while a run is out, the callers that come meanwhile share the next one, started as it ends
 * (as sharedRevision shares the revision read, db/tenant/revision.ts). So a read that many ask for
 * together (the staff dashboards of a big room, reloading after the same staff action) runs at
 * most twice at a time whatever their number, and each still sees what was committed before it
 * asked.
 */
export function sharedRuns<V>(): (key: string, work: () => Promise<V>) => Promise<V> {
  const runs = new Map<string, { out: Promise<V>; next: Promise<V> | null }>();
  const start = (key: string, work: () => Promise<V>): Promise<V> => {
    const run: { out: Promise<V>; next: Promise<V> | null } = { out: Promise.resolve(null as V), next: null };
    run.out = work().finally(() => {
      if (runs.get(key) === run && !run.next) runs.delete(key);
    });
    runs.set(key, run);
    return run.out;
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
