import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { liveDashboard, MAX_EXTEND_SECONDS } from "~/modules/live/run.server";
import { startScheduledSession } from "~/modules/scheduling/session-run.server";
import {
  getParticipantEntry,
  overrideScheduledSessionParticipantEntries,
  overrideScheduledSessionParticipantEntry,
} from "~/modules/scheduling/entries.server";
import { gql, loginOverGraphQL } from "../support/graphql";
import { refusal } from "../support/refusal";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeLiveSession, type LiveFixture } from "./fixtures";

// EXTEND_TIME took any positive number of seconds, 0.0001 too. Extra time is whole
// seconds now, at least 1 and at most a day; anything else is refused (BAD_REQUEST,
// validation_failed, on value.numericValue) with a translated message, and nothing is recorded.

process.env.PARTYKIT_HOST = "127.0.0.1:9";
process.env.PARTYKIT_DISABLED = "true";

let slug: string;
let manager: Ctx;
let cookie: string;
let f: LiveFixture;

const REFUSED = [0.0001, 0.5, 1.5, 59.999, 0, -1, MAX_EXTEND_SECONDS + 1, 1e9];
const extend = (numericValue: number) => ({ override: { overrideType: "EXTEND_TIME", value: { numericValue } } });
const overridesOf = async (participant: string) =>
  (await getParticipantEntry(manager, f.sessionId, participant)).sessionOverrides.length;

beforeAll(async () => {
  slug = (await makeTenant("live-extend")).tenant.slug;
  manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  f = await makeLiveSession(manager);
  await startScheduledSession(manager, f.sessionId);
  cookie = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
});

describe("EXTEND_TIME through the module", () => {
  it("refuses fractions, zero, negatives and more than a day, for one participant and for all, recording nothing", async () => {
    const before = [await overridesOf(f.people[0]!), await overridesOf(f.people[1]!)];
    for (const seconds of REFUSED) {
      const one = await refusal(
        overrideScheduledSessionParticipantEntry(manager, f.sessionId, f.people[0]!, extend(seconds)),
      );
      expect([one.code, one.reason, one.fieldErrors?.["value.numericValue"]?.key], String(seconds)).toEqual([
        "BAD_REQUEST",
        "validation_failed",
        "validation:extend-seconds",
      ]);
      const all = await refusal(overrideScheduledSessionParticipantEntries(manager, f.sessionId, extend(seconds)));
      expect([all.code, all.fieldErrors?.["value.numericValue"]?.key], String(seconds)).toEqual([
        "BAD_REQUEST",
        "validation:extend-seconds",
      ]);
    }
    expect([await overridesOf(f.people[0]!), await overridesOf(f.people[1]!)]).toEqual(before);
  });

  it("the message says whole seconds, in each language", async () => {
    const e = await refusal(
      overrideScheduledSessionParticipantEntry(manager, f.sessionId, f.people[0]!, extend(0.0001)),
    );
    const key = e.fieldErrors!["value.numericValue"]!.key;
    expect(manager.t(key)).toBe("Give the extra time in whole seconds: at least 1 and at most one day (86,400).");
    expect(manager.t(key, { lng: "nl-nl" })).toMatch(/hele seconden/);
    expect(manager.t(key, { lng: "fr-fr" })).toMatch(/secondes entières/);
  });

  it("accepts 1 second and a whole day", async () => {
    const deadline = async () => (await liveDashboard(manager, f.sessionId)).rows[0]!.deadline!.getTime();
    const start = await deadline();
    await overrideScheduledSessionParticipantEntry(manager, f.sessionId, f.people[0]!, extend(1));
    expect((await deadline()) - start).toBe(1000);
    await overrideScheduledSessionParticipantEntry(manager, f.sessionId, f.people[0]!, extend(MAX_EXTEND_SECONDS));
    expect((await deadline()) - start).toBe(1000 + MAX_EXTEND_SECONDS * 1000);
  });
});

describe("EXTEND_TIME over GraphQL", () => {
  const ONE = `mutation($s: ID!, $p: ID!, $o: OverrideInput!) { overrideScheduledSessionParticipantEntry(scheduledSessionId: $s, participantId: $p, input: { override: $o }) { participantId } }`;
  const ALL = `mutation($s: ID!, $o: OverrideInput!) { overrideScheduledSessionParticipantEntries(scheduledSessionId: $s, input: { override: $o }) { participantId } }`;

  it("refuses 0.0001 s and other non-whole or out-of-range values with BAD_REQUEST and the translated field error", async () => {
    const before = await overridesOf(f.people[1]!);
    for (const seconds of REFUSED) {
      for (const [query, variables] of [
        [ONE, { s: f.sessionId, p: f.people[1], o: extend(seconds).override }],
        [ALL, { s: f.sessionId, o: extend(seconds).override }],
      ] as const) {
        const res = await gql("admin", query, variables, { cookie, locale: "fr-fr" });
        expect(res.body.data ?? null, String(seconds)).toBeNull();
        const error = res.body.errors![0]!;
        expect(error.extensions).toMatchObject({ code: "BAD_REQUEST", reason: "validation_failed" });
        expect(error.extensions!.fieldErrors["value.numericValue"]).toBe(
          "Indiquez le temps supplémentaire en secondes entières : au moins 1 et au plus un jour (86\u00a0400).",
        );
      }
    }
    expect(await overridesOf(f.people[1]!)).toBe(before);
  });

  it("still extends by whole seconds", async () => {
    const res = await gql("admin", ONE, { s: f.sessionId, p: f.people[1], o: extend(90).override }, { cookie });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.overrideScheduledSessionParticipantEntry.participantId).toBe(f.people[1]);
  });
});
