import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { participants } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { getT } from "~/i18n/i18n.server";
import { addScheduledSession, cancelScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { participantEntrySummaries } from "~/modules/scheduling/entries.server";
import {
  completeSignUp,
  myScheduledSessions,
  signUpForScheduledSession,
  signUpInfo,
  startSignUp,
} from "~/modules/scheduling/signup.server";
import { addParticipant, lastMailTo, makeTenant, staffCtx } from "../support/tenants";
import { makeLocation, makeTemplate } from "./fixtures";
import { refusal } from "../support/refusal";

let slug: string;
let staff: Ctx;
let template: { id: string; evaluations: string[] };

function participantCtx(base: Ctx, id: string, email: string): Ctx {
  return { ...base, actor: { type: "USER", participantId: id, email, name: "P" }, permissions: [] };
}

beforeAll(async () => {
  slug = (await makeTenant("sch-sign")).tenant.slug;
  staff = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
  template = await makeTemplate(staff, 2, "SU", "First aid");
});

describe("signUpForScheduledSession", () => {
  it("signs a participant up once (idempotent), case-insensitive code; lists it among their sessions", async () => {
    const s = await addScheduledSession(staff, {
      session: template.id,
      datetime: "2040-01-01T09:00:00Z",
      location: await makeLocation(staff, "Room 1"),
    });
    const pid = await addParticipant(slug, "signer@example.test", "Sam Signer");
    const me = participantCtx(staff, pid, "signer@example.test");
    const first = await signUpForScheduledSession(me, s.loginCode.toLowerCase());
    expect(first).toMatchObject({
      id: s._id,
      sessionName: "First aid",
      locationName: "Room 1",
      reference: s.reference,
    });
    await signUpForScheduledSession(me, s.loginCode);
    expect((await participantEntrySummaries(staff, s._id)).map((e) => e.participant)).toEqual([pid]);
    const mine = await myScheduledSessions(me);
    expect(mine.upcoming.map((x) => x.id)).toEqual([s._id]);
    expect(mine.past).toEqual([]);
  });

  it("a wrong code is NOT_FOUND scheduled_session_not_found", async () => {
    const pid = await addParticipant(slug, "wrong@example.test");
    const e = await refusal(signUpForScheduledSession(participantCtx(staff, pid, "wrong@example.test"), "ZZZZZZ"));
    expect([e.code, e.reason]).toEqual(["NOT_FOUND", "scheduled_session_not_found"]);
  });

  it("a canceled session refuses with scheduled_session_closed", async () => {
    const s = await addScheduledSession(staff, { session: template.id, datetime: "2040-02-01T09:00:00Z" });
    await cancelScheduledSession(staff, s._id);
    const pid = await addParticipant(slug, "late@example.test");
    const e = await refusal(signUpForScheduledSession(participantCtx(staff, pid, "late@example.test"), s.loginCode));
    expect([e.code, e.reason]).toEqual(["BAD_REQUEST", "scheduled_session_closed"]);
    expect(await participantEntrySummaries(staff, s._id)).toEqual([]);
    expect(staff.t("errors:scheduled_session_closed")).not.toBe("scheduled_session_closed");
  });

  it("staff and anonymous callers cannot use it", async () => {
    expect((await refusal(signUpForScheduledSession(staff, "ABCDEF"))).code).toBe("UNAUTHORIZED");
    expect((await refusal(signUpForScheduledSession({ ...staff, actor: { type: "ANONYMOUS" } }, "ABCDEF"))).code).toBe(
      "UNAUTHORIZED",
    );
  });

  it("codes are per tenant: another tenant's participant cannot use this tenant's code", async () => {
    const s = await addScheduledSession(staff, { session: template.id, datetime: "2040-03-01T09:00:00Z" });
    const otherSlug = (await makeTenant("sch-sign-b")).tenant.slug;
    const otherStaff = await staffCtx(otherSlug);
    const pid = await addParticipant(otherSlug, "other@example.test");
    const e = await refusal(
      signUpForScheduledSession(participantCtx(otherStaff, pid, "other@example.test"), s.loginCode),
    );
    expect(e.reason).toBe("scheduled_session_not_found");
    expect((await refusal(signUpInfo(otherSlug, s.loginCode))).reason).toBe("scheduled_session_not_found");
  });
});

describe("the sign-up page flow for a new person", () => {
  it("creates the participant, mails a one-time code, and signs up after the code", async () => {
    const s = await addScheduledSession(staff, { session: template.id, datetime: "2040-04-01T09:00:00Z" });
    const info = await signUpInfo(slug, s.loginCode);
    expect(info).toMatchObject({ sessionName: "First aid", open: true, organization: `Tenant ${slug}` });
    const email = "newbie@example.test";
    expect(
      await startSignUp({
        tenant: slug,
        code: s.loginCode,
        name: "Nina Newbie",
        email,
        locale: "fr-fr",
        clientAddress: "1.2.3.4",
      }),
    ).toEqual({ created: true });
    const person = await staff.tdb.db.select().from(participants).where(eq(participants.emailLower, email)).get();
    expect(person).toMatchObject({ name: "Nina Newbie", locale: "fr-fr" });
    // Not signed up before the code is given.
    expect(await participantEntrySummaries(staff, s._id)).toEqual([]);
    const mail = await lastMailTo(email);
    expect(mail?.code).toMatch(/^\d{6}$/);
    const wrong = await refusal(
      completeSignUp({
        tenant: slug,
        code: s.loginCode,
        email,
        otp: "000000",
        secure: false,
        clientAddress: "1.2.3.4",
        ctxBase: { locale: "en-us", t: await getT("en-us") },
      }),
    );
    expect(wrong.code).toBe("AUTH_CODE_INVALID_OR_EXPIRED");
    const done = await completeSignUp({
      tenant: slug,
      code: s.loginCode,
      email,
      otp: mail!.code!,
      secure: false,
      clientAddress: "1.2.3.4",
      ctxBase: { locale: "en-us", t: await getT("en-us") },
    });
    expect(done.cookie.value).toBeTruthy();
    expect(done.session.id).toBe(s._id);
    expect((await participantEntrySummaries(staff, s._id)).map((e) => e.participant)).toEqual([person!.id]);
    // An existing participant is not created twice.
    expect(
      await startSignUp({
        tenant: slug,
        code: s.loginCode,
        name: "Nina",
        email: "NEWBIE@example.test",
        locale: "en-us",
        clientAddress: "1.2.3.5",
      }),
    ).toEqual({ created: false });
  });

  it("refuses a wrong code, an unknown tenant, a closed session and bad input", async () => {
    const s = await addScheduledSession(staff, { session: template.id, datetime: "2040-05-01T09:00:00Z" });
    const base = { name: "X", email: "x@example.test", locale: "en-us" as const, clientAddress: "1.2.3.6" };
    expect((await refusal(startSignUp({ ...base, tenant: slug, code: "NOPE22" }))).reason).toBe(
      "scheduled_session_not_found",
    );
    expect((await refusal(startSignUp({ ...base, tenant: "no-such-tenant", code: s.loginCode }))).reason).toBe(
      "scheduled_session_not_found",
    );
    expect(
      (await refusal(startSignUp({ ...base, tenant: slug, code: s.loginCode, email: "not-an-email" }))).fieldErrors
        ?.email?.key,
    ).toBe("validation:email");
    await cancelScheduledSession(staff, s._id);
    expect((await refusal(startSignUp({ ...base, tenant: slug, code: s.loginCode }))).reason).toBe(
      "scheduled_session_closed",
    );
    expect((await signUpInfo(slug, s.loginCode)).open).toBe(false);
  });
});
