import { describe, expect, it } from "vitest";
import { isEmailAddress } from "~/lib/email-address";
import { importParticipantsCsv } from "~/modules/databases/import.server";
import { participantById } from "~/modules/databases/participants.server";
import { makeTenant, staffCtx } from "./support/tenants";

describe("e-mail addresses", () => {
  it("accepts internationalised addresses (RFC 6531) and the usual ASCII ones", () => {
    for (const ok of [
      "inès.dupont@exemple.fr",
      "jürgen@bücher.de",
      "Zoë.O'Neil+tag@example.co.uk",
      "用户@例子.广告",
      "a@xn--bcher-kva.de",
      "x_y-z@sub.example.io",
    ]) {
      expect(isEmailAddress(ok), ok).toBe(true);
    }
  });

  it("refuses what is not an address", () => {
    for (const bad of [
      "",
      "plain",
      "@example.com",
      "me@",
      "me@localhost",
      "a..b@example.com",
      ".a@example.com",
      "a.@example.com",
      "a b@example.com",
      "me@-bad.com",
      "me@example.123",
      `${"x".repeat(65)}@example.com`,
      '"quoted"@example.com',
    ]) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
  });

  it("lets the participants import take inès.dupont@…", async () => {
    const { tenant } = await makeTenant("idn-import");
    const ctx = await staffCtx(tenant.slug);
    const { ids, skippedLines } = await importParticipantsCsv(ctx, "name,email\nInès Dupont,inès.dupont@exemple.fr\n");
    expect(skippedLines).toEqual([]);
    expect((await participantById(ctx, ids[0]!)).email).toBe("inès.dupont@exemple.fr");
  });
});
