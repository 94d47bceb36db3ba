import type { TenantDb, TenantDrizzle } from "./client";

/**
 * A read every request makes (the login session, the account behind it), prepared once per open
 * tenant database with drizzle's `.prepare()` and `sql.placeholder`: building the query (entity
 * checks, column mapping) cost more than SQLite running it. Results are mapped by drizzle as usual.
 */
export function preparedRead<P>(build: (db: TenantDrizzle) => P): (tdb: TenantDb) => P {
  const perDatabase = new WeakMap<TenantDrizzle, P>();
  return (tdb) => {
    let prepared = perDatabase.get(tdb.db);
    if (prepared === undefined) perDatabase.set(tdb.db, (prepared = build(tdb.db)));
    return prepared;
  };
}
