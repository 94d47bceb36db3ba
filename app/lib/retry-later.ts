import { AppError, type GraphQLCode, type ServerReason } from "./app-error";

/**
 * A refusal that is not final: the same request may succeed later. Answered with 429 and a
 * Retry-After (in whole seconds; `retryAfterMs` in the body is exact), so a client keeps what it
 * sent and tries again (app/api/queued-write.server.ts; the browser's answer queue).
 */
export class RetryLaterError extends AppError {
  readonly retryAfterMs: number;

  constructor(code: GraphQLCode, reason: ServerReason, retryAfterMs: number, values: Record<string, unknown> = {}) {
    super(code, reason, { values: { seconds: Math.max(1, Math.ceil(retryAfterMs / 1000)), ...values } });
    this.name = "RetryLaterError";
    this.retryAfterMs = Math.max(0, Math.ceil(retryAfterMs));
  }

  override get status(): number {
    return 429;
  }

  /** The Retry-After header's value: whole seconds, at least 1. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 1000));
  }
}

export const isRetryLater = (e: unknown): e is RetryLaterError => e instanceof RetryLaterError;

/** How long a client is asked to wait when the database cannot be reached (ms). */
export const DATABASE_RETRY_MS = 2_000;

/**
 * The database cannot be used right now (its server is down or restarting, db/connection.ts
 * isDatabaseUnavailable): 503 with a Retry-After, the one refusal with reason
 * `database_unavailable`. Whether a write reached the database is unknown (its answer may be what
 * was lost): a client sends the same request again then (an answer save carries its revision).
 */
export class DatabaseUnavailableError extends RetryLaterError {
  constructor(retryAfterMs = DATABASE_RETRY_MS) {
    super("INTERNAL_SERVER_ERROR", "database_unavailable", retryAfterMs);
    this.name = "DatabaseUnavailableError";
  }

  override get status(): number {
    return 503;
  }
}
