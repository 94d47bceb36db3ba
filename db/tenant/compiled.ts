import type { InArgs, InValue, Row, Transaction } from "@libsql/client";
import { is, Param, Placeholder } from "drizzle-orm";
import type { TenantTx } from "./client";

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
export async function runCompiled(tx: TenantTx, statement: CompiledStatement, values: Record<string, unknown>): Promise<Row[]> {
  const args: InArgs = statement.bind.map((bind) => bind(values));
  return (await libsqlOf(tx).execute({ sql: statement.sql, args })).rows;
}
