import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/form-schema";
import { locationInput, participantInput } from "~/modules/databases/entity-inputs";
import { MAX_SESSION_PARTICIPANTS } from "~/modules/scheduling/limits";
import { planFormInput } from "~/modules/scheduling/session-input";

const form = (fields: Array<[string, string]>) => {
  const data = new FormData();
  for (const [k, v] of fields) data.append(k, v);
  return data;
};

// The schemas the screens check while typing are the ones the actions parse: these are the posts.
describe("a form post read through its schema", () => {
  it("turns dotted names into objects and answers with translation keys per field", () => {
    const parsed = parseForm(
      form([
        ["name", "Hall"],
        ["address.line1", "Main 1"],
        ["address.city", ""],
        ["address.country", "BE"],
      ]),
      locationInput,
    );
    expect(parsed).toEqual({ ok: false, fieldErrors: { "address.city": { key: "validation:required" } } });
    const ok = parseForm(
      form([
        ["name", "Hall"],
        ["address.line1", "Main 1"],
        ["address.city", "Ghent"],
        ["address.country", "BE"],
      ]),
      locationInput,
    );
    expect(ok.ok && ok.value.address).toMatchObject({ line1: "Main 1", city: "Ghent", country: "BE", region: null });
  });

  it("keeps the schema's own keys (an e-mail, a language)", () => {
    const parsed = parseForm(
      form([
        ["name", "Ann"],
        ["email", "not-an-address"],
        ["language", "de"],
      ]),
      participantInput,
    );
    expect(parsed.ok ? null : parsed.fieldErrors).toEqual({
      email: { key: "validation:email" },
      language: { key: "validation:language" },
    });
  });

  it("reads the plan form: checkboxes, repeated participants, the participant limit", () => {
    const base: Array<[string, string]> = [
      ["session", "tpl"],
      ["datetime", "2031-01-06T09:00"],
      ["enableAutoPauseOnHelpRequest", "on"],
    ];
    const one = parseForm(form([...base, ["participants", "p1"]]), planFormInput);
    expect(one.ok && one.value).toMatchObject({
      participants: ["p1"],
      enableAutoPauseOnHelpRequest: true,
      allQuestionsInEvaluationShownByDefault: false,
      invite: false,
      location: null,
    });
    const none = parseForm(form(base), planFormInput);
    expect(none.ok && none.value.participants).toEqual([]);
    const full = Array.from({ length: MAX_SESSION_PARTICIPANTS }, (_, i): [string, string] => [
      "participants",
      `p${i}`,
    ]);
    expect(parseForm(form([...base, ...full]), planFormInput).ok).toBe(true);
    const over = parseForm(form([...base, ...full, ["participants", "one-more"]]), planFormInput);
    expect(over.ok ? null : over.fieldErrors).toEqual({
      participants: { key: "validation:too-big", values: { max: MAX_SESSION_PARTICIPANTS } },
    });
    const missing = parseForm(form([["datetime", "tomorrow"]]), planFormInput);
    expect(missing.ok ? null : missing.fieldErrors).toEqual({
      session: { key: "validation:required" },
      datetime: { key: "validation:invalid" },
    });
  });
});
