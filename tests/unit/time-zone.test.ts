import { describe, expect, it } from "vitest";
import {
  addDays,
  dayOfInstant,
  formatDateTime,
  formatDayRange,
  inputOfInstant,
  instantOfInput,
  isTimeZone,
  startOfDay,
  zoneLabel,
} from "~/lib/time-zone";
import { isAppError } from "~/lib/app-error";
import { createTenant, tenantTimeZone } from "~/modules/tenants/tenants.server";
import { addScheduledSession, startOfToday } from "~/modules/scheduling/scheduled-sessions.server";
import { inviteParticipants } from "~/modules/scheduling/invitations.server";
import { makeLocation, makeParticipants, makeTemplate } from "./scheduling/fixtures";
import { lastMailTo, makeTenant, staffCtx } from "./support/tenants";
import { participantById } from "~/modules/databases/participants.server";

const BRUSSELS = "Europe/Brussels";

describe("wall-clock time in a zone", () => {
  it("turns a datetime-local value into the instant people mean, in summer and in winter", () => {
    expect(instantOfInput("2026-07-01T09:00", BRUSSELS)!.toISOString()).toBe("2026-07-01T07:00:00.000Z");
    expect(instantOfInput("2026-12-01T09:00", BRUSSELS)!.toISOString()).toBe("2026-12-01T08:00:00.000Z");
    expect(instantOfInput("2026-12-01T09:00:00", "America/New_York")!.toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(instantOfInput("2026-12-01T09:00", "UTC")!.toISOString()).toBe("2026-12-01T09:00:00.000Z");
  });

  it("handles the skipped and the repeated hour of daylight saving", () => {
    // 29 March 2026: clocks go from 02:00 to 03:00 in Brussels; 02:30 does not exist.
    expect(instantOfInput("2026-03-29T02:30", BRUSSELS)!.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    // 25 October 2026: 02:30 happens twice; the first (summer time) is meant.
    expect(instantOfInput("2026-10-25T02:30", BRUSSELS)!.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(instantOfInput("2026-10-25T03:30", BRUSSELS)!.toISOString()).toBe("2026-10-25T02:30:00.000Z");
  });

  it("refuses malformed and impossible values", () => {
    for (const bad of [
      "",
      "2026-13-01T09:00",
      "2026-04-31T09:00",
      "2026-01-01T24:00",
      "01/02/2026 09:00",
      "2026-01-01",
    ]) {
      expect(instantOfInput(bad, BRUSSELS), bad).toBeNull();
    }
  });

  it("round-trips through the input format and names the day in the zone", () => {
    const instant = new Date("2026-12-01T23:30:00Z");
    expect(inputOfInstant(instant, BRUSSELS)).toBe("2026-12-02T00:30");
    expect(instantOfInput(inputOfInstant(instant, BRUSSELS), BRUSSELS)!.getTime()).toBe(instant.getTime());
    expect(dayOfInstant(instant, BRUSSELS)).toBe("2026-12-02");
    expect(dayOfInstant(instant, "UTC")).toBe("2026-12-01");
    expect(startOfDay("2026-12-02", BRUSSELS).toISOString()).toBe("2026-12-01T23:00:00.000Z");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(startOfToday(BRUSSELS, new Date("2026-12-01T23:30:00Z")).toISOString()).toBe("2026-12-01T23:00:00.000Z");
  });

  it("formats in the reader's language and names the zone", () => {
    const text = formatDateTime("2026-12-01T08:00:00Z", "nl-nl", BRUSSELS, { style: "full", withZone: true });
    expect(text).toContain("1 december 2026");
    expect(text).toContain("09:00");
    expect(text).toContain("Midden-Europese tijd (GMT+1)");
    expect(zoneLabel(new Date("2026-07-01T08:00:00Z"), "fr-fr", BRUSSELS)).toBe("heure d’Europe centrale (UTC+2)");
    expect(zoneLabel(new Date("2026-07-01T08:00:00Z"), "en-us", BRUSSELS)).toBe("Central European Time (GMT+2)");
    // Server and browser ICU differ in thin spaces; plain spaces keep hydration identical.
    expect(formatDayRange("2030-05-06", "2030-05-12", "en-us")).toBe("May 6 – 12, 2030");
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});

describe("the organisation's time zone", () => {
  it("defaults to Europe/Brussels, can be chosen at creation, and refuses an unknown zone", async () => {
    const { tenant } = await makeTenant();
    expect(tenantTimeZone(tenant)).toBe(BRUSSELS);
    const lisbon = await createTenant({
      slug: `tz-lisbon-${process.pid}`,
      name: "Lisbon",
      adminEmail: "m@lisbon.test",
      timeZone: "Europe/Lisbon",
    });
    expect(tenantTimeZone(lisbon)).toBe("Europe/Lisbon");
    const refused = await createTenant({
      slug: `tz-bad-${process.pid}`,
      name: "Bad",
      adminEmail: "m@bad.test",
      timeZone: "Mars/Olympus",
    }).catch((e) => e);
    expect(isAppError(refused) && refused.fieldErrors).toMatchObject({ timeZone: { key: "validation:time-zone" } });
  });

  it("dates references by the organisation's day and writes invitations in its time", async () => {
    const { tenant } = await makeTenant();
    const ctx = await staffCtx(tenant.slug);
    const template = await makeTemplate(ctx, 2, "NIGHT");
    const location = await makeLocation(ctx, "Night hall");
    const [person] = await makeParticipants(ctx, 1, "tz");
    // 00:30 on 2 December in Brussels is still 1 December in UTC.
    const session = await addScheduledSession(ctx, {
      session: template.id,
      datetime: "2026-12-01T23:30:00Z",
      location,
      participants: [person!],
    });
    expect(session.reference).toBe("NIGHT202612020001");
    await inviteParticipants(ctx, session._id, [person!]);
    const email = (await participantById(ctx, person!)).email;
    const mail = await lastMailTo(email);
    expect(mail?.textBody).toContain("12:30 AM");
    expect(mail?.textBody).toContain("December 2, 2026");
  });
});
