import fs from "node:fs/promises";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { participants } from "~db/tenant/schema";
import { adminDashboard } from "~/modules/dashboard/dashboard.server";
import { participantById } from "~/modules/databases/participants.server";
import { cancelAndNotify, inviteParticipants } from "~/modules/scheduling/invitations.server";
import { addScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { lastMailTo, makeTenant, staffCtx } from "../support/tenants";
import { makeLocation, makeParticipants, makeTemplate } from "./fixtures";

const ics = async (mail: { file: string; attachments: string[] }) =>
  fs.readFile(`${mail.file.slice(0, -".json".length)}.${mail.attachments[0]}`, "utf8");
const field = (calendar: string, name: string) => new RegExp(`^${name}:(.*)$`, "m").exec(calendar)?.[1]?.trim();

describe("cancelling a session", () => {
  it("e-mails every participant in their language with a calendar cancel of the invitation's event", async () => {
    const { tenant } = await makeTenant("cancel");
    const ctx = await staffCtx(tenant.slug);
    const template = await makeTemplate(ctx, 1, "CNL", "Crane session");
    const location = await makeLocation(ctx, "Dock hall");
    const [ann, bob] = await makeParticipants(ctx, 2, "cancel");
    // Bob reads Dutch.
    await ctx.tdb.write((tx) => tx.update(participants).set({ locale: "nl-nl" }).where(eq(participants.id, bob!)));
    const session = await addScheduledSession(ctx, {
      session: template.id,
      datetime: "2030-05-06T07:30:00Z",
      location,
      participants: [ann!, bob!],
    });
    await inviteParticipants(ctx, session._id, [ann!, bob!]);
    const annEmail = (await participantById(ctx, ann!)).email;
    const bobEmail = (await participantById(ctx, bob!)).email;
    const invitation = await ics((await lastMailTo(annEmail))!);

    const { session: canceled, notified } = await cancelAndNotify(ctx, session._id);
    expect(canceled.status).toBe("CANCELED");
    expect(notified).toBe(2);

    const mail = (await lastMailTo(annEmail))!;
    expect(mail.subject).toBe(
      "Cancelled: Crane session on Monday, May 6, 2030 at 9:30 AM · Central European Time (GMT+2)",
    );
    expect(mail.textBody).toContain("has cancelled the session Crane session");
    const cancel = await ics(mail);
    expect(field(cancel, "METHOD")).toBe("CANCEL");
    expect(field(cancel, "STATUS")).toBe("CANCELLED");
    expect(field(cancel, "UID")).toBe(field(invitation, "UID"));
    expect(Number(field(cancel, "SEQUENCE"))).toBeGreaterThan(Number(field(invitation, "SEQUENCE")));

    const dutch = (await lastMailTo(bobEmail))!;
    expect(dutch.subject).toMatch(/^Geannuleerd: Crane session op maandag 6 mei 2030/);
    expect(dutch.textBody).toContain("heeft de sessie Crane session");

    // Cancelling again tells nobody twice.
    expect((await cancelAndNotify(ctx, session._id)).notified).toBe(0);
  });

  it("no longer counts a cancelled session as upcoming on the dashboard", async () => {
    const { tenant } = await makeTenant("cancel-dash");
    const ctx = await staffCtx(tenant.slug);
    const template = await makeTemplate(ctx, 1, "CND");
    const soon = await addScheduledSession(ctx, {
      session: template.id,
      datetime: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await addScheduledSession(ctx, {
      session: template.id,
      datetime: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    expect((await adminDashboard(ctx)).upcomingCount).toBe(2);
    await cancelAndNotify(ctx, soon._id);
    const after = await adminDashboard(ctx);
    expect(after.upcomingCount).toBe(1);
    expect(after.upcoming.map((s) => s.id)).not.toContain(soon._id);
  });
});
