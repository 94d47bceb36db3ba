import { spawn } from "node:child_process";

// Runs a benchmark script several times, each in a process of its own (a fresh server and data
// directory), and prints each figure of its `| measure | value |` table side by side with the
// spread and the worst of the runs: a goal counts as met only when every run meets it (issue 35).

/** Whether a bigger number is worse for a measure, from its name; null when it is not a figure to rank. */
export function biggerIsWorse(measure: string): boolean | null {
  if (/saves\/s|requests\/s|ratio|per s\b|inserts/.test(measure)) return false;
  if (/latency|→|errors|lost|memory|CPU|reload p50|503|429/.test(measure)) return true;
  return null;
}

/** The numbers of a table cell, in order ("1.6 / 40.1 / 119.7 ms" → [1.6, 40.1, 119.7]). */
export function numbersOf(cell: string): number[] {
  return [...cell.replaceAll(",", "").matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
}

/** The worst of the runs' cells for one measure, figure by figure; the first run's text if unranked. */
export function worstOf(measure: string, cells: string[]): string {
  const bigger = biggerIsWorse(measure);
  if (bigger === null || cells.length === 0) return "";
  const numbers = cells.map(numbersOf);
  const width = Math.min(...numbers.map((n) => n.length));
  if (width === 0) return "";
  const worst = Array.from({ length: width }, (_, i) => {
    const column = numbers.map((n) => n[i]!);
    return bigger ? Math.max(...column) : Math.min(...column);
  });
  let i = 0;
  return cells[0]!.replaceAll(",", "").replace(/-?\d+(?:\.\d+)?/g, (text) => (i < width ? String(worst[i++]) : text));
}

/** max ÷ min of the first figure of the runs' cells, or "" when there is none. */
export function spreadOf(cells: string[]): string {
  const firsts = cells.map((c) => numbersOf(c)[0]).filter((n): n is number => n !== undefined && n > 0);
  if (firsts.length < 2) return "";
  return `${(Math.max(...firsts) / Math.min(...firsts)).toFixed(2)}×`;
}

/** The `| measure | value |` rows of one run's output, in order. */
export function tableOf(output: string): Array<[string, string]> {
  return output
    .split("\n")
    .map((line) => /^\| (.+?) \| (.+?) \|$/.exec(line))
    .filter((m): m is RegExpExecArray => !!m && m[1] !== "measure" && !m[1]!.startsWith("---"))
    .map((m) => [m[1]!, m[2]!]);
}

/** Runs `script` with `args` `runs` times (BENCH_RUNS=1 in each), echoing each; prints the side-by-side table. Answers the exit code. */
export async function repeatRuns(script: string, args: string[], runs: number): Promise<number> {
  const outputs: string[] = [];
  for (let run = 1; run <= runs; run++) {
    console.log(`\n## Run ${run} of ${runs}\n`);
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
      const child = spawn(process.execPath, [...process.execArgv, script, ...args], {
        env: { ...process.env, BENCH_RUNS: "1" },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        process.stdout.write(chunk);
      });
      child.on("close", (status) => resolve({ code: status ?? 1, output }));
    });
    if (code !== 0) return code;
    outputs.push(output);
  }
  const tables = outputs.map(tableOf);
  console.log(`\n## ${runs} runs side by side (spread: largest ÷ smallest first figure; worst: figure by figure)\n`);
  console.log(`| measure | ${tables.map((_, i) => `run ${i + 1}`).join(" | ")} | spread | worst |`);
  console.log(`|---|${tables.map(() => "---:|").join("")}---:|---:|`);
  // A measure's name may hold a count that differs between runs ("(7 actions)"): matched without digits.
  const key = (measure: string) => measure.replace(/\d+/g, "#");
  for (const [measure] of tables[0]!) {
    const cells = tables.map((t) => t.find(([m]) => key(m) === key(measure))?.[1] ?? "");
    console.log(`| ${measure} | ${cells.join(" | ")} | ${spreadOf(cells)} | ${worstOf(measure, cells)} |`);
  }
  return 0;
}
