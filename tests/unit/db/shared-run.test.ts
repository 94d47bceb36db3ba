import { describe, expect, it } from "vitest";
import { sharedRuns } from "~db/shared-run";

// Callers that ask at once share a run, and none gets a run begun before it asked (shared-run.ts:
// the database's revision read, the staff dashboards of a big room reloading together).

/** A run that ends when told to, with the moment (a counter) it began. */
function controlledWork() {
  let clock = 0;
  const runs: Array<{ began: number; end: (value: string) => void; fail: (e: Error) => void }> = [];
  const work = () =>
    new Promise<string>((resolve, reject) => {
      runs.push({ began: ++clock, end: resolve, fail: reject });
    });
  return { runs, work, tick: () => ++clock };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("sharedRuns", () => {
  it("lets the callers who come during a run share the next one, begun after they asked", async () => {
    const shared = sharedRuns<string, string>();
    const { runs, work, tick } = controlledWork();
    const first = shared("a", work);
    const asked = tick();
    const second = shared("a", work);
    const third = shared("a", work);
    expect(runs).toHaveLength(1); // the others wait: the run out began before they asked
    runs[0]!.end("one");
    expect(await first).toBe("one");
    await settle();
    expect(runs).toHaveLength(2);
    expect(runs[1]!.began).toBeGreaterThan(asked);
    const fourth = shared("a", work); // comes during the second run: gets a third
    runs[1]!.end("two");
    expect(await second).toBe("two");
    expect(await third).toBe("two");
    await settle();
    expect(runs).toHaveLength(3);
    runs[2]!.end("three");
    expect(await fourth).toBe("three");
    // Nothing out: the next caller starts at once.
    const fifth = shared("a", work);
    expect(runs).toHaveLength(4);
    runs[3]!.end("four");
    expect(await fifth).toBe("four");
  });

  it("gives a failed run's error to its callers only, and keeps keys apart", async () => {
    const shared = sharedRuns<string, string>();
    const { runs, work } = controlledWork();
    const failing = shared("a", work);
    const waiting = shared("a", work);
    const other = shared("b", work);
    expect(runs).toHaveLength(2); // "b" did not wait for "a"
    runs[0]!.fail(new Error("database unavailable"));
    await expect(failing).rejects.toThrow("database unavailable");
    await settle();
    expect(runs).toHaveLength(3);
    runs[2]!.end("again");
    expect(await waiting).toBe("again");
    runs[1]!.end("b's");
    expect(await other).toBe("b's");
  });
});
