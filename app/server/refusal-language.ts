import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, SUPPORTED_LOCALES, type Locale } from "~/i18n/config";
import en from "~/locales/en-us/errors.json";
import fr from "~/locales/fr-fr/errors.json";
import nl from "~/locales/nl-nl/errors.json";

// The express layer answers some refusals before Remix (and its i18next instance) is involved:
// it reads the same locale files directly.
const ERRORS: Record<
  Locale,
  { cross_site: string; internal_error: string; method_not_allowed: string; unknown_host: string }
> = { "en-us": en, "nl-nl": nl, "fr-fr": fr };

/** The request's language as the app picks it: the NEXT_LOCALE cookie, else Accept-Language. */
export function refusalLocale(cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  const chosen = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`).exec(cookie ?? "")?.[1]?.toLowerCase();
  if (isLocale(chosen)) return chosen;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]!.trim().toLowerCase();
    const match = SUPPORTED_LOCALES.find((l) => l === tag || l.split("-")[0] === tag.split("-")[0]);
    if (tag && match) return match;
  }
  return DEFAULT_LOCALE;
}

export const crossSiteMessage = (locale: Locale) => ERRORS[locale].cross_site;
export const unknownHostMessage = (locale: Locale) => ERRORS[locale].unknown_host;
export const internalErrorMessage = (locale: Locale) => ERRORS[locale].internal_error;
export const methodNotAllowedMessage = (locale: Locale, method: string) =>
  ERRORS[locale].method_not_allowed.replace("{{method}}", method);
