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
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { benchOrganization, rawInsertRate } from "./bench-support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3391);
const TRIVIAL_PORT = PORT + 1;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "http-bench-"));
process.env.DATA_DIR = dir;
process.env.SEED_DEMO = "false";

type Measure = { name: string; rps: number; p50: number; p99: number; errors: number };

async function cannon(name: string, options: autocannon.Options): Promise<Measure> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const errors = result.errors + result.non2xx + result.timeouts;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
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
  const cookie = await prepareTenant();
  const rawInserts = await rawInsertRate(dir);

  const trivial = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end('{"data":{"__typename":"Query"}}');
  });
  await new Promise<void>((r) => trivial.listen(TRIVIAL_PORT, "127.0.0.1", r));

  const profile = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(process.env.BENCH_CPU_PROF)]
    : [];
  const server = spawn(process.execPath, [...profile, "--import", "tsx", "app/server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      PARTYKIT_DISABLED: "true",
      POSTMARK_SERVER_TOKEN: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (let tries = 0; tries < 600; tries++) {
      if (
        await fetch(`http://127.0.0.1:${PORT}/`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const base = `http://127.0.0.1:${PORT}`;
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

    const trivialRps = measures[0]!.rps;
    console.log(`\nraw single-row inserts (one transaction each, WAL): ${rawInserts.toFixed(0)} rows/s`);
    console.log(
      `${CONNECTIONS} connections, ${SECONDS} s each; load average ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores\n`,
    );
    console.log("| measure | req/s | p50 ms | p99 ms | errors | ratio |\n|---|---:|---:|---:|---:|---:|");
    for (const m of measures) {
      const ratio = m.name.startsWith("addCompany")
        ? `${(m.rps / rawInserts).toFixed(2)}× raw inserts`
        : `${(m.rps / trivialRps).toFixed(3)}× trivial`;
      console.log(`| ${m.name} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.errors} | ${ratio} |`);
    }
    if (measures.some((m) => m.errors > 0)) process.exitCode = 1;
  } finally {
    server.kill("SIGTERM");
    trivial.close();
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
