/**
 * A small in-process queue for mail work that must not hold up the answer to a request: the
 * request enqueues and answers at once; the work starts on a later turn of the event loop, a few
 * jobs at a time. A failure is logged, never reported to the requester (for login codes that
 * would tell whether an account exists). Jobs are lost if the process stops first: a login code
 * can simply be asked for again.
 */
type Job = { label: string; work: () => Promise<void> };

const MAX_RUNNING = 4;
/** Beyond this many waiting jobs new ones are dropped (and logged) rather than growing memory without bound. */
const MAX_WAITING = 10_000;

const waiting: Job[] = [];
let running = 0;
const idleWaiters: Array<() => void> = [];

function pump(): void {
  while (running < MAX_RUNNING && waiting.length > 0) {
    const job = waiting.shift()!;
    running++;
    job
      .work()
      .catch((error: unknown) =>
        console.error(`[mail-queue] ${job.label} failed:`, error instanceof Error ? error.message : error),
      )
      .finally(() => {
        running--;
        pump();
      });
  }
  if (running === 0 && waiting.length === 0) for (const resolve of idleWaiters.splice(0)) resolve();
}

/** Runs `work` after the current request has been answered. */
export function enqueueMailJob(label: string, work: () => Promise<void>): void {
  if (waiting.length >= MAX_WAITING) {
    console.error(`[mail-queue] queue full, dropped: ${label}`);
    return;
  }
  waiting.push({ label, work });
  setImmediate(pump);
}

/** Resolves once every queued job has finished (tests, and a graceful shutdown). */
export function drainMailQueue(): Promise<void> {
  if (running === 0 && waiting.length === 0) return Promise.resolve();
  return new Promise((resolve) => idleWaiters.push(resolve));
}
