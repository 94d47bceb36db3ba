import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ReloadScheduler } from "~/components/live/reload-policy";

// When the staff dashboard's reloads start (reload-policy.ts's ReloadScheduler, used by
// use-live-room.ts's useRoomRevalidation), on fake timers: times below are ms from the test's start.

/** A page whose data loads take `took` ms each, as Remix's revalidator would, recording when each of its reloads started. */
function page() {
  const started: number[] = [];
  let loadingUntil = -1;
  const t0 = Date.now();
  const now = () => Date.now() - t0;
  const scheduler: ReloadScheduler = new ReloadScheduler(
    () => {
      started.push(now());
      load(view.took);
    },
    () => now() < loadingUntil,
  );
  /** The data loads for `ms` (a reload, or Remix's own after a staff action), then the page says it is idle. */
  function load(ms: number) {
    loadingUntil = now() + ms;
    setTimeout(() => scheduler.loaded(), ms);
  }
  const view = { scheduler, started, load, took: 100, now };
  return view;
}

/** Runs the fake clock to `at` ms after the test's start. */
async function until(p: { now: () => number }, at: number) {
  await vi.advanceTimersByTimeAsync(at - p.now());
}

/** At 1200 ms: a reload ran 150–250, a slow one (2 s) runs 1150–3150, and progress asked for one due at 2150. */
async function progressWaitingForASlowReload() {
  const p = page();
  p.scheduler.request(true); // 150–250, took 100
  await until(p, 300);
  p.took = 2000;
  p.scheduler.request(true); // due at 1150 (the 1 s floor): runs 1150–3150
  await until(p, 1200);
  p.scheduler.request(true); // due at 2150, while the slow one runs: waits for it
  return p;
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-12-07T10:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("ReloadScheduler", () => {
  it("turns a burst of events into one reload, 150 ms after the first", async () => {
    const p = page();
    for (let i = 0; i < 1000; i++) p.scheduler.request(true);
    await until(p, 149);
    expect(p.started).toEqual([]);
    await until(p, 2000);
    expect(p.started).toEqual([150]);
  });

  it("after a slow reload, waits ten times its length for progress and twice for what calls staff to act", async () => {
    const p = page();
    p.took = 400;
    p.scheduler.request(true);
    await until(p, 600); // the first reload ran 150–550
    p.scheduler.request(true);
    await until(p, 10_000);
    expect(p.started).toEqual([150, 150 + 4000]);

    const q = page();
    q.took = 400;
    q.scheduler.request(true);
    await until(q, 600);
    q.scheduler.request(false); // a help request
    await until(q, 10_000);
    expect(q.started).toEqual([150, 150 + 1000]);
  });

  it("moves a waiting progress reload forward when a help request arrives", async () => {
    const p = page();
    p.took = 400;
    p.scheduler.request(true);
    await until(p, 600);
    p.scheduler.request(true); // due at 4150
    await until(p, 700);
    p.scheduler.request(false); // due at 1150
    await until(p, 10_000);
    expect(p.started).toEqual([150, 1150]);
  });

  it("a reload that falls due while the data is loading starts after it, with the gap of the reload that ran", async () => {
    const p = await progressWaitingForASlowReload();
    await until(p, 20_000);
    // After a 2 s load, progress waits 5 s (the ceiling) from its start.
    expect(p.started).toEqual([150, 1150, 1150 + 5000]);
  });

  it("a help request that finds a progress reload due soon enough makes it urgent, even if it then waits for a running load", async () => {
    // The reload already waiting stays (it is due no later than the help request's own), but when
    // it has to wait for the slow load running, it takes the help request's shorter gap, not progress's.
    const p = await progressWaitingForASlowReload();
    await until(p, 1300);
    p.scheduler.request(false); // due at max(1450, 1150 + 1000) = 2150: the waiting one stays, now urgent
    await until(p, 20_000);
    // After a 2 s load, what calls staff to act waits twice its length (4 s) from its start, not 5.
    expect(p.started).toEqual([150, 1150, 1150 + 4000]);
  });

  it("does not time Remix's own loads as its reloads, but waits for them", async () => {
    const p = page();
    p.scheduler.request(false); // 150–250, took 100
    await until(p, 300);
    p.load(3000); // Remix reloads after a staff action, 300–3300
    p.scheduler.request(false); // due at 1150: waits for the load, then 1 s after 150 has long passed
    await until(p, 3299);
    expect(p.started).toEqual([150]);
    await until(p, 20_000);
    expect(p.started).toEqual([150, 3300 + 150]);
  });

  it("drops the waiting reload when stopped", async () => {
    const p = page();
    p.scheduler.request(true);
    p.scheduler.stop();
    await until(p, 10_000);
    expect(p.started).toEqual([]);
  });
});
