/**
 * A one-event iCalendar file (RFC 5545) to attach to an invitation, so the session lands in the
 * participant's calendar. METHOD:PUBLISH: calendars add it without asking for a reply; the same
 * UID with a higher SEQUENCE updates the event when the session is moved and invited again.
 */
export type CalendarEvent = {
  uid: string;
  sequence: number;
  start: Date;
  /** Omitted when the length is unknown: the event then marks the start time. */
  end?: Date | null;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
  /** The moment the file is made (DTSTAMP). */
  stamp?: Date;
  /** CANCEL (with the invitation's UID and a higher SEQUENCE) removes the event from calendars. */
  method?: "PUBLISH" | "CANCEL";
};

/** 20300506T073000Z */
const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** TEXT values: backslash, semicolon, comma and line breaks are escaped. */
export const escapeText = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** Folds a content line to at most 75 octets per line, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // Continuation lines begin with a space, which counts towards their 75.
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function calendarFile(event: CalendarEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Skills Assessments//Scheduling//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method ?? "PUBLISH"}`,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    ...(event.method === "CANCEL" ? ["STATUS:CANCELLED"] : []),
    `DTSTAMP:${utc(event.stamp ?? new Date())}`,
    `DTSTART:${utc(event.start)}`,
    ...(event.end && event.end > event.start ? [`DTEND:${utc(event.end)}`] : []),
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
