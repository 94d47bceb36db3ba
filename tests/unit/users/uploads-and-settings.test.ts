import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { uploadImageFile as uploadImage } from "~/api/assets.server";
import { serveLogo as publicLogoRoute } from "~/api/logo.server";
import { requestUploadSignature, UPLOAD_TICKET_TTL_S, type UploadSignature } from "~/modules/auth/upload-ticket.server";
import { organizationPublicInfo, requireTenant } from "~/modules/tenants/tenants.server";
import { organizationOf, updateOrganizationSettings, uploadOrganizationLogo } from "~/modules/tenants/settings.server";
import { sessionEditorData } from "~/modules/assessments/screens.server";
import { sendOrganizationNotice } from "~/modules/tenants/notices.server";
import { lastMailTo, makeTenant, staffCtx } from "../support/tenants";

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
]);

function ticketUpload(ticket: Partial<UploadSignature> & Record<string, unknown>) {
  const form = new FormData();
  for (const key of ["tenant", "public_id", "signature", "timestamp"])
    if (ticket[key] !== undefined) form.set(key, String(ticket[key]));
  form.set("file", new File([PNG as BlobPart], "logo.png", { type: "image/png" }));
  const request = new Request("http://localhost/api/assets/image/upload/file", { method: "POST", body: form });
  return uploadImage({ request, context: { clientAddress: "10.0.0.5" }, params: {} } as any);
}

let slug: string;
let other: string;
let writer: Ctx;
let manager: Ctx;

beforeAll(async () => {
  slug = (await makeTenant()).tenant.slug;
  other = (await makeTenant()).tenant.slug;
  writer = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
  manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
});

describe("upload tickets (requestCloudinaryUploadSignature)", () => {
  it("let a client without a session cookie upload one file under the ticket's public_id", async () => {
    const ticket = requestUploadSignature(writer);
    expect(ticket).toMatchObject({ tenant: slug, expires_at: ticket.timestamp + UPLOAD_TICKET_TTL_S });
    const res = await ticketUpload(ticket);
    expect(res.status).toBe(200);
    expect((await res.json()) as any).toMatchObject({ id: `${ticket.public_id}.png` });
    // One file per ticket.
    const again = await ticketUpload(ticket);
    expect(again.status).toBe(401);
    expect(((await again.json()) as any).reason).toBe("upload_ticket_invalid");
  });

  it("expire after 10 minutes", async () => {
    const old = requestUploadSignature(writer, Date.now() - (UPLOAD_TICKET_TTL_S + 5) * 1000);
    expect((await ticketUpload(old)).status).toBe(401);
  });

  it("are bound to their tenant and cannot be forged", async () => {
    const ticket = requestUploadSignature(writer);
    expect((await ticketUpload({ ...ticket, tenant: other })).status).toBe(401);
    expect(
      (await ticketUpload({ ...ticket, signature: ticket.signature.replace(/.$/, (c) => (c === "0" ? "1" : "0")) }))
        .status,
    ).toBe(401);
    expect((await ticketUpload({ ...ticket, timestamp: ticket.timestamp + 1 })).status).toBe(401);
    expect((await ticketUpload(ticket)).status).toBe(200);
  });

  it("are only issued to staff who may upload", async () => {
    const reader = await staffCtx(slug, ["ORGANIZATION_READER"]);
    expect(() => requestUploadSignature(reader)).toThrow(expect.objectContaining({ code: "FORBIDDEN" }));
  });
});

describe("organisation settings", () => {
  it("saves name, notice recipients, time zone, language and defaults, and refuses bad values without changing anything", async () => {
    const saved = await updateOrganizationSettings(manager, {
      name: "Renamed Org",
      organizationManagerEmails: "a@x.test\nB@x.test, a@x.test",
      timeZone: "Europe/Paris",
      defaultLanguage: "nl-nl",
      defaultPassPercentage: "70",
      defaultReportLayout: "WIDE",
    });
    expect(saved).toMatchObject({
      name: "Renamed Org",
      organizationManagerEmails: ["a@x.test", "b@x.test"],
      timeZone: "Europe/Paris",
      defaultLanguage: "nl-nl",
      defaultPassPercentage: 70,
      defaultReportLayout: "WIDE",
    });
    await expect(
      updateOrganizationSettings(manager, {
        name: "",
        timeZone: "Mars/Base",
        organizationManagerEmails: ["nope"],
        defaultPassPercentage: 101,
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      fieldErrors: {
        name: expect.anything(),
        timeZone: expect.anything(),
        defaultPassPercentage: expect.anything(),
        "organizationManagerEmails.0": expect.anything(),
      },
    });
    expect(organizationOf(await requireTenant(slug))).toMatchObject({ name: "Renamed Org", timeZone: "Europe/Paris" });
  });

  it("are changed only with manage:settings", async () => {
    await expect(updateOrganizationSettings(writer, { name: "Hijack" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const userManager = await staffCtx(slug, ["ORGANIZATION_USER_MANAGER"]);
    await expect(uploadOrganizationLogo(userManager, new File([PNG as BlobPart], "l.png"))).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("take an uploaded logo, shown publicly for the login pages; a logo of another tenant is refused", async () => {
    const org = await uploadOrganizationLogo(manager, new File([PNG as BlobPart], "l.png", { type: "image/png" }));
    expect(org.logoUrl).toBe(`/api/organization/${slug}/logo?v=${org.logo}`);
    expect((await organizationPublicInfo(slug)).logo).toBe(org.logoUrl);
    const res = await publicLogoRoute({
      request: new Request(`http://localhost${org.logoUrl}`),
      params: { tenant: slug },
      context: {},
    } as any);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    const otherManager = await staffCtx(other, ["ORGANIZATION_MANAGER"]);
    await expect(updateOrganizationSettings(otherManager, { logo: org.logo })).rejects.toMatchObject({
      fieldErrors: { logo: expect.anything() },
    });
    await expect(
      uploadOrganizationLogo(manager, new File([new TextEncoder().encode("<html>") as BlobPart], "x.html")),
    ).rejects.toMatchObject({ fieldErrors: { logo: expect.anything() } });
  });
});

describe("notices to the organisation's notice recipients", () => {
  it("go to every organizationManagerEmails address in the organisation's default language", async () => {
    const own = (await makeTenant()).tenant.slug;
    const boss = await staffCtx(own, ["ORGANIZATION_MANAGER"]);
    await updateOrganizationSettings(boss, {
      organizationManagerEmails: ["one@n.test", "two@n.test"],
      defaultLanguage: "fr-fr",
    });
    const sent = await sendOrganizationNotice(await requireTenant(own), {
      kind: "help-request",
      values: { participant: "Pat", session: "VCA20261123", path: "/admin/scheduledsessions" },
    });
    expect(sent).toBe(2);
    for (const to of ["one@n.test", "two@n.test"])
      expect((await lastMailTo(to))?.subject).toBe("Pat demande de l'aide dans VCA20261123");
  });
});

describe("the default pass percentage", () => {
  it("is what a new session template starts with", async () => {
    const own = (await makeTenant()).tenant.slug;
    const boss = await staffCtx(own, ["ORGANIZATION_MANAGER"]);
    expect((await sessionEditorData(boss, null)).defaultPassPercentage).toBe(70);
    await updateOrganizationSettings(boss, { defaultPassPercentage: 80 });
    const next = await staffCtx(own, ["ORGANIZATION_WRITER"]);
    expect((await sessionEditorData(next, null)).defaultPassPercentage).toBe(80);
  });
});
