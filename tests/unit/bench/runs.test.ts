import { describe, expect, it } from "vitest";
import { biggerIsWorse, spreadOf, tableOf, worstOf } from "../../bench/runs";

// The side-by-side table of repeated benchmark runs (tests/bench/runs.ts): the worst of three is
// what docs/benchmarks.md reports, so it must pick the slowest latency and the lowest rate.

describe("the worst of several benchmark runs", () => {
  it("takes the highest latency figure by figure, and the lowest rate", () => {
    const latency = "paced run: save latency p50 / p95 / p99";
    expect(worstOf(latency, ["1.6 / 40.1 / 119.7 ms", "2.0 / 35.0 / 150.0 ms", "1.1 / 52.5 / 90.2 ms"])).toBe(
      "2 / 52.5 / 150 ms",
    );
    expect(worstOf("back-to-back: saves/s", ["4,096.5 (9000 in 8.1 s)", "3,842.0 (8000 in 8.0 s)"])).toBe(
      "3842 (8000 in 8 s)",
    );
    expect(worstOf("acknowledged answers checked / lost", ["6097 / 0", "6055 / 2"])).toBe("6097 / 2");
  });

  it("ranks only figures it knows the direction of", () => {
    expect(biggerIsWorse("participants (sockets)")).toBeNull();
    expect(worstOf("participants (sockets)", ["1000", "1000"])).toBe("");
    expect(biggerIsWorse("staff action → last socket p50 / p95 (7 actions)")).toBe(true);
    expect(biggerIsWorse("ratio back-to-back saves/s ÷ raw inserts/s")).toBe(false);
  });

  it("reports the spread of the first figure as largest ÷ smallest", () => {
    expect(spreadOf(["40 / 1 ms", "60 / 1 ms", "50 / 9 ms"])).toBe("1.50×");
    expect(spreadOf(["none"])).toBe("");
  });

  it("reads the measure rows of a run's markdown table", () => {
    const output = "Preparing …\n\n| measure | value |\n|---|---:|\n| errors | 0 |\n| lost | 1 / 0 |\nFirst errors:";
    expect(tableOf(output)).toEqual([
      ["errors", "0"],
      ["lost", "1 / 0"],
    ]);
  });
});
