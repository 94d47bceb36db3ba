import type { TenantDb } from "./client";

type Entry<V> = { tdb: TenantDb; stamp: Stamp; readAt: number; value: V };

/** What a value was read under: the database's version, and the count of forgets when the read began (see forget). */
export type Stamp = { version: number; forgets: number };

/**
 * Rows read from tenant databases, kept for the hot path of every request (a login session, the
 * account behind it, a participant's live state). An entry is trusted only while its database's
 * version is the one seen before the read (by default the content version: any write that is not
 * a live-run or login write drops it), while its key was not forgotten meanwhile, and for at most
 * maxAgeMs (so a change made by another app process is seen within that time). Bounded, least
 * recently used first.
 */
export class TenantReadCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  // Keys forgotten one by one, with the forget count at that moment: a read that began before a
  // key's forget is not kept. Past the bound the map is cleared, as if every key was forgotten then.
  private forgets = 0;
  private readonly forgottenAt = new Map<string, number>();
  private clearedAt = 0;

  constructor(
    private readonly max: number,
    private readonly maxAgeMs: () => number,
    /** Which of the database's versions the values depend on. */
    private readonly versionOf: (tdb: TenantDb) => number = (tdb) => tdb.contentVersion(),
  ) {}

  private static key(tdb: TenantDb, key: string) {
    return `${tdb.slug}\n${key}`;
  }

  /** Whether a value of key `k` read under `stamp` is still current. */
  private current(tdb: TenantDb, k: string, stamp: Stamp): boolean {
    return stamp.version === this.versionOf(tdb) && (this.forgottenAt.get(k) ?? this.clearedAt) < stamp.forgets;
  }

  get(tdb: TenantDb, key: string, now = Date.now()): V | undefined {
    const k = TenantReadCache.key(tdb, key);
    const hit = this.entries.get(k);
    if (!hit) return undefined;
    this.entries.delete(k);
    if (hit.tdb !== tdb || !this.current(tdb, k, hit.stamp) || now - hit.readAt >= this.maxAgeMs()) return undefined;
    this.entries.set(k, hit); // most recently used
    return hit.value;
  }

  /** Take it before the read and pass it to set(): a write or forget that lands meanwhile keeps the value out. One stamp may serve many keys read together. */
  stamp(tdb: TenantDb): Stamp {
    // Counted up so that a forget at this very count (before the read) is older than the stamp.
    return { version: this.versionOf(tdb), forgets: ++this.forgets };
  }

  set(tdb: TenantDb, key: string, stamp: Stamp, value: V, now = Date.now()): void {
    const k = TenantReadCache.key(tdb, key);
    if (!this.current(tdb, k, stamp)) return;
    this.entries.delete(k);
    this.entries.set(k, { tdb, stamp, readAt: now, value });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.max) break;
      this.entries.delete(oldest);
    }
  }

  /** Replaces a kept value without making it look newer than its read. */
  replace(tdb: TenantDb, key: string, value: V): void {
    const hit = this.entries.get(TenantReadCache.key(tdb, key));
    if (hit && hit.tdb === tdb) hit.value = value;
  }

  /**
   * The value of key if it was read at version `since` or later and not forgotten since: for a
   * writer whose own start moved the version, once it knows nothing else moved it (a value read
   * between its start and its transaction saw the same rows).
   */
  getSince(tdb: TenantDb, key: string, since: number, now = Date.now()): V | undefined {
    const k = TenantReadCache.key(tdb, key);
    const hit = this.entries.get(k);
    if (
      !hit ||
      hit.tdb !== tdb ||
      hit.stamp.version < since ||
      hit.stamp.version > this.versionOf(tdb) ||
      now - hit.readAt >= this.maxAgeMs()
    )
      return undefined;
    return (this.forgottenAt.get(k) ?? this.clearedAt) < hit.stamp.forgets ? hit.value : undefined;
  }

  /** Drops one key, and keeps out any value of it whose read started before now. */
  forget(tdb: TenantDb, key: string): void {
    const k = TenantReadCache.key(tdb, key);
    this.entries.delete(k);
    const now = ++this.forgets;
    if (this.forgottenAt.size >= this.max) {
      this.forgottenAt.clear();
      this.clearedAt = now;
    }
    this.forgottenAt.set(k, now);
  }

  delete(tdb: TenantDb, key: string): void {
    this.entries.delete(TenantReadCache.key(tdb, key));
  }
}
