import { describe, expect, it } from "vitest";
import { formatDuration } from "~/components/assessments/duration";
import { i18nFor } from "~/i18n/i18n.server";

describe("formatDuration", () => {
  it("reads as hours, minutes and seconds in each language", async () => {
    const en = (await i18nFor("en-us")).t;
    expect(formatDuration(45, en)).toBe("45 s");
    expect(formatDuration(240, en)).toBe("4 min");
    expect(formatDuration(270, en)).toBe("4 min 30 s");
    expect(formatDuration(3900, en)).toBe("1 h 5 min");
    expect(formatDuration(7200, en)).toBe("2 h");
    expect(formatDuration(-3, en)).toBe("0 s");
    expect(formatDuration(3900, (await i18nFor("nl-nl")).t)).toBe("1 u 5 min");
  });
});
