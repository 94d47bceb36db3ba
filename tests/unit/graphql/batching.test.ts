import type { InStatement } from "@libsql/client";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { addScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { gql, loginOverGraphQL } from "../support/graphql";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeLocation, makeParticipants, makeTemplate } from "../scheduling/fixtures";

// Fields that resolve one participant per parent go through a per-request loader: however many
// sessions and participants an answer holds, the participants are read in one query.

let ctx: Ctx;
let cookie: string;
let sessionIds: string[];

const SESSIONS = 3;
const PER_SESSION = 4;

beforeAll(async () => {
  const slug = (await makeTenant("gql-batch")).tenant.slug;
  cookie = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
  ctx = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
  const template = await makeTemplate(ctx, 1, "BAT", "Batch session");
  const location = await makeLocation(ctx, "Batch hall");
  sessionIds = [];
  for (let i = 0; i < SESSIONS; i++) {
    const people = await makeParticipants(ctx, PER_SESSION, `batch${i}`);
    sessionIds.push(
      (
        await addScheduledSession(ctx, {
          session: template.id,
          datetime: `2039-01-0${i + 1}T08:00:00Z`,
          location,
          participants: people,
        })
      )._id,
    );
  }
});

afterEach(() => vi.restoreAllMocks());

/** The statements that read the participants table while `work` runs (the tenant's one client). */
async function participantReads(work: () => Promise<unknown>): Promise<number> {
  const client = ctx.tdb.db.$client;
  const execute = client.execute.bind(client);
  let reads = 0;
  vi.spyOn(client, "execute").mockImplementation(((statement: InStatement) => {
    const sql = typeof statement === "string" ? statement : statement.sql;
    if (/from "participants"/i.test(sql)) reads++;
    return execute(statement);
  }) as typeof client.execute);
  await work();
  return reads;
}

async function ok(query: string, variables: Record<string, unknown> = {}) {
  const res = await gql("admin", query, variables, { cookie });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data;
}

describe("the participants field is batched per request", () => {
  it("reads the participants of every listed session in one query, not one per participant", async () => {
    let data:
      { allScheduledSessions: { edges: Array<{ node: { participants: Array<{ email: string }> } }> } } | undefined;
    const reads = await participantReads(async () => {
      data = await ok(`{ allScheduledSessions(first: 100) { edges { node { participants { _id email } } } } }`);
    });
    const lists = data!.allScheduledSessions.edges.map((e) => e.node.participants);
    expect(lists.filter((l) => l.length === PER_SESSION)).toHaveLength(SESSIONS);
    expect(reads).toBe(1);
  });

  it("an entry list's participant field is batched the same way", async () => {
    const reads = await participantReads(() =>
      ok(
        `query($id: ID!) { scheduledSessionParticipantEntries(scheduledSessionId: $id) { edges { node { participant { _id name } } } } }`,
        { id: sessionIds[0] },
      ),
    );
    // One read is the entry list's own (their names, for its order); the field adds one, not one per entry.
    expect(reads).toBe(2);
  });
});
