import { describe, expect, it } from "vitest";
import { isAppError } from "~/lib/app-error";
import { formErrorOf } from "~/lib/form-result.server";
import { getT } from "~/i18n/i18n.server";
import { EXTEND_MINUTES_MESSAGE, extendMinutesProblem, extendSecondsOf } from "~/modules/live/extend-minutes";

// −10, 0 or 99999 minutes did nothing useful on the dashboard (a generic message under
// other controls, 99999 shown as "999"). Whole minutes from 1 to 120; anything else is refused on
// the field itself, with one message that names the range, never cut or rounded.

describe("minutes to add on the live dashboard", () => {
  it("takes whole minutes from 1 to 120 as seconds", () => {
    expect(extendSecondsOf("1")).toBe(60);
    expect(extendSecondsOf(" 5 ")).toBe(300);
    expect(extendSecondsOf("120")).toBe(7200);
    for (const ok of ["1", "5", "120"]) expect(extendMinutesProblem(ok)).toBeNull();
  });

  it("refuses −10, 0, 99999, fractions, empty and text on the minutes field, with the range in the message", async () => {
    for (const bad of ["-10", "0", "99999", "121", "1.5", "2,5", "", "  ", "abc", "1e2", undefined, null]) {
      expect(extendMinutesProblem(bad), String(bad)).toBe(EXTEND_MINUTES_MESSAGE);
      let refusal: unknown;
      try {
        extendSecondsOf(bad);
      } catch (e) {
        refusal = e;
      }
      expect(isAppError(refusal), String(bad)).toBe(true);
      if (!isAppError(refusal)) continue;
      expect(refusal.fieldErrors?.minutes?.key).toBe(EXTEND_MINUTES_MESSAGE);
    }
    const messages = {
      "en-us": "Type a whole number of minutes from 1 to 120.",
      "nl-nl": "Typ een geheel aantal minuten van 1 tot 120.",
      "fr-fr": "Saisissez un nombre entier de minutes de 1 à 120.",
    } as const;
    for (const [locale, message] of Object.entries(messages)) {
      const t = await getT(locale as keyof typeof messages);
      let refusal: unknown;
      try {
        extendSecondsOf("99999");
      } catch (e) {
        refusal = e;
      }
      if (!isAppError(refusal)) throw new Error("not refused");
      expect(formErrorOf(t, refusal).fieldErrors.minutes).toBe(message);
      expect(t("live:grid.minutes-range", { min: 1, max: 120 })).toMatch(/1.*120 min/);
    }
  });
});
