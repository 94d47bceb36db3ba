import type { IncomingMessage } from "node:http";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, SUPPORTED_LOCALES, type Locale } from "~/i18n/config";
import { refusalJson, type AppError, type Refusal, type Translate } from "~/lib/app-error";
import en from "~/locales/en-us/errors.json";
import fr from "~/locales/fr-fr/errors.json";
import nl from "~/locales/nl-nl/errors.json";

// The server answers some refusals before Remix (and its i18next instance) is involved: it reads
// the same `errors` locale files directly.
const ERRORS: Record<Locale, Record<string, unknown>> = { "en-us": en, "nl-nl": nl, "fr-fr": fr };

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

/** `errors:<key>` (a dotted path) in the locale, with `{{name}}` filled in; other namespaces are not loaded here. */
export function errorsTranslate(locale: Locale): Translate {
  return (key, values = {}) => {
    let entry: unknown = ERRORS[locale];
    for (const part of key.replace(/^errors:/, "").split(".")) entry = (entry as Record<string, unknown>)?.[part];
    if (typeof entry !== "string") return key;
    return entry.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
  };
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The one refusal (app/lib/app-error.ts) in the request's language. */
export const serverRefusal = (req: IncomingMessage, error: AppError): Refusal =>
  refusalJson(error, errorsTranslate(refusalLocale(header(req, "cookie"), header(req, "accept-language"))));
