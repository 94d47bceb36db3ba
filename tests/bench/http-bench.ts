/**
 * The request pipeline: `npm run bench:http` (autocannon against the production server).
 *
 * Measures, in one run and on the same machine: a trivial Node HTTP server (the baseline), the raw
 * single-row insert rate of a libSQL file database (one transaction per row, WAL), and the app:
 * authenticated GraphQL `{ __typename }`, `allParticipants(first: 20)` over 10,000 participants (one page
 * again and again, and the 500 pages in turn, which the server cannot keep),
 * the server-rendered participants page, and `addCompany`. Prints requests/s and each figure's
 * ratio to its baseline. build/ must exist (`npm run build`).
 *   BENCH_SECONDS (default 10) per measure, BENCH_CONNECTIONS (default 10), BENCH_PORT (3391),
 *   BENCH_ONLY=<text> runs only the measures whose name contains it (the baseline always runs),
 *   BENCH_CPU_PROF=<dir> makes the app write a CPU profile there when it stops.
 *
 * `--database file|sqld` (default file): the embedded files in DATA_DIR or one sqld with
 * namespaces. `--processes N` (default 1) starts N app processes from the build on N ports on that
 * database (tests/support/app-stack.ts); the measures above go to the first, and then, in the same
 * run, `{ __typename }` and answer saves (1,000 participants of a started live session, each save a
 * new revision) go to the first process alone and to all N at once (the same connections, shared
 * out): requests/s of each and their ratio. BENCH_PARTICIPANTS changes the 1,000.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startStack, type Database } from "../support/app-stack";
import { answerFor, benchOrganization, rawInsertRate, root, type Step } from "./bench-support";
import { prepareLiveBench } from "./live-setup";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3391);
const TRIVIAL_PORT = PORT + 1;
const option = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
};
const PROCESSES = Number(option("processes") ?? 1);
const DATABASE = (option("database") ?? "file") as Database;
if (!Number.isInteger(PROCESSES) || PROCESSES < 1) throw new Error("--processes takes a whole number from 1");
if (DATABASE !== "file" && DATABASE !== "sqld") throw new Error("--database takes file or sqld");
const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 1000);
/** The app processes' ports: PORT + 2, + 3, … (PORT + 1 is the trivial server's, then the room's). */
const APP_PORTS = Array.from({ length: PROCESSES }, (_, i) => PORT + 3 + i);
const ROOM_PORT = PORT + 2;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "http-bench-"));
process.env.DATA_DIR = dir;
process.env.SEED_DEMO = "false";

type Measure = { name: string; rps: number; p50: number; p99: number; errors: number };

/** Requests/s answered 2xx (a refusal answered fast must not count as served). */
const servedRps = (result: autocannon.Result) => result["2xx"] / (result.duration || SECONDS);

async function cannon(name: string, options: autocannon.Options): Promise<Measure> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const errors = result.errors + result.non2xx + result.timeouts;
  return { name, rps: servedRps(result), p50: result.latency.p50, p99: result.latency.p99, errors };
}

/**
 * The same load on several servers at once: the connections shared out, one autocannon each, run
 * together. Requests/s add up; latencies are the worst of them.
 */
async function cannonAll(name: string, options: (port: number) => autocannon.Options, ports: number[]) {
  const each = Math.max(1, Math.round(CONNECTIONS / ports.length));
  const results = await Promise.all(
    ports.map((port) => autocannon({ connections: each, duration: SECONDS, ...options(port) })),
  );
  return {
    name,
    rps: results.reduce((sum, r) => sum + servedRps(r), 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.non2xx + r.timeouts, 0),
  };
}

type SaveTarget = { cookie: string; evaluation: string; question: string; steps: Step[] };

/** Answer saves in turn over every participant, each a new revision of one of its current question's steps. */
function answerSaves(session: string, targets: SaveTarget[]): autocannon.Options["requests"] {
  let n = 0;
  return [
    {
      method: "POST",
      path: `/api/user/live/${session}/answer`,
      setupRequest: (request) => {
        const i = n++;
        const target = targets[i % targets.length]!;
        const step = target.steps[Math.floor(i / targets.length) % target.steps.length]!;
        return {
          ...request,
          headers: { "content-type": "application/json", cookie: target.cookie },
          body: JSON.stringify({
            evaluation: target.evaluation,
            question: target.question,
            stepIndex: step.index,
            answer: answerFor(step, i),
            revision: i + 1,
          }),
        };
      },
    },
  ];
}

async function prepareTenant(): Promise<string> {
  const { createLoginSession } = await import("~/modules/auth/sessions.server");
  const { importParticipants } = await import("~/modules/databases/import.server");
  const { closeTenantDbs } = await import("~db/tenant/client");
  const { closeCatalog } = await import("~db/catalog/client");

  const { tdb, boss, ctx } = await benchOrganization("bench", "Bench");
  // Imports are capped per call: import in slices.
  const people = Array.from({ length: 10_000 }, (_, i) => ({
    name: `Person ${i}`,
    email: `person${i}@bench.test`,
    externalId: `X${i}`,
  }));
  for (let i = 0; i < people.length; i += 1000) await importParticipants(ctx, people.slice(i, i + 1000));
  const cookie = await createLoginSession(tdb, "ADMIN", boss.id, false);
  await closeTenantDbs();
  await closeCatalog();
  return `${cookie.name}=${cookie.value}`;
}

async function main() {
  if (!fs.existsSync(path.join(root, "build/server/index.js")))
    throw new Error("No build/: run `npm run build` first.");
  let cookie = "";
  let live: Awaited<ReturnType<typeof prepareLiveBench>> | null = null;
  const profile = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(process.env.BENCH_CPU_PROF)]
    : [];
  const stack = await startStack({
    processes: PROCESSES,
    database: DATABASE,
    ports: APP_PORTS,
    roomPort: ROOM_PORT,
    dataDir: dir,
    env: { SEED_DEMO: "false", HOST: "127.0.0.1" },
    prepare: async () => {
      cookie = await prepareTenant();
      if (PROCESSES > 1) live = await prepareLiveBench(PARTICIPANTS);
    },
    nodeOptions: () => profile,
  });
  const rawInserts = await rawInsertRate(dir);
  const rawServerInserts = stack.sqld ? await rawInsertRate(dir, 3, stack.sqld) : null;

  const trivial = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end('{"data":{"__typename":"Query"}}');
  });
  await new Promise<void>((r) => trivial.listen(TRIVIAL_PORT, "127.0.0.1", r));
  const PORT_A = APP_PORTS[0]!;

  try {
    const base = `http://127.0.0.1:${PORT_A}`;
    const gql = (query: string) => ({
      url: `${base}/api/admin/graphql`,
      method: "POST" as const,
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ query }),
    });
    const measures: Measure[] = [];
    const only = process.env.BENCH_ONLY;
    const wanted = (name: string) => !only || name.includes(only);
    measures.push(await cannon("trivial Node server", { url: `http://127.0.0.1:${TRIVIAL_PORT}/` }));
    if (wanted("GraphQL { __typename }"))
      measures.push(await cannon("GraphQL { __typename }, staff session", gql("{ __typename }")));
    const listQuery =
      "query ($after: String) { allParticipants(first: 20, after: $after) { edges { node { _id name email } } pageInfo { totalCount } } }";
    if (wanted("allParticipants")) measures.push(await cannon("allParticipants(first: 20) of 10,000", gql(listQuery)));
    // The 500 pages in turn: a deep page's OFFSET walks the index up to it.
    let page = 0;
    const nextPage = () => {
      const offset = (page++ % 500) * 20;
      return JSON.stringify({
        query: listQuery,
        variables: { after: offset ? Buffer.from(`offset:${offset - 1}`).toString("base64") : null },
      });
    };
    if (wanted("allParticipants"))
      measures.push(
        await cannon("allParticipants, each of the 500 pages in turn", {
          ...gql(""),
          requests: [{ setupRequest: (request) => ({ ...request, body: nextPage() }) }],
        }),
      );
    if (wanted("participants page"))
      measures.push(
        await cannon("participants page (server-rendered)", {
          url: `${base}/admin/databases/participants`,
          headers: { Cookie: cookie },
        }),
      );
    // A client sends the mutation with variables (one document, parsed and validated once); the
    // second row puts every name in the query text, so each request is a new document.
    let n = 0;
    const addCompany = (name: string, body: () => string) =>
      cannon(name, { ...gql(""), requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }] });
    if (wanted("addCompany")) {
      const mutation = "mutation ($input: CompanyInput!) { addCompany(input: $input) { _id } }";
      measures.push(
        await addCompany("addCompany", () =>
          JSON.stringify({ query: mutation, variables: { input: { name: `Company ${n++}` } } }),
        ),
      );
      measures.push(
        await addCompany("addCompany, name inline (a new document each time)", () =>
          JSON.stringify({ query: `mutation { addCompany(input: { name: "Company ${n++}" }) { _id } }` }),
        ),
      );
    }

    // One process against all of them, in this run: `{ __typename }` and answer saves.
    const ratios: Array<{ name: string; one: Measure; all: Measure }> = [];
    if (PROCESSES > 1) {
      const data = live as Awaited<ReturnType<typeof prepareLiveBench>> | null;
      if (!data) throw new Error("the live session was not prepared");
      const started = await fetch(`${base}/api/admin/graphql`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: data.staffCookie },
        body: JSON.stringify({
          query: "mutation($s: ID!) { startScheduledSession(id: $s) { _id } }",
          variables: { s: data.session },
        }),
      }).then((r) => r.json() as Promise<{ errors?: unknown }>);
      if (started.errors) throw new Error(`startScheduledSession: ${JSON.stringify(started.errors)}`);
      const targets: SaveTarget[] = [];
      for (const p of data.participants) {
        const state = (await fetch(`${base}/api/user/live-state/${data.session}`, {
          headers: { Cookie: p.cookie },
        }).then((r) => r.json())) as {
          live: {
            evaluation: { _id: string };
            currentQuestion: string;
            questions: Array<{ _id: string; steps: Step[] }>;
          };
        };
        const question = state.live.questions.find((q) => q._id === state.live.currentQuestion)!;
        targets.push({
          cookie: p.cookie,
          evaluation: state.live.evaluation._id,
          question: question._id,
          steps: question.steps,
        });
      }
      const gqlAt = (port: number) => ({ ...gql("{ __typename }"), url: `http://127.0.0.1:${port}/api/admin/graphql` });
      // One sequence of saves for all processes: each save a new revision. A sequence per process
      // sent every save twice, once to each, with the same revision; the second is a retry.
      const saves = answerSaves(data.session, targets);
      const savesAt = (port: number) => ({ url: `http://127.0.0.1:${port}`, requests: saves });
      const ports = APP_PORTS;
      for (const [name, at] of [
        ["GraphQL { __typename }", gqlAt],
        [`answer save (${targets.length} participants)`, savesAt],
      ] as const) {
        const one = await cannonAll(`${name}, 1 process`, at, [PORT_A]);
        const all = await cannonAll(`${name}, ${PROCESSES} processes`, at, ports);
        ratios.push({ name, one, all });
        measures.push(one, all);
      }
    }

    const trivialRps = measures[0]!.rps;
    console.log(`\nraw single-row inserts (one transaction each, WAL): ${rawInserts.toFixed(0)} rows/s`);
    if (rawServerInserts !== null)
      console.log(
        `raw single-row inserts on sqld (over HTTP, one transaction each): ${rawServerInserts.toFixed(0)} rows/s`,
      );
    console.log(
      `${PROCESSES} app process${PROCESSES > 1 ? "es" : ""} on ${DATABASE === "sqld" ? "sqld" : "embedded files"}; ${CONNECTIONS} connections, ${SECONDS} s each; load average ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores\n`,
    );
    console.log("| measure | req/s (2xx) | p50 ms | p99 ms | errors | ratio |\n|---|---:|---:|---:|---:|---:|");
    for (const m of measures) {
      const ratio = m.name.startsWith("addCompany")
        ? `${(m.rps / rawInserts).toFixed(2)}× raw inserts`
        : m.name.startsWith("answer save")
          ? `${(m.rps / (rawServerInserts ?? rawInserts)).toFixed(2)}× raw inserts${rawServerInserts !== null ? " on sqld" : ""}`
          : `${(m.rps / trivialRps).toFixed(3)}× trivial`;
      console.log(`| ${m.name} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.errors} | ${ratio} |`);
    }
    for (const { name, one, all } of ratios)
      console.log(
        `\n${name}: ${PROCESSES} processes serve ${(all.rps / one.rps).toFixed(2)}× the requests/s of one (${all.rps.toFixed(0)} / ${one.rps.toFixed(0)})`,
      );
    // Why a request was refused for the database (app/server/api-lane.ts logs a line now and then).
    const databaseLines = stack.apps.flatMap((app) =>
      app
        .log()
        .split("\n")
        .filter((l) => l.startsWith("[db]")),
    );
    if (databaseLines.length) console.log(`\n${databaseLines.slice(0, 6).join("\n")}`);
    // BENCH_LOG=1: what the app processes printed.
    if (process.env.BENCH_LOG)
      for (const [i, app] of stack.apps.entries()) console.log(`--- app process ${i + 1}\n${app.log()}`);
    if (measures.some((m) => m.errors > 0)) process.exitCode = 1;
  } finally {
    trivial.close();
    await stack.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
