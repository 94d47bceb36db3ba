import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, i18nOptions, isLocale } from "./i18n/config";
import { loadResources, NAMESPACES } from "./i18n/resources";

async function hydrate() {
  const lang = document.documentElement.lang.toLowerCase();
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  await i18next.use(initReactI18next).init({
    ...i18nOptions,
    lng: locale,
    ns: NAMESPACES,
    resources: await loadResources([locale]),
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
