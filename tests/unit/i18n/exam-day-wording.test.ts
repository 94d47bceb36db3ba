import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getT } from "~/i18n/i18n.server";

// Wording that was wrong: "The rules suggest 1 points", an "auto-submit" that scores, an invitation
// "at To be announced" / "à à communiquer" / "in wordt nog meegedeeld", and Dutch that said "u" on
// the sign-in and home screens but "je" on the session screens.

const LOCALES = ["en-us", "nl-nl", "fr-fr"] as const;

describe("the rules' suggested score", () => {
  it("says 1 point and 2 points (and 1.5 points) in every language", async () => {
    const expected = {
      "en-us": ["The rules suggest 1 point.", "The rules suggest 2 points.", "The rules suggest 1.5 points."],
      "nl-nl": [
        "De regels stellen 1 punt voor.",
        "De regels stellen 2 punten voor.",
        "De regels stellen 1,5 punten voor.",
      ],
      "fr-fr": ["Les règles proposent 1 point.", "Les règles proposent 2 points.", "Les règles proposent 1,5 point."],
    } as const;
    for (const locale of LOCALES) {
      const t = await getT(locale);
      const say = (n: number) =>
        t("corrections:step.suggested", { count: n, score: new Intl.NumberFormat(locale).format(n) });
      expect([say(1), say(2), say(1.5)]).toEqual(expected[locale]);
    }
  });
});

describe("automatic scoring", () => {
  it("is called what it does: it scores, it submits nothing", async () => {
    const names = {
      "en-us": "Score automatically",
      "nl-nl": "Automatisch scoren",
      "fr-fr": "Noter automatiquement",
    } as const;
    for (const locale of LOCALES) {
      const t = await getT(locale);
      expect(t("corrections:auto.open")).toBe(names[locale]);
      expect(t("corrections:auto.title")).toBe(names[locale]);
    }
  });
});

describe("the invitation's sentence", () => {
  const values = {
    name: "Ann",
    organization: "Acme",
    session: "Safety",
    date: "Monday 1 December 2026 09:00",
    link: "https://x.test/s",
    code: "ABC123",
    reference: "S1",
  };
  it("reads naturally with a location", async () => {
    const expected = {
      "en-us": "on Monday 1 December 2026 09:00. Where: Hall A (Main St 1).",
      "nl-nl": "op Monday 1 December 2026 09:00. Waar: Hall A (Main St 1).",
      "fr-fr": "le Monday 1 December 2026 09:00. Lieu : Hall A (Main St 1).",
    } as const;
    for (const locale of LOCALES) {
      const t = await getT(locale);
      const place = "Hall A (Main St 1)";
      expect(t("scheduling:emails.invitation.text", { ...values, place })).toContain(expected[locale]);
      expect(t("scheduling:emails.invitation.where", { place })).toBe(
        { "en-us": "Where: ", "nl-nl": "Waar: ", "fr-fr": "Lieu : " }[locale] + place,
      );
    }
  });
  it("reads naturally without one: no preposition before 'to be announced'", async () => {
    const expected = {
      "en-us": "Where: to be announced.",
      "nl-nl": "Waar: wordt nog meegedeeld.",
      "fr-fr": "Lieu : à communiquer.",
    } as const;
    for (const locale of LOCALES) {
      const t = await getT(locale);
      const text = t("scheduling:emails.invitation.text", {
        ...values,
        place: t("scheduling:emails.invitation.no-place"),
      });
      expect(text).toContain(expected[locale]);
      expect(text).not.toMatch(/ at to be announced| à à communiquer| in wordt nog meegedeeld/i);
    }
  });
});

/** Every string under a key of a locale file. */
function strings(value: unknown, at = ""): Array<[string, string]> {
  if (typeof value === "string") return [[at, value]];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k));
  return [];
}

describe("Dutch for candidates", () => {
  it("says 'u' everywhere a candidate reads (sign-in, home, session screens, their live errors), never 'je'", () => {
    const read = (ns: string) => JSON.parse(readFileSync(path.resolve("app/locales/nl-nl", `${ns}.json`), "utf8"));
    const live = strings(read("live").user, "live:user");
    const errors = strings(read("errors")).filter(([key]) => key.startsWith("live_"));
    const informal = [...live, ...errors].filter(([, text]) => /\b(je|jij|jou|jouw)\b/i.test(text));
    expect(informal).toEqual([]);
    // The session screens do address the candidate, and formally.
    expect(read("live").user.offline).toMatch(/\bU bent\b/);
  });
});
