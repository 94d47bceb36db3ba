import fs from "node:fs";
import path from "node:path";
import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { readFormData } from "~/lib/form-data.server";
import { createLoginSession, serializeCookie } from "~/modules/auth/sessions.server";
import { listCompanies } from "~/modules/databases/companies.server";
import { requireTenant } from "~/modules/tenants/tenants.server";
import { action as companiesAction } from "~/routes/admin.databases.companies";
import { action as questionsAction } from "~/routes/admin.assessments.questions._index";
import { action as settingsAction } from "~/routes/admin.organization.settings";
import { action as sessionReportsAction } from "~/routes/admin.reports.sessionreports";
import { action as planAction } from "~/routes/admin.scheduledsessions.plan";
import { action as userManagementAction } from "~/routes/admin.usermanagement";
import { uploadImageFile as imageUploadAction } from "~/api/assets.server";
import { uploadImageUrl as imageUrlAction } from "~/api/assets.server";
import { chooseLocale as localeAction } from "~/api/locale.server";
import { action as signUpAction } from "~/routes/user.signup.$code";
import { refusal } from "../support/refusal";
import { makeTenant, staffCtx } from "../support/tenants";

// A multipart body that cannot be read (`--zzz\r\nbroken`) made request.formData()
// throw outside any error handling: 500 "Unexpected Server Error". Every form read goes through
// readFormData now, and the refusal is a 400 with the translated message, changing nothing.

const BROKEN = "--zzz\r\nbroken";
const broken = (url: string, cookie: string, language = "en-us") =>
  new Request(`http://localhost${url}`, {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=zzz", Cookie: cookie, "Accept-Language": language },
    body: BROKEN,
  });

type Action = (args: ActionFunctionArgs) => unknown;
const call = (action: Action, request: Request, params: Record<string, string> = {}) =>
  Promise.resolve()
    .then(() => action({ request, context: { clientAddress: "10.0.0.28" }, params } as ActionFunctionArgs))
    .then(
      (answer) => ({ thrown: false, answer }),
      (thrown: unknown) => ({ thrown: true, answer: thrown }),
    );

let slug: string;
let cookie: string;

beforeAll(async () => {
  slug = (await makeTenant("form-data-a")).tenant.slug;
  const manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  if (manager.actor.type !== "ADMIN") throw new Error("expected staff");
  const session = await createLoginSession(manager.tdb, "ADMIN", manager.actor.userId, false);
  cookie = serializeCookie(session).split(";")[0]!;
});

describe("readFormData", () => {
  it("refuses an unreadable multipart body with BAD_REQUEST form_unreadable", async () => {
    const e = await refusal(readFormData(broken("/x", "")));
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.reason).toBe("form_unreadable");
    expect(e.status).toBe(400);
  });

  it("reads a good form as it is", async () => {
    const form = await readFormData(
      new Request("http://localhost/x", { method: "POST", body: new URLSearchParams({ intent: "create", name: "A" }) }),
    );
    expect(form.get("name")).toBe("A");
  });
});

describe("screen actions answer an unreadable form with 400, translated, and change nothing", () => {
  const screens: Array<[string, Action, Record<string, string>?]> = [
    ["/admin/organization/settings", settingsAction as Action],
    ["/admin/usermanagement", userManagementAction as Action],
    ["/admin/databases/companies", companiesAction as Action],
    ["/admin/assessments/questions", questionsAction as Action],
    ["/admin/scheduledsessions/plan", planAction as Action],
    ["/admin/reports/sessionreports", sessionReportsAction as Action],
    ["/api/locale", localeAction as Action],
    ["/user/signup/ABCDEF", signUpAction as Action, { code: "ABCDEF" }],
  ];
  for (const [url, action, params] of screens) {
    it(url, async () => {
      const { thrown, answer } = await call(action, broken(url, cookie), params);
      expect(thrown, `${url} answered instead of refusing`).toBe(true);
      expect(answer).toBeInstanceOf(Response);
      const response = answer as Response;
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text).toBe(
        "The form could not be read: it was sent incomplete or damaged. Reload the page and try again.",
      );
    });
  }

  it("answers in the request's language", async () => {
    const { answer } = await call(settingsAction as Action, broken("/admin/organization/settings", cookie, "fr-fr"));
    expect(await (answer as Response).text()).toMatch(/^Le formulaire n'a pas pu être lu/);
    const nl = await call(companiesAction as Action, broken("/admin/databases/companies", cookie, "nl-nl"));
    expect(await (nl.answer as Response).text()).toMatch(/^Het formulier kon niet gelezen worden/);
  });

  it("leaves the organisation and its lists as they were", async () => {
    const before = (await requireTenant(slug)).name;
    const ctx = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
    const companies = (await listCompanies(ctx, {})).pageInfo.totalCount;
    await call(settingsAction as Action, broken("/admin/organization/settings", cookie));
    await call(companiesAction as Action, broken("/admin/databases/companies", cookie));
    expect((await requireTenant(slug)).name).toBe(before);
    expect((await listCompanies(ctx, {})).pageInfo.totalCount).toBe(companies);
  });
});

describe("uploads answer an unreadable form with their JSON refusal (400)", () => {
  for (const [url, action] of [
    ["/api/assets/image/upload/file", imageUploadAction],
    ["/api/assets/image/upload/url", imageUrlAction],
  ] as const) {
    it(url, async () => {
      const { thrown, answer } = await call(action as Action, broken(url, cookie));
      expect(thrown).toBe(false);
      const response = answer as Response;
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        ok: false,
        code: "BAD_REQUEST",
        reason: "form_unreadable",
        message: expect.stringMatching(/form could not be read/),
      });
    });
  }

  it("an anonymous upload with an unreadable form (no ticket to read) is refused the same way", async () => {
    const { answer } = await call(imageUploadAction as Action, broken("/api/assets/image/upload/file", ""));
    expect((answer as Response).status).toBe(400);
  });
});

describe("every form read in app/ goes through readFormData", () => {
  it("no other file calls formData()", () => {
    const files = (fs.readdirSync("app", { recursive: true }) as string[])
      .filter((f) => /\.(ts|tsx)$/.test(f))
      .map((f) => path.join("app", f));
    const offenders = files.filter(
      (f) => f !== path.join("app", "lib", "form-data.server.ts") && /\.formData\(\)/.test(fs.readFileSync(f, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
