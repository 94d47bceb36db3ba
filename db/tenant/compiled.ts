import type { InArgs, InValue, Row, Transaction } from "@libsql/client";
import { Column, is, Param, Placeholder, SQL } from "drizzle-orm";
import type { TenantDrizzle, TenantTx } from "./client";

// The hottest statements of the live room (an answer save's upsert and the entry's revision bump)
// are built by drizzle once, with placeholders, and then run straight on the libSQL transaction
// under the drizzle one. Building a statement (entity checks, column mapping) cost more of a save
// than SQLite running it (docs/benchmarks.md, ADR 0024). The SQL text stays drizzle's, so it
// cannot drift from the schema; only the values are filled in here.

type Bind = (values: Record<string, unknown>) => InValue;

export type CompiledStatement = { sql: string; bind: Bind[] };

/** Compiles a drizzle query built with `sql.placeholder(name)` for every value that varies. */
export function compileStatement(query: { toSQL(): { sql: string; params: unknown[] } }): CompiledStatement {
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

/** The libSQL transaction under a drizzle one (never outside a transaction: it is the tenant's write path). */
function libsqlOf(tx: TenantTx): Transaction {
  const libsql = (tx as unknown as { session?: { tx?: Transaction } }).session?.tx;
  if (!libsql) throw new Error("Compiled and raw statements must run inside a tenant write transaction");
  return libsql;
}

/** A fixed statement without values (a savepoint), straight on libSQL. */
export async function executeRaw(tx: TenantTx, statement: string): Promise<void> {
  await libsqlOf(tx).execute(statement);
}

/**
 * A hand-written statement with positional values, straight on libSQL: for bulk writes that pass
 * their rows as one JSON array (`json_each(?)`) rather than thousands of bound values drizzle would
 * build one by one. Their tests read the rows back through drizzle.
 */
export async function runSql(tx: TenantTx, statement: string, args: InValue[]): Promise<Row[]> {
  return (await libsqlOf(tx).execute({ sql: statement, args })).rows;
}

/** Runs a compiled statement inside `tx` (never outside a transaction: it is the tenant's write path). */
export async function runCompiled(
  tx: TenantTx,
  statement: CompiledStatement,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const args: InArgs = statement.bind.map((bind) => bind(values));
  return (await libsqlOf(tx).execute({ sql: statement.sql, args })).rows;
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** A select compiled once (as compileStatement): its SQL and values, and the decoder and key of each selected column. */
export type CompiledSelect<R> = CompiledStatement & { keys: string[]; decoders: Decoder[]; _row?: R };

/**
 * Compiles a drizzle select of plain columns or `sql` expressions (no joins, no nested objects) for
 * compiledRows, which maps rows as drizzle does at a third of its cost: drizzle checks each field's
 * kind for every value of every row (bench:http, allParticipants). Columns come in the order of the
 * selection's keys, the order drizzle writes them into the SQL.
 */
export function compileSelect<R>(query: {
  toSQL(): { sql: string; params: unknown[] };
  _: { selectedFields: object };
}): CompiledSelect<R> {
  const fields = Object.entries(query._.selectedFields) as Array<[string, unknown]>;
  const decoders = fields.map(([key, field]): Decoder => {
    if (is(field, Column)) return field;
    // `decoder` is what `.mapWith()` sets; drizzle's own row mapping reads it too.
    if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
    throw new Error(`compileSelect: "${key}" is neither a column nor an sql expression`);
  });
  return { ...compileStatement(query), keys: fields.map(([key]) => key), decoders };
}

/** The rows of a compiled select, read on the database's connection (reads need no transaction). */
export async function compiledRows<R>(
  db: TenantDrizzle,
  statement: CompiledSelect<R>,
  values: Record<string, unknown>,
): Promise<R[]> {
  const { rows } = await db.$client.execute({ sql: statement.sql, args: statement.bind.map((bind) => bind(values)) });
  const { keys, decoders } = statement;
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    keys.forEach((key, i) => {
      const value = row[i];
      // As drizzle: a blob arrives as an ArrayBuffer and is read as a Buffer; null is never decoded.
      // `decoders` runs parallel to `keys` (compileSelect builds both from one list of fields).
      out[key] =
        value === null
          ? null
          : decoders[i]!.mapFromDriverValue(value instanceof ArrayBuffer ? Buffer.from(value) : value);
    });
    return out as R;
  });
}
