import fs from "node:fs";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import type { Dispatcher } from "undici";
import { withKeptStreams } from "./kept-streams";

/** How long a statement on an embedded file waits for another connection's or process's lock. */
const BUSY_TIMEOUT_MS = 5_000;

/**
 * Opens a libSQL client. For embedded files it creates the folder and turns on WAL, so readers
 * never wait for the writer; servers (sqld/Turso) manage this themselves. A server named under
 * `.localhost` (`http://acme.localhost:8080`, a sqld namespace) is reached on the loopback address.
 */
export async function openClient(url: string, authToken?: string): Promise<Client> {
  if (url.startsWith("file:")) {
    fs.mkdirSync(path.dirname(url.slice("file:".length)), { recursive: true });
  }
  const fetch = isLocalhostUrl(url) ? await localhostFetch() : undefined;
  // `timeout` is the busy timeout of every connection of the client's pool: a PRAGMA reaches only
  // the one connection it runs on, and the others waited 0 ms, so with several app processes on the
  // same files a write transaction on them failed at once with SQLITE_BUSY (bench:live --processes 2).
  const client = createClient({ url, authToken, fetch, timeout: BUSY_TIMEOUT_MS });
  if (url.startsWith("file:")) {
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA foreign_keys = ON");
  }
  // A server's statements out of a transaction on streams kept open (kept-streams.ts, ADR 0050).
  if (/^https?:/.test(url)) return withKeptStreams(client, url, authToken, fetch);
  return client;
}

/** `localhost` and every name under it (RFC 6761: they all mean the loopback address). */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

/** An http(s) or libsql URL whose host is under `.localhost`. */
export function isLocalhostUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return /^(https?|libsql):$/.test(parsed.protocol) && isLocalhostName(parsed.hostname);
  } catch {
    return false;
  }
}

type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
let loopbackFetch: Promise<Fetch> | null = null;
// Node's own, taken on first use (reading globalThis.fetch loads Node's undici: not for embedded
// files), so a test that stubs the global fetch afterwards for its outside calls keeps its database.
let nodeFetch: Fetch | null = null;
const ownFetch = (): Fetch => (nodeFetch ??= globalThis.fetch);

/**
 * A fetch that sends every request for a `.localhost` name to 127.0.0.1 with the name unchanged in
 * its Host header, which is how sqld picks a namespace: no DNS or hosts-file entry is needed, and
 * all namespaces of one server share one pool of connections (a pool per name would keep a socket
 * per recently used tenant). undici is loaded only when such a URL is used.
 *
 * It is undici's request() under a fetch's shape (what libsql calls), each answer read whole, and
 * it asks for answers uncompressed: sqld gzips every answer a client accepts compressed (fetch's
 * default). Through Node's fetch, zlib took a sixth of an app process's CPU at full load; a
 * transaction of three round trips cost the client 2.1–5.1 ms of CPU and 3.3–8.9 ms end to end,
 * this way 0.75–1.65 ms and 2.0–4.9 ms (same runs, alternating; docs/benchmarks.md, "Across
 * processes and engines").
 */
export function localhostFetch(): Promise<Fetch> {
  loopbackFetch ??= import("undici").then(({ Agent }) => {
    const agent = new Agent();
    return async (input, init) => {
      const request = input instanceof Request && init === undefined ? input : new Request(input, init);
      const url = new URL(request.url);
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => (headers[name] = value));
      headers["accept-encoding"] = "identity";
      let origin = url.origin;
      if (isLocalhostName(url.hostname)) {
        headers.host = url.host;
        origin = `${url.protocol}//127.0.0.1${url.port ? `:${url.port}` : ""}`;
      }
      const hasBody = request.method !== "GET" && request.method !== "HEAD";
      const answer = await agent.request({
        origin,
        path: url.pathname + url.search,
        method: request.method as Dispatcher.HttpMethod,
        headers,
        body: hasBody ? Buffer.from(await request.arrayBuffer()) : undefined,
        signal: request.signal,
      });
      const bytes = await answer.body.arrayBuffer();
      const answerHeaders = new Headers();
      for (const [name, value] of Object.entries(answer.headers))
        for (const one of value === undefined ? [] : Array.isArray(value) ? value : [value])
          answerHeaders.append(name, one);
      const empty = answer.statusCode === 204 || answer.statusCode === 304 || request.method === "HEAD";
      return new Response(empty ? null : bytes, { status: answer.statusCode, headers: answerHeaders });
    };
  });
  return loopbackFetch;
}

/** The fetch for a server's address: the loopback one for `.localhost` names, else Node's own. */
export async function fetchFor(url: string): Promise<Fetch> {
  return isLocalhostUrl(url) ? localhostFetch() : ownFetch();
}

/**
 * A FIFO lock. @libsql/client on a file URL refuses every other write while a transaction is open
 * (SQLITE_BUSY at once, busy_timeout does not help), so each tenant's writes go through one of these.
 * `runFirst` jobs go before every job still waiting (in their own order), never into one running.
 */
export class WriteQueue {
  private readonly first: Array<() => Promise<void>> = [];
  private readonly jobs: Array<() => Promise<void>> = [];
  private running = false;

  /** Runs `work` once every write queued before it has finished. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return this.enqueue(this.jobs, work);
  }

  /** Runs `work` once the running write has finished, before those waiting (after earlier `runFirst` ones). */
  runFirst<T>(work: () => Promise<T>): Promise<T> {
    return this.enqueue(this.first, work);
  }

  private enqueue<T>(lane: Array<() => Promise<void>>, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      lane.push(() => Promise.resolve().then(work).then(resolve, reject));
      if (!this.running) {
        this.running = true;
        // Started on a later microtask, like a promise chain: never inside the caller's own call.
        void Promise.resolve().then(() => this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    for (let job = this.next(); job; job = this.next()) await job();
    this.running = false;
  }

  private next() {
    return this.first.shift() ?? this.jobs.shift();
  }
}

/** Errors of the connection to a database server (Node's and undici's codes), not of a statement. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

/**
 * Whether `error` (or one of its causes: drizzle and fetch wrap them) says the database cannot be
 * used right now, although the same request may succeed in a moment: its server does not answer
 * or was restarted under an open transaction (sqld forgets the transaction's baton, and the
 * client closes it for the statements after), answers 404 (while shutting down), 502, 503 or 504,
 * or another process holds an embedded file's write lock past busy_timeout. A namespace that does
 * not exist is refused the same way, and its log line names the 404.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === "object" && depth < 8;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || code === "SQLITE_BUSY")) return true;
    if (typeof message !== "string") continue;
    // 404: sqld shutting down answers a namespace's requests so for a moment (a stop-sqld fault run).
    if (code === "SERVER_ERROR" && /HTTP status (404|50[234])\b|invalid baton|stream (expired|closed)/i.test(message))
      return true;
    // A group's shared transaction (db/tenant/group-commit.ts) that one of its writes found broken:
    // the writes after it in the group meet it closed. Nothing of the group was committed.
    if (code === "TRANSACTION_CLOSED") return true;
  }
  return false;
}

let unavailableSince = 0;
let unavailableCount = 0;
let unavailableNotedAt = 0;
let unavailableLoggedAt = 0;

/**
 * Logs a request refused because the database could not be used (isDatabaseUnavailable): one line
 * with the cause's code when it starts (30 s after the last one), then a count at most every 5 s,
 * instead of a stack per request.
 */
export function noteDatabaseUnavailable(error: unknown): void {
  const now = Date.now();
  const starts = now - unavailableNotedAt > 30_000;
  unavailableNotedAt = now;
  if (starts) {
    unavailableSince = now;
    unavailableCount = 1;
    unavailableLoggedAt = now;
    console.error(
      `[db] the database cannot be used (${causeCode(error)}): requests are refused with 503 until it answers.`,
    );
    return;
  }
  unavailableCount++;
  if (now - unavailableLoggedAt < 5_000) return;
  unavailableLoggedAt = now;
  console.error(
    `[db] still unavailable (${causeCode(error)}): ${unavailableCount} requests refused since ${new Date(unavailableSince).toISOString()}.`,
  );
}

function causeCode(error: unknown): string {
  for (
    let e = error, depth = 0;
    e && typeof e === "object" && depth < 8;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, extendedCode, message } = e as { code?: unknown; extendedCode?: unknown; message?: unknown };
    if (typeof extendedCode === "string") return extendedCode;
    // The server's own answer says more than its code ("SERVER_ERROR: Server returned HTTP status 404").
    if (code === "SERVER_ERROR" && typeof message === "string") return message.slice(0, 120);
    if (typeof code === "string") return code;
  }
  return error instanceof Error ? error.message.slice(0, 80) : String(error);
}
