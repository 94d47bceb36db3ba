import {
  LibsqlBatchError,
  LibsqlError,
  type Client,
  type InArgs,
  type InStatement,
  type ResultSet,
  type Row,
  type TransactionMode,
} from "@libsql/client";
import * as hrana from "@libsql/hrana-client";

// A libSQL server (sqld) opens a new SQLite connection for every request that continues no stream,
// and SQLite reads the whole schema again at a new connection's first statement. @libsql/client
// runs each `execute` and `batch` out of a transaction on a stream of its own, opened and closed
// with it. With a tenant's schema (53 tables, 96 indexes, 120 triggers) a point read then cost sqld
// about 2–2.6 ms and it served about 500 a second on this machine's two cores, against 3,200 on
// streams kept open (docs/benchmarks.md, ADR 0050); a room on two app processes kept sqld's core
// busy with little else. So those statements run here on a few streams kept open, through
// @libsql/hrana-client's public API, the protocol library @libsql/client is built on; transactions,
// migrations and everything else stay @libsql/client's.

/**
 * Streams kept per client, each running its requests one after another (several at once go as one
 * pipeline): up to four for reads and other statements, and one of its own for batches in "write"
 * mode. A write batch waits at sqld for the database's write lock (another process's batch or
 * transaction may hold it for a while): reads behind it on the same stream waited as long, a login
 * check's revision read among them (docs/benchmarks.md).
 */
const KEPT_STREAMS = { read: 4, write: 1 } as const;
type Role = keyof typeof KEPT_STREAMS;
/** sqld forgets a stream after 10 s without a request: one idle this long is closed, not used again. */
const STREAM_IDLE_MS = 5_000;

/**
 * Statements that change a connection's state beyond their own (a transaction left open, a pragma,
 * an attached database): they go to @libsql/client, on a stream of their own, never to a kept one.
 */
const CONNECTION_STATE = /^\s*(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE|PRAGMA|ATTACH|DETACH|VACUUM)\b/i;

type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
type Kept = { stream: hrana.HttpStream; role: Role; running: number; usedAt: number };
type AnyStatement = InStatement | [string, InArgs?];

const sqlOf = (stmt: AnyStatement): string =>
  typeof stmt === "string" ? stmt : Array.isArray(stmt) ? stmt[0] : stmt.sql;

function toHrana(stmt: AnyStatement): hrana.Stmt {
  const [sql, args] = typeof stmt === "string" ? [stmt, undefined] : Array.isArray(stmt) ? stmt : [stmt.sql, stmt.args];
  const hranaStmt = new hrana.Stmt(sql);
  if (Array.isArray(args)) hranaStmt.bindIndexes(args);
  else if (args) for (const [name, value] of Object.entries(args)) hranaStmt.bindName(name, value);
  return hranaStmt;
}

function resultSet(rows: hrana.RowsResult): ResultSet {
  const result = {
    columns: rows.columnNames.map((c) => c ?? ""),
    columnTypes: rows.columnDecltypes.map((c) => c ?? ""),
    rows: rows.rows as unknown as Row[],
    rowsAffected: rows.affectedRowCount,
    lastInsertRowid: rows.lastInsertRowid,
  };
  return { ...result, toJSON: () => ({ ...result, lastInsertRowid: result.lastInsertRowid?.toString() }) };
}

/** The code @libsql/client gives the same failure, so callers read errors of both alike (isDatabaseUnavailable). */
function codeOf(error: unknown): string {
  if (error instanceof hrana.ResponseError && error.code !== undefined) return error.code;
  if (error instanceof hrana.ClosedError)
    return error.cause instanceof hrana.ClientError ? codeOf(error.cause) : "HRANA_CLOSED_ERROR";
  if (error instanceof hrana.HttpServerError) return "SERVER_ERROR";
  if (error instanceof hrana.ProtoError) return "HRANA_PROTO_ERROR";
  if (error instanceof hrana.ProtocolVersionError) return "PROTOCOL_VERSION_ERROR";
  if (error instanceof hrana.InternalError) return "INTERNAL_ERROR";
  return "UNKNOWN";
}

function libsqlError(error: unknown): unknown {
  if (!(error instanceof hrana.ClientError)) return error;
  return new LibsqlError(error.message, codeOf(error), undefined, undefined, error);
}

/** A request sqld refused before running anything: its stream is gone (sqld restarted, or it expired). */
function streamForgotten(error: unknown): boolean {
  const message =
    error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : "";
  return /invalid baton|baton.*(invalid|reused)|stream (has )?expired|stream handle .* (was )?not found/i.test(message);
}

const BEGIN: Record<TransactionMode, string> = {
  write: "BEGIN IMMEDIATE",
  read: "BEGIN TRANSACTION READONLY",
  deferred: "BEGIN DEFERRED",
};

/**
 * `client` (@libsql/client on a libSQL server's http(s) URL) with its `execute` and `batch` out of
 * a transaction run on streams kept open. A batch is one transaction in one request, as
 * @libsql/client sends it: BEGIN, each statement only if the one before succeeded, COMMIT, and
 * ROLLBACK if the COMMIT did not happen, so a kept stream is never left inside a transaction.
 */
export function withKeptStreams(client: Client, url: string, authToken: string | undefined, fetch?: Fetch): Client {
  const server = hrana.openHttp(url, authToken, fetch);
  const kept: Kept[] = [];
  let version: Promise<number> | null = null;

  /** A new stream, kept. */
  const open = (role: Role): Kept => {
    const fresh = { stream: server.openStream(), role, running: 0, usedAt: Date.now() };
    kept.push(fresh);
    return fresh;
  };

  const take = (role: Role): Kept => {
    const now = Date.now();
    for (let i = kept.length - 1; i >= 0; i--) {
      const k = kept[i]!;
      if (k.stream.closed || (k.running === 0 && now - k.usedAt > STREAM_IDLE_MS)) {
        if (!k.stream.closed) k.stream.close();
        kept.splice(i, 1);
      }
    }
    const mine = kept.filter((k) => k.role === role);
    const idle = mine.find((k) => k.running === 0);
    if (idle) return idle;
    if (mine.length < KEPT_STREAMS[role]) return open(role);
    return mine.reduce((least, k) => (k.running < least.running ? k : least));
  };

  const drop = (k: Kept) => {
    const at = kept.indexOf(k);
    if (at >= 0) kept.splice(at, 1);
    if (!k.stream.closed) k.stream.close();
  };

  async function onStream<T>(role: Role, work: (stream: hrana.HttpStream) => Promise<T>, retried = false): Promise<T> {
    // Again after a stream sqld had forgotten: on a new one, as the others may be forgotten too.
    const k = retried ? open(role) : take(role);
    k.running++;
    try {
      return await work(k.stream);
    } catch (error) {
      // A statement's own error (a batch's: rolled back) leaves the stream as it was; anything else may not.
      if (!(error instanceof hrana.ResponseError || error instanceof LibsqlError)) drop(k);
      // Nothing ran: the same request on a new stream is the request sent once.
      if (!retried && streamForgotten(error)) return onStream(role, work, true);
      throw libsqlError(error);
    } finally {
      k.running--;
      k.usedAt = Date.now();
    }
  }

  async function execute(stmt: AnyStatement, args?: InArgs): Promise<ResultSet> {
    const statement: AnyStatement = typeof stmt === "string" ? [stmt, args] : stmt;
    if (CONNECTION_STATE.test(sqlOf(statement))) return client.execute(statement as InStatement);
    return onStream("read", async (stream) => resultSet(await stream.query(toHrana(statement))));
  }

  async function batch(stmts: AnyStatement[], mode: TransactionMode = "deferred"): Promise<ResultSet[]> {
    if (stmts.some((s) => CONNECTION_STATE.test(sqlOf(s)))) return client.batch(stmts, mode);
    return onStream(mode === "write" ? "write" : "read", async (stream) => {
      version ??= server.getVersion();
      const v3 = (await version) >= 3;
      const steps = stream.batch(v3);
      const begin = steps.step();
      const begun = begin.run(BEGIN[mode]);
      let last = begin;
      const inTransaction = (step: hrana.BatchStep) => {
        step.condition(hrana.BatchCond.ok(last));
        // A statement whose error ended the transaction (ON CONFLICT ROLLBACK) stops the rest.
        if (v3) step.condition(hrana.BatchCond.not(hrana.BatchCond.isAutocommit(steps)));
        return step;
      };
      const results = stmts.map((stmt) => {
        const step = inTransaction(steps.step());
        last = step;
        return step.query(toHrana(stmt));
      });
      const commit = inTransaction(steps.step());
      const committed = commit.run("COMMIT");
      steps
        .step()
        .condition(hrana.BatchCond.not(hrana.BatchCond.ok(commit)))
        .run("ROLLBACK")
        .catch(() => undefined);
      await steps.execute();
      await begun;
      const sets: ResultSet[] = [];
      for (let i = 0; i < results.length; i++) {
        let rows: hrana.RowsResult | undefined;
        try {
          rows = await results[i];
        } catch (error) {
          if (!(error instanceof hrana.ClientError)) throw error;
          throw new LibsqlBatchError(error.message, i, codeOf(error), undefined, undefined, error);
        }
        if (rows === undefined)
          throw new LibsqlBatchError(
            "Statement in a batch was not executed: the transaction was rolled back",
            i,
            "TRANSACTION_CLOSED",
          );
        sets.push(resultSet(rows));
      }
      await committed;
      return sets;
    });
  }

  const closeKept = () => {
    for (const k of kept.splice(0)) if (!k.stream.closed) k.stream.close();
  };

  return {
    execute: execute as Client["execute"],
    batch: batch as Client["batch"],
    migrate: (stmts) => client.migrate(stmts),
    transaction: ((mode?: TransactionMode) => client.transaction(mode)) as Client["transaction"],
    executeMultiple: (sql) => client.executeMultiple(sql),
    sync: () => client.sync(),
    reconnect: () => {
      closeKept();
      client.reconnect();
    },
    close: () => {
      closeKept();
      server.close();
      client.close();
    },
    get closed() {
      return client.closed;
    },
    get protocol() {
      return client.protocol;
    },
  };
}
