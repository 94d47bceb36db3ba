import { createCookie } from "@remix-run/node";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LOCALE, i18nOptions, isLocale, LOCALE_COOKIE, SUPPORTED_LOCALES, type Locale } from "./config";
import { loadResources, namespacesOf } from "./resources";

export const localeCookie = createCookie(LOCALE_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: false,
  maxAge: 60 * 60 * 24 * 365,
});

const remixI18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    cookie: localeCookie,
    order: ["searchParams", "cookie", "header"],
  },
});

/** The request's language: the NEXT_LOCALE cookie, else Accept-Language, else en-us. */
export async function getLocale(request: Request): Promise<Locale> {
  const found = (await remixI18next.getLocale(request)).toLowerCase();
  return isLocale(found) ? found : DEFAULT_LOCALE;
}

let allResources: ReturnType<typeof loadResources> | null = null;
const instances = new Map<Locale, Promise<I18n>>();

/** A ready i18next instance for one language (cached; instances are read-only after init). */
export function i18nFor(locale: Locale): Promise<I18n> {
  let instance = instances.get(locale);
  if (!instance) {
    instance = (async () => {
      allResources ??= loadResources(SUPPORTED_LOCALES);
      const i18n = createInstance();
      const resources = await allResources;
      await i18n.init({ ...i18nOptions, lng: locale, ns: namespacesOf(resources), resources });
      return i18n;
    })();
    instances.set(locale, instance);
  }
  return instance;
}

export async function getT(locale: Locale): Promise<TFunction> {
  return (await i18nFor(locale)).t;
}
