import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { completeOtpLogin, requestLogin } from "~/modules/auth/login.server";
import { importParticipantsCsv } from "~/modules/databases/import.server";
import { addParticipant, participantById, updateParticipant } from "~/modules/databases/participants.server";
import { inviteParticipants } from "~/modules/scheduling/invitations.server";
import { addScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { gql, loginOverGraphQL } from "../support/graphql";
import { lastMailTo, makeTenant, staffCtx } from "../support/tenants";
import { makeTemplate } from "../scheduling/fixtures";

// Participants have a language (en-us, nl-nl, fr-fr, or none: the organisation's); their e-mails
// follow it.

describe("a participant's language", () => {
  it("is saved, read, validated with a translated message and imported from a CSV column", async () => {
    const { tenant } = await makeTenant("lang");
    const ctx = await staffCtx(tenant.slug);
    const p = await addParticipant(ctx, { name: "Inès Dupont", email: "ines@example.test", language: "fr-fr" });
    expect(p.language).toBe("fr-fr");
    expect(
      (await updateParticipant(ctx, p._id, { name: "Inès Dupont", email: "ines@example.test", language: "" })).language,
    ).toBeNull();
    const refused = await addParticipant(ctx, { name: "X", email: "x@example.test", language: "de-de" }).catch(
      (e) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).fieldErrors).toEqual({ language: { key: "validation:language" } });
    expect(ctx.t("validation:language")).toContain("nl-nl");

    const { ids } = await importParticipantsCsv(
      ctx,
      "name;email;language\nJan Peeters;jan@example.test;nl\nAnn Smith;ann@example.test;\n",
    );
    expect((await participantById(ctx, ids[0]!)).language).toBe("nl-nl");
    expect((await participantById(ctx, ids[1]!)).language).toBeNull();
    // A re-import without the column keeps the language.
    await importParticipantsCsv(ctx, "name,email\nJan Peeters,jan@example.test\n");
    expect((await participantById(ctx, ids[0]!)).language).toBe("nl-nl");
  });

  it("is a GraphQL field of Participant and ParticipantInput", async () => {
    const { tenant } = await makeTenant("lang-gql");
    const cookie = await loginOverGraphQL("admin", tenant.slug, `manager@${tenant.slug}.test`);
    const added = await gql(
      "admin",
      `mutation { addParticipant(input: { name: "Piet", email: "piet@example.test", language: "nl-nl" }) { _id language } }`,
      {},
      { cookie },
    );
    expect(added.body.data.addParticipant.language).toBe("nl-nl");
  });

  it("chooses the language of invitations, whatever the staff member's", async () => {
    const { tenant } = await makeTenant("lang-mail");
    const ctx = await staffCtx(tenant.slug); // an English-speaking staff member
    const template = await makeTemplate(ctx, 1, "LNG", "Heftruck");
    const p = await addParticipant(ctx, { name: "Inès", email: "ines.mail@example.test", language: "fr-fr" });
    const session = await addScheduledSession(ctx, {
      session: template.id,
      datetime: "2030-05-06T07:30:00Z",
      participants: [p._id],
    });
    await inviteParticipants(ctx, session._id, [p._id]);
    expect((await lastMailTo("ines.mail@example.test"))!.subject).toMatch(/^Invitation : Heftruck le lundi 6 mai 2030/);
  });

  it("chooses the language of the login code and, once signed in, of the participant's screens", async () => {
    const { tenant } = await makeTenant("lang-login");
    const ctx = await staffCtx(tenant.slug);
    await addParticipant(ctx, { name: "Jan", email: "jan.login@example.test", language: "nl-nl" });
    const identifier = { type: "EMAIL" as const, value: "jan.login@example.test" };
    await requestLogin({
      tenant: tenant.slug,
      identifier,
      accountType: "USER",
      clientAddress: "10.2.2.2",
      locale: "en-us",
    });
    const mail = (await lastMailTo("jan.login@example.test"))!;
    expect(mail.subject).toMatch(/^Uw aanmeldcode voor /);
    const done = await completeOtpLogin({
      tenant: tenant.slug,
      identifier,
      otp: mail.code!,
      accountType: "USER",
      secure: false,
      clientAddress: "10.2.2.2",
    });
    expect(done.language).toBe("nl-nl");
  });
});
