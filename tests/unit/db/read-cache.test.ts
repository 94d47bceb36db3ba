import { describe, expect, it } from "vitest";
import type { TenantDb } from "~db/tenant/client";
import { TenantReadCache } from "~db/tenant/read-cache";

// The rules every request-path cache relies on (sessions, accounts, participants' live state).

function fakeDb(slug = "t"): TenantDb & { bump(): void } {
  let version = 0;
  return {
    slug,
    db: null as never,
    write: null as never,
    contentVersion: () => version,
    liveVersion: () => version,
    bump: () => void version++,
  };
}

describe("TenantReadCache", () => {
  it("keeps a value until the database's version moves", () => {
    const cache = new TenantReadCache<string>(10, () => 60_000);
    const tdb = fakeDb();
    cache.set(tdb, "k", cache.stamp(tdb), "v");
    expect(cache.get(tdb, "k")).toBe("v");
    tdb.bump();
    expect(cache.get(tdb, "k")).toBeUndefined();
  });

  it("does not keep a value whose read began before a write moved the version", () => {
    const cache = new TenantReadCache<string>(10, () => 60_000);
    const tdb = fakeDb();
    const stamp = cache.stamp(tdb);
    tdb.bump(); // a write lands while the value is being read
    cache.set(tdb, "k", stamp, "stale");
    expect(cache.get(tdb, "k")).toBeUndefined();
  });

  it("forgets one key only, and keeps out a read of it that began before the forget", () => {
    const cache = new TenantReadCache<string>(10, () => 60_000);
    const tdb = fakeDb();
    const early = cache.stamp(tdb);
    cache.set(tdb, "a", early, "a1");
    cache.set(tdb, "b", early, "b1");
    cache.forget(tdb, "a");
    expect(cache.get(tdb, "a")).toBeUndefined();
    expect(cache.get(tdb, "b")).toBe("b1");
    cache.set(tdb, "a", early, "read before the forget");
    expect(cache.get(tdb, "a")).toBeUndefined();
    cache.set(tdb, "a", cache.stamp(tdb), "a2");
    expect(cache.get(tdb, "a")).toBe("a2");
  });

  it("treats every key as forgotten when its record of forgets overflows", () => {
    const cache = new TenantReadCache<string>(2, () => 60_000);
    const tdb = fakeDb();
    const early = cache.stamp(tdb);
    cache.forget(tdb, "x");
    cache.forget(tdb, "y");
    cache.forget(tdb, "z"); // over the bound: cleared
    cache.set(tdb, "never-forgotten", early, "stale?");
    expect(cache.get(tdb, "never-forgotten")).toBeUndefined();
  });

  it("expires values after maxAgeMs and keeps databases of the same slug apart", () => {
    const cache = new TenantReadCache<string>(10, () => 1_000);
    const tdb = fakeDb();
    cache.set(tdb, "k", cache.stamp(tdb), "v", 0);
    expect(cache.get(tdb, "k", 999)).toBe("v");
    expect(cache.get(tdb, "k", 1_000)).toBeUndefined();
    cache.set(tdb, "k", cache.stamp(tdb), "v");
    expect(cache.get(fakeDb("t"), "k")).toBeUndefined(); // reopened database: another object
  });
});
