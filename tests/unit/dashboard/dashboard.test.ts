import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { adminDashboard } from "~/modules/dashboard/dashboard.server";
import { completeScheduledSession, startScheduledSession } from "~/modules/scheduling/session-run.server";
import { addScheduledSession, cancelScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeLocation, makeParticipants, makeTemplate } from "../scheduling/fixtures";

let ctx: Ctx;
let other: Ctx;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  ctx = await staffCtx((await makeTenant("dash-a")).tenant.slug, ["ORGANIZATION_READER"]);
  other = await staffCtx((await makeTenant("dash-b")).tenant.slug);
  const manager = await staffCtx(ctx.tenant.slug);
  const template = await makeTemplate(manager, 2, "DSH", "Dashboard session");
  const location = await makeLocation(manager, "Dash hall");
  const people = await makeParticipants(manager, 3, "dash");
  await addScheduledSession(manager, { session: template.id, datetime: inDays(-3), participants: people });
  for (const days of [9, 2, 4, 6, 8, 1])
    await addScheduledSession(manager, {
      session: template.id,
      datetime: inDays(days),
      location,
      participants: people.slice(0, 2),
    });
});

describe("adminDashboard", () => {
  it("lists the next five sessions from today, soonest first, with the total and the organisation's counts", async () => {
    const d = await adminDashboard(ctx);
    expect(d.upcoming).toHaveLength(5);
    expect(d.upcomingCount).toBe(6);
    const times = d.upcoming.map((s) => new Date(s.datetime).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThan(Date.now());
    expect(d.upcoming[0]).toMatchObject({
      sessionName: "Dashboard session",
      locationName: "Dash hall",
      participantCount: 2,
      status: "SCHEDULED",
    });
    expect(Object.fromEntries(d.facts.map((f) => [f.key, f.value]))).toMatchObject({
      upcoming: 6,
      participants: 3,
      evaluations: 2,
    });
    expect(d.timeZone).toBe("Europe/Brussels");
  });

  it("shows nothing of another organisation", async () => {
    const d = await adminDashboard(other);
    expect(d.upcoming).toEqual([]);
    expect(Object.fromEntries(d.facts.map((f) => [f.key, f.value]))).toMatchObject({ upcoming: 0, participants: 0 });
  });

  it("leaves out sessions that are over: completed or cancelled today are not 'next'", async () => {
    const manager = await staffCtx((await makeTenant("dash-c")).tenant.slug);
    const template = await makeTemplate(manager, 1, "DSC", "Over today");
    const people = await makeParticipants(manager, 1, "dash-c");
    const soon = inDays(0.01);
    const completed = await addScheduledSession(manager, {
      session: template.id,
      datetime: soon,
      participants: people,
    });
    const canceled = await addScheduledSession(manager, { session: template.id, datetime: soon, participants: people });
    const running = await addScheduledSession(manager, { session: template.id, datetime: soon, participants: people });
    await startScheduledSession(manager, completed._id);
    await completeScheduledSession(manager, completed._id);
    await cancelScheduledSession(manager, canceled._id);
    await startScheduledSession(manager, running._id);
    const d = await adminDashboard(manager);
    expect(d.upcoming.map((s) => s.id)).toEqual([running._id]);
    expect(d.upcomingCount).toBe(1);
  });
});
