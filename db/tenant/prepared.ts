import type { InStatement, InValue } from "@libsql/client";
import { Column, is, Param, Placeholder, SQL } from "drizzle-orm";
import type { TenantDb, TenantDrizzle, TenantTx } from "./client";

// Statements a request runs so often that building them again each time costs more than SQLite
// running them (docs/benchmarks.md, ADR 0024, ADR 0026). Each is built by drizzle once, with
// `sql.placeholder(name)` for every value that varies, so its SQL stays drizzle's and follows the
// schema; domain code only calls what these return.

/**
 * A read prepared once per open tenant database with drizzle's `.prepare()`: the login session,
 * the account behind it. Results are mapped by drizzle as usual.
 */
export function preparedRead<P>(build: (db: TenantDrizzle) => P): (tdb: TenantDb) => P {
  const perDatabase = new WeakMap<TenantDrizzle, P>();
  return (tdb) => {
    let prepared = perDatabase.get(tdb.db);
    if (prepared === undefined) perDatabase.set(tdb.db, (prepared = build(tdb.db)));
    return prepared;
  };
}

type Query = { toSQL(): { sql: string; params: unknown[] } };
type Bind = (values: Record<string, unknown>) => InValue;
type Compiled = { sql: string; bind: Bind[] };

function compile(query: Query): Compiled {
  const { sql, params } = query.toSQL();
  const bind = params.map((param): Bind => {
    if (is(param, Placeholder)) return valueOf(param.name);
    if (is(param, Param) && is(param.value, Placeholder)) {
      const name = (param.value as Placeholder).name;
      const encoder = param.encoder;
      return (values) => {
        const value = valueOf(name)(values);
        return value === null ? null : (encoder.mapToDriverValue(value) as InValue);
      };
    }
    const constant = param as InValue;
    return () => constant;
  });
  return { sql, bind };
}

function valueOf(name: string): Bind {
  return (values) => {
    if (!(name in values)) throw new Error(`No value for placeholder "${name}"`);
    return values[name] as InValue;
  };
}

/**
 * A write run inside a tenant write transaction (the live room's answer upsert and an entry's
 * revision bump): built by drizzle on first use, then run straight on the transaction's libSQL
 * connection. Answers the rows it returns (`returning`), each as an array of its values. A drizzle
 * builder, even prepared, cost more of a save than SQLite running it (ADR 0024).
 */
export function preparedWrite(
  build: (tx: TenantTx) => Query,
): (tx: TenantTx, values: Record<string, unknown>) => Promise<unknown[][]> {
  let compiled: Compiled | undefined;
  return async (tx, values) => {
    compiled ??= compile(build(tx));
    const connection = tx.$client;
    if (!("commit" in connection)) throw new Error("A prepared write runs inside a tenant write transaction");
    const { rows } = await connection.execute({ sql: compiled.sql, args: compiled.bind.map((b) => b(values)) });
    return rows.map((row) => Array.prototype.slice.call(row) as unknown[]);
  };
}

/**
 * A write statement of a planned write (planned-write.ts), built by drizzle on first use and then
 * bound to `values` for the group's batch. Placeholders take driver values (encode with the column's
 * `mapToDriverValue`); the batch's result for it comes back to the plan's `finish`.
 */
export function preparedStatement(
  build: (db: TenantDrizzle) => Query,
): (tdb: TenantDb, values: Record<string, unknown>) => InStatement {
  let compiled: Compiled | undefined;
  return (tdb, values) => {
    compiled ??= compile(build(tdb.db));
    return { sql: compiled.sql, args: compiled.bind.map((b) => b(values)) };
  };
}

/**
 * A drizzle query built as usual, as one statement of a planned write's batch (planned-write.ts):
 * for a write that varies too much to prepare once and is not run often enough to need it.
 */
export function plannedStatement(query: Query): InStatement {
  const { sql, params } = query.toSQL();
  return { sql, args: params as InValue[] };
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };

/**
 * A select of plain columns or `sql` expressions (no joins, no nested objects), built by drizzle on
 * first use and read straight on the database's connection, its rows mapped with each column's
 * decoder: a third of drizzle's mapping, which checks each field's kind for every value of every
 * row (ADR 0026, bench:http's allParticipants). Refused when built if a field is anything else.
 */
export function preparedSelect<R>(build: (db: TenantDrizzle) => Query & { _: { selectedFields: object } }) {
  let compiled: (Compiled & { keys: string[]; decoders: Decoder[] }) | undefined;
  return async (tdb: TenantDb, values: Record<string, unknown>): Promise<R[]> => {
    if (!compiled) {
      const query = build(tdb.db);
      const fields = Object.entries(query._.selectedFields) as Array<[string, unknown]>;
      const decoders = fields.map(([key, field]): Decoder => {
        if (is(field, Column)) return field;
        // `decoder` is what `.mapWith()` sets; drizzle's own row mapping reads it too.
        if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
        throw new Error(`preparedSelect: "${key}" is neither a column nor an sql expression`);
      });
      compiled = { ...compile(query), keys: fields.map(([key]) => key), decoders };
    }
    const { sql, bind, keys, decoders } = compiled;
    const { rows } = await tdb.db.$client.execute({ sql, args: bind.map((b) => b(values)) });
    return rows.map((row) => {
      const out: Record<string, unknown> = {};
      keys.forEach((key, i) => {
        const value = row[i];
        // As drizzle: a blob arrives as an ArrayBuffer and is read as a Buffer; null is never decoded.
        out[key] =
          value === null
            ? null
            : decoders[i]!.mapFromDriverValue(value instanceof ArrayBuffer ? Buffer.from(value) : value);
      });
      return out as R;
    });
  };
}
