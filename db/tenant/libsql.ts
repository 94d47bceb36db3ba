import type { Client, Transaction } from "@libsql/client";
import type { Reader } from "./client";

/**
 * The libSQL connection under a tenant database or one of its write transactions, for db/tenant's
 * own fast paths (prepared.ts, revision.ts, the group's savepoints). app/ never imports this file
 * (eslint.config.js): domain code goes through drizzle or prepared.ts.
 */
export function libsqlOf(reader: Reader): Client | Transaction {
  if ("$client" in reader) return reader.$client;
  // drizzle keeps a transaction's libSQL transaction on its session.
  const tx = (reader as unknown as { session?: { tx?: Transaction } }).session?.tx;
  if (!tx) throw new Error("Not a tenant database or one of its write transactions");
  return tx;
}
