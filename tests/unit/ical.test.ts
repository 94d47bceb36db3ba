import { describe, expect, it } from "vitest";
import { calendarFile, escapeText, foldLine } from "~/lib/ical";

const unfold = (text: string) => text.replace(/\r\n /g, "");

describe("calendar file", () => {
  const event = {
    uid: "abc@demo.skills-assessments",
    sequence: 3,
    start: new Date("2030-05-06T07:30:00Z"),
    end: new Date("2030-05-06T09:00:00Z"),
    summary: "Crane, level 1; practical",
    location: "Harbour Hall (Quay 1, 2000 Antwerp)",
    description: "Sign up: https://x.test/user/signup/ABC?tenant=demo\nCode ABC",
    url: "https://x.test/user/signup/ABC?tenant=demo",
    stamp: new Date("2026-11-23T05:00:00Z"),
  };

  it("holds one event with UTC times, escaped text and CRLF line ends", () => {
    const ics = calendarFile(event);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toContain("\n");
    const lines = unfold(ics).split("\r\n");
    expect(lines).toContain("METHOD:PUBLISH");
    expect(lines).toContain("UID:abc@demo.skills-assessments");
    expect(lines).toContain("SEQUENCE:3");
    expect(lines).toContain("DTSTAMP:20261123T050000Z");
    expect(lines).toContain("DTSTART:20300506T073000Z");
    expect(lines).toContain("DTEND:20300506T090000Z");
    expect(lines).toContain("SUMMARY:Crane\\, level 1\\; practical");
    expect(lines).toContain("LOCATION:Harbour Hall (Quay 1\\, 2000 Antwerp)");
    expect(lines).toContain("DESCRIPTION:Sign up: https://x.test/user/signup/ABC?tenant=demo\\nCode ABC");
  });

  it("leaves out what is unknown: no end, no place", () => {
    const lines = calendarFile({ ...event, end: null, location: null, description: null, url: null }).split("\r\n");
    expect(
      lines.some(
        (l) => l.startsWith("DTEND") || l.startsWith("LOCATION") || l.startsWith("DESCRIPTION") || l.startsWith("URL"),
      ),
    ).toBe(false);
    expect(calendarFile({ ...event, end: event.start }).includes("DTEND")).toBe(false);
  });

  it("folds long lines at 75 octets without splitting a character", () => {
    const long = `SUMMARY:${"é".repeat(100)}`;
    const folded = foldLine(long);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(" "))).toBe(true);
    expect(unfold(folded)).toBe(long);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
  });

  it("escapes backslashes first", () => {
    expect(escapeText("a\\b,c;d\r\ne")).toBe("a\\\\b\\,c\\;d\\ne");
  });
});
