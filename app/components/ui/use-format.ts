import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import {
  formatDateTime,
  formatDay,
  formatDayRange,
  formatExactTime,
  formatNumber,
  formatTime,
  zoneLabel,
} from "~/lib/time-zone";

type AreaData = { timeZone?: string | null } | undefined;

/**
 * Dates and numbers for people, the same on the server and in the browser: always in the APP's
 * language (never the browser's) and the ORGANISATION's time zone (never the browser's), which the
 * admin and participant layouts load. A screen that loads its own zone may pass it.
 * docs/decisions/0006-time-zones.md.
 */
export function useFormat(zone?: string | null) {
  const { i18n } = useTranslation();
  const admin = useRouteLoaderData<AreaData>("routes/admin") as AreaData;
  const user = useRouteLoaderData<AreaData>("routes/user") as AreaData;
  const locale = i18n.language;
  const timeZone = zone ?? admin?.timeZone ?? user?.timeZone ?? "UTC";
  return useMemo(
    () => ({
      locale,
      timeZone,
      dateTime: (value: string | Date, options?: Parameters<typeof formatDateTime>[3]) =>
        formatDateTime(value, locale, timeZone, options),
      time: (value: string | Date) => formatTime(value, locale, timeZone),
      /** To the second, with the date when `withDate`. */
      exactTime: (value: string | Date, withDate = false) => formatExactTime(value, locale, timeZone, withDate),
      day: (day: string, parts: Intl.DateTimeFormatOptions) => formatDay(day, locale, parts),
      dayRange: (first: string, last: string) => formatDayRange(first, last, locale),
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
      /** The zone's name in the app's language, e.g. "Midden-Europese tijd (GMT+1)". */
      zone: (at: Date | string = new Date()) => zoneLabel(new Date(at), locale, timeZone),
    }),
    [locale, timeZone],
  );
}
