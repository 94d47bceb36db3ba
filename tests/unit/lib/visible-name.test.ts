import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { hasVisibleCharacter, nameText, zodFieldErrors } from "~/lib/validation";
import { addEvaluation } from "~/modules/assessments/evaluations.server";
import { addQuestion } from "~/modules/assessments/questions.server";
import { addSession } from "~/modules/assessments/sessions.server";
import { addCategory } from "~/modules/databases/categories.server";
import { addCompany } from "~/modules/databases/companies.server";
import { addContext } from "~/modules/databases/contexts.server";
import { addLocation } from "~/modules/databases/locations.server";
import { addParticipant } from "~/modules/databases/participants.server";
import { addSupplyObject } from "~/modules/databases/supplies.server";
import { addSessionReportLayout } from "~/modules/reports/layouts.server";
import { signUpDetailsInput } from "~/modules/scheduling/signup-form";
import { updateOrganizationSettings } from "~/modules/tenants/settings.server";
import { createTenant, requireTenant } from "~/modules/tenants/tenants.server";
import { createStaffUserInTenant } from "~/modules/staff/staff-users.server";
import { addUser, updateUser } from "~/modules/users/user-management.server";
import { gql, loginOverGraphQL } from "../support/graphql";
import { refusal } from "../support/refusal";
import { makeTenant, staffCtx } from "../support/tenants";

// A name made only of zero-width characters ("\u200B\u200D") was accepted: trim()
// does not remove them. Every name goes through one rule now (nameText in app/lib/validation.ts):
// at least one visible character, refused with validation:visible-name, translated; a real name
// with such characters inside stays as it is.

/** Names that show nothing: zero-width space, non-joiner, joiner, word joiner, BOM, soft hyphen, spaces, NBSP, and mixes. */
const INVISIBLE = [
  "\u200B",
  "\u200C",
  "\u200D",
  "\u2060",
  "\uFEFF",
  "\u00AD",
  "\u200B\u200D",
  " \u00A0 ",
  "\u00A0",
  "\u2060\u00AD\uFEFF",
  "\u200B \u200C\u00A0\u200D",
  "\u3164",
  "\u2800",
  "\u200E\u202E",
];
/** Real names with invisible characters inside or around them. */
const REAL = [
  "Zoë\u00ADvan Dijk",
  "Jean\u2060Pierre",
  "\u200BAcme\u200D",
  "Anne\u00A0Marie",
  "\uFEFFLéa",
  "क्‍ष",
  "👩\u200D🔬 Lab",
];
const VISIBLE_NAME = "Enter a name with at least one visible character.";

let slug: string;
let manager: Ctx;
let cookie: string;

beforeAll(async () => {
  slug = (await makeTenant("visible-a")).tenant.slug;
  manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  cookie = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
});

describe("the shared rule", () => {
  it("tells visible characters from invisible ones", () => {
    for (const name of INVISIBLE) expect(hasVisibleCharacter(name), JSON.stringify(name)).toBe(false);
    for (const name of [...REAL, "A", "李", "٣", "—"])
      expect(hasVisibleCharacter(name), JSON.stringify(name)).toBe(true);
  });

  it("nameText: blank is required, invisible is visible-name, real names are kept as typed (trimmed)", () => {
    const keyOf = (v: unknown) => {
      const r = nameText().safeParse(v);
      return r.success ? null : zodFieldErrors(r.error)._!.key;
    };
    expect(keyOf("   ")).toBe("validation:required");
    expect(keyOf(undefined)).toBe("validation:required");
    for (const name of INVISIBLE.filter((n) => n.trim() !== ""))
      expect(keyOf(name), JSON.stringify(name)).toBe("validation:visible-name");
    for (const name of REAL) expect(nameText().parse(` ${name} `)).toBe(name.trim());
  });

  it("the message is translated in the three languages", () => {
    expect(manager.t("validation:visible-name")).toBe(VISIBLE_NAME);
    expect(manager.t("validation:visible-name", { lng: "nl-nl" })).toBe(
      "Vul een naam in met minstens één zichtbaar teken.",
    );
    expect(manager.t("validation:visible-name", { lng: "fr-fr" })).toBe(
      "Saisissez un nom comportant au moins un caractère visible.",
    );
  });
});

let n = 0;
const email = () => `visible-${++n}@${slug}.test`;
/** Every kind of named thing, added through its module with the given name. */
const kinds: Array<[string, (name: string) => Promise<unknown>]> = [
  ["organisation (settings)", (name) => updateOrganizationSettings(manager, { name })],
  [
    "organisation (creation)",
    (name) => createTenant({ slug: `visible-t${++n}`, name, adminEmail: `boss@visible-t${n}.test` }),
  ],
  ["staff user (addUser)", (name) => addUser(manager, { email: email(), name, roles: ["ORGANIZATION_READER"] })],
  [
    "staff user (created in a tenant)",
    async (name) => createStaffUserInTenant(manager.tdb, { email: email(), name, roles: ["ORGANIZATION_READER"] }),
  ],
  ["participant", (name) => addParticipant(manager, { name, email: email() })],
  ["company", (name) => addCompany(manager, { name })],
  [
    "location",
    (name) => addLocation(manager, { name, address: { line1: "Main street 1", city: "Gent", country: "BE" } }),
  ],
  ["category", (name) => addCategory(manager, { name })],
  ["supply object", (name) => addSupplyObject(manager, { name })],
  ["context", (name) => addContext(manager, { name })],
  ["question", (name) => addQuestion(manager, { name, maxTime: 60 })],
  ["evaluation", (name) => addEvaluation(manager, { name })],
  ["session template", (name) => addSession(manager, { name, passPercentage: 60 })],
  [
    "report layout",
    (name) => addSessionReportLayout(manager, { name, layout: [{ type: "summary", displayNumericScore: true }] }),
  ],
];

describe("every name refuses invisible characters and keeps real names", () => {
  for (const [kind, add] of kinds) {
    it(kind, async () => {
      for (const name of ["\u200B\u200D", "\u2060\u00AD\uFEFF", "\u200C", "\u00A0\u200B"]) {
        const e = await refusal(add(name));
        expect([e.code, e.fieldErrors?.name?.key], `${kind} ${JSON.stringify(name)}`).toEqual([
          "BAD_REQUEST",
          "validation:visible-name",
        ]);
      }
      await add(`${kind} Zoë\u00ADvan\u200BDijk`);
    });
  }

  it("the sign-up page's name (a new participant)", () => {
    const r = signUpDetailsInput.safeParse({ name: "\u200B\u200D", email: "new@example.test" });
    expect(r.success ? null : zodFieldErrors(r.error).name?.key).toBe("validation:visible-name");
    expect(signUpDetailsInput.safeParse({ name: "Ana\u200BMaria", email: "new@example.test" }).success).toBe(true);
  });

  it("a refused organisation name changes nothing", async () => {
    const before = (await requireTenant(slug)).name;
    await refusal(updateOrganizationSettings(manager, { name: "\u200B\u200D" }));
    expect((await requireTenant(slug)).name).toBe(before);
  });

  it("an update is held to the same rule", async () => {
    const user = await addUser(manager, { email: email(), name: "Real Name", roles: ["ORGANIZATION_READER"] });
    const e = await refusal(
      updateUser(manager, user.id, { email: user.email, name: "\uFEFF\u200B", roles: ["ORGANIZATION_READER"] }),
    );
    expect(e.fieldErrors?.name?.key).toBe("validation:visible-name");
  });
});

describe("over GraphQL", () => {
  it("updateOrganizationSettings and addUser refuse an invisible name with BAD_REQUEST and the translated message", async () => {
    const settings = await gql(
      "admin",
      `mutation($i: OrganizationSettingsInput!) { updateOrganizationSettings(input: $i) { name } }`,
      { i: { name: "\u200B\u200D" } },
      { cookie },
    );
    expect(settings.body.errors![0]!.extensions).toMatchObject({
      code: "BAD_REQUEST",
      reason: "validation_failed",
      fieldErrors: { name: VISIBLE_NAME },
    });
    const user = await gql(
      "admin",
      `mutation($i: ManagedUserInput!) { addUser(input: $i) { email } }`,
      { i: { email: email(), name: "\u2060\u00AD", roles: ["ORGANIZATION_READER"] } },
      { cookie, locale: "fr-fr" },
    );
    expect(user.body.errors![0]!.extensions).toMatchObject({
      code: "BAD_REQUEST",
      fieldErrors: { name: "Saisissez un nom comportant au moins un caractère visible." },
    });
    const company = await gql(
      "admin",
      `mutation($i: CompanyInput!) { addCompany(input: $i) { _id } }`,
      { i: { name: "\u200B" } },
      { cookie, locale: "nl-nl" },
    );
    expect(company.body.errors![0]!.extensions).toMatchObject({
      code: "BAD_REQUEST",
      fieldErrors: { name: "Vul een naam in met minstens één zichtbaar teken." },
    });
  });
});

describe("one rule", () => {
  it("no schema in app/ validates a name other than with nameText", () => {
    const files = (fs.readdirSync("app", { recursive: true }) as string[])
      .filter((f) => /\.(ts|tsx)$/.test(f))
      .map((f) => path.join("app", f));
    const own = files.flatMap((f) =>
      fs
        .readFileSync(f, "utf8")
        .split("\n")
        .filter((line) => /\bname: (z\.|requiredText\()/.test(line))
        .map((line) => `${f}: ${line.trim()}`),
    );
    expect(own).toEqual([]);
  });
});
