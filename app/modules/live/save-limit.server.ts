// A participant's answer saves are bounded (unbounded, one participant with 64 requests in flight had
// 718 saves/s accepted and slowed everyone else's saves from 12 to 306 ms at p95). A real device
// sends one save at a time from its answer queue, a few a second at most; anything far beyond that
// is refused with 429 and a Retry-After, and the browser's queue keeps the answer and sends it again
// then (app/components/live/answer-queue.ts). In-process, per app process: the bound protects this
// process's write queue, which is what a flood slows down.
import type { Ctx } from "~/lib/context.server";
import { requireParticipant } from "~/lib/context.server";
import { RetryLaterError } from "~/lib/retry-later";

export type SaveLimits = {
  /** Saves per second a participant may keep up. */
  ratePerSecond: number;
  /** Saves a participant may send at once after a quiet spell (the bucket's size). */
  burst: number;
  /** Saves of one participant being handled at the same time. */
  inFlight: number;
};

export const SAVE_LIMITS: SaveLimits = { ratePerSecond: 20, burst: 40, inFlight: 4 };
/** How long a save refused for being one too many in flight is told to wait. */
const IN_FLIGHT_RETRY_MS = 250;
/** Buckets kept before idle ones (full again, nothing in flight) are forgotten. */
const MAX_BUCKETS = 20_000;

type Bucket = { tokens: number; at: number; inFlight: number };

/** Token buckets per key, refilled continuously; with a bound on concurrent holders. */
export class SaveLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limits: SaveLimits = SAVE_LIMITS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A release function when the save may go ahead, else how long to wait (ms). */
  take(key: string): { release: () => void } | { retryAfterMs: number } {
    const now = this.now();
    const { ratePerSecond, burst, inFlight } = this.limits;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= MAX_BUCKETS) this.forgetIdle(now);
      bucket = { tokens: burst, at: now, inFlight: 0 };
      this.buckets.set(key, bucket);
    } else {
      bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * ratePerSecond);
      bucket.at = now;
    }
    if (bucket.inFlight >= inFlight) return { retryAfterMs: IN_FLIGHT_RETRY_MS };
    if (bucket.tokens < 1) return { retryAfterMs: Math.ceil(((1 - bucket.tokens) / ratePerSecond) * 1000) };
    bucket.tokens -= 1;
    bucket.inFlight += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        bucket.inFlight -= 1;
      },
    };
  }

  private forgetIdle(now: number): void {
    const { ratePerSecond, burst } = this.limits;
    for (const [key, b] of this.buckets) {
      if (b.inFlight === 0 && b.tokens + ((now - b.at) / 1000) * ratePerSecond >= burst) this.buckets.delete(key);
    }
  }
}

/** This process's limiter of participants' saves (exported for tests, which hold its slots). */
export const participantSaves = new SaveLimiter();
export const saveLimitKey = (tenant: string, participantId: string) => `${tenant}\n${participantId}`;

/**
 * Runs one of the signed-in participant's saves within their bounds, else refuses it with
 * RetryLaterError (429, `live_saves_too_fast`, Retry-After) before anything is read or written.
 */
export async function withinSaveLimits<T>(
  ctx: Ctx,
  save: () => Promise<T>,
  limiter: SaveLimiter = participantSaves,
): Promise<T> {
  requireParticipant(ctx);
  const slot = limiter.take(saveLimitKey(ctx.tenant.slug, ctx.actor.participantId));
  if ("retryAfterMs" in slot) throw new RetryLaterError("BAD_REQUEST", "live_saves_too_fast", slot.retryAfterMs);
  try {
    return await save();
  } finally {
    slot.release();
  }
}
