export const SUPPORTED_LOCALES = ["en-us", "nl-nl", "fr-fr"] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en-us";
/** The spec's client storage key for the chosen language, used as the cookie name. */
export const LOCALE_COOKIE = "NEXT_LOCALE";

export const LOCALE_NAMES: Record<Locale, string> = {
  "en-us": "English",
  "nl-nl": "Nederlands",
  "fr-fr": "Français",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** Options shared by the server and browser i18next instances. */
export const i18nOptions = {
  supportedLngs: [...SUPPORTED_LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  lowerCaseLng: true,
  load: "currentOnly" as const,
  defaultNS: "common",
  interpolation: { escapeValue: false },
};
