import { TZDate, tzOffset } from "@date-fns/tz";

/**
 * Wall-clock time in an IANA time zone: @date-fns/tz does the zone arithmetic, Intl the formatting.
 * Instants are stored in UTC; people plan and read sessions in their organisation's zone
 * (docs/decisions/0006-time-zones.md). Shared by server and browser code.
 */

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

export function isTimeZone(zone: string): boolean {
  // An unknown zone gives NaN; Intl is the authority on which names exist.
  return !Number.isNaN(tzOffset(zone, new Date(0)));
}

/** The wall-clock date and time of an instant in `zone`. */
export function wallTimeOf(instant: Date, zone: string): WallTime & { second: number } {
  const d = new TZDate(instant.getTime(), zone);
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
  };
}

/**
 * The instant at which clocks in `zone` show `wall`. In the hour skipped by a spring-forward the
 * result is the later offset's reading (02:30 becomes 03:30, as TZDate reads it); in the repeated
 * autumn hour, the first (TZDate gives the second, so look one clock change earlier).
 */
export function instantOfWallTime(wall: WallTime, zone: string): Date {
  const t = new TZDate(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, zone).getTime();
  // Minutes the clocks went back within the last day (0 outside an autumn change).
  const back = (tzOffset(zone, new Date(t - 86_400_000)) - tzOffset(zone, new Date(t))) * 60_000;
  const first = t - back;
  return new Date(back > 0 && sameWall(wallTimeOf(new Date(first), zone), wall) ? first : t);
}

const sameWall = (a: WallTime, b: WallTime) =>
  a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;

const WALL_INPUT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** Parses the `yyyy-mm-ddThh:mm` of a datetime-local input as a time in `zone`; null when malformed. */
export function instantOfInput(value: string, zone: string): Date | null {
  const m = WALL_INPUT.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1) return null; // 31 April and the like
  return instantOfWallTime({ year, month, day, hour, minute }, zone);
}

const pad = (n: number, size = 2) => String(n).padStart(size, "0");

/** `yyyy-mm-ddThh:mm` of an instant in `zone`, for a datetime-local input. */
export function inputOfInstant(instant: Date | string | null | undefined, zone: string): string {
  if (!instant) return "";
  const w = wallTimeOf(new Date(instant), zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** `yyyy-mm-dd` of the day an instant falls on in `zone`. */
export function dayOfInstant(instant: Date | string, zone: string): string {
  return inputOfInstant(instant, zone).slice(0, 10);
}

/** The instant a `yyyy-mm-dd` day starts in `zone`. */
export function startOfDay(day: string, zone: string): Date {
  return instantOfInput(`${day}T00:00`, zone) ?? new Date(`${day}T00:00:00Z`);
}

/** `yyyy-mm-dd` + n days (calendar arithmetic, independent of zones). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * Node's and the browsers' ICU data differ in the spaces they put in dates ("May 6\u2009–\u200912"
 * on the server, "May 6 – 12" in Chromium; U+202F before "AM" in some versions). Plain spaces make
 * the server's and the browser's text identical, so hydration does not fail on them.
 */
export function plainSpaces(text: string): string {
  return text.replace(/[\u2009\u202f\u00a0]/g, " ");
}

/** A date and time for people, in their language and the organisation's zone. */
export function formatDateTime(
  value: string | Date,
  locale: string,
  zone: string,
  options: { style?: "full" | "medium"; withZone?: boolean } = {},
): string {
  const date = new Date(value);
  const { style = "medium", withZone = false } = options;
  const text = plainSpaces(
    new Intl.DateTimeFormat(locale, { dateStyle: style, timeStyle: "short", timeZone: zone }).format(date),
  );
  return withZone ? `${text} · ${zoneLabel(date, locale, zone)}` : text;
}

export function formatTime(value: string | Date, locale: string, zone: string): string {
  return plainSpaces(new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone: zone }).format(new Date(value)));
}

/** A time to the second (an audit trail, what the server acknowledged), with the date when `withDate`. */
export function formatExactTime(value: string | Date, locale: string, zone: string, withDate = false): string {
  return plainSpaces(
    new Intl.DateTimeFormat(locale, {
      ...(withDate ? { dateStyle: "short" as const } : {}),
      timeStyle: "medium",
      timeZone: zone,
    }).format(new Date(value)),
  );
}

/** A month and year (calendar title) or a short weekday of a `yyyy-mm-dd` day, zone-independent. */
export function formatDay(day: string, locale: string, parts: Intl.DateTimeFormatOptions): string {
  return plainSpaces(
    new Intl.DateTimeFormat(locale, { ...parts, timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`)),
  );
}

/** A span of calendar days, e.g. "Nov 23 – 29, 2026" ("23 – 29 nov. 2026" in French). */
export function formatDayRange(first: string, last: string, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  return plainSpaces(format.formatRange(new Date(`${first}T00:00:00Z`), new Date(`${last}T00:00:00Z`)));
}

/** A number in the reader's language (decimal comma in Dutch and French). */
export function formatNumber(value: number, locale: string, options: Intl.NumberFormatOptions = {}): string {
  return plainSpaces(new Intl.NumberFormat(locale, options).format(value));
}

/**
 * The zone in the reader's language, e.g. "Central European Time (GMT+1)", "Midden-Europese tijd
 * (GMT+1)", "heure d’Europe centrale (UTC+1)": Intl's localised generic name and the offset at that
 * date. IANA city names ("Brussels") are English only, so they are not shown.
 */
export function zoneLabel(at: Date, locale: string, zone: string): string {
  const part = (timeZoneName: "longGeneric" | "shortOffset") =>
    new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value;
  const name = part("longGeneric");
  const offset = part("shortOffset");
  if (!name || !offset) return zone;
  return plainSpaces(name === offset ? name : `${name} (${offset})`);
}
