import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, i18nOptions, isLocale } from "./i18n/config";
import { loadResources, namespacesOf } from "./i18n/resources";

/**
 * Remix (single fetch) decodes the page's data on RemixBrowser's first render and suspends that
 * render until it is decoded. A click or key press before then makes React 18 hydrate at once,
 * synchronously, and a synchronous render that suspends outside any Suspense boundary ends in
 * React error #345 ("Root did not complete"; fixed in React 19). So the decoding is started, and
 * awaited, before hydrating: RemixBrowser, called once as a plain function, throws the promise it
 * waits for. Called after the decoding it gets past it and stops at its first hook; that error
 * (no React render is running) is expected and ignored. The page's data is all there by then
 * (this module runs after the document is parsed), so this costs a few microtasks.
 */
async function remixStateDecoded(): Promise<void> {
  try {
    (RemixBrowser as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

async function hydrate() {
  const lang = document.documentElement.lang.toLowerCase();
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  const resources = await loadResources([locale]);
  await i18next.use(initReactI18next).init({ ...i18nOptions, lng: locale, ns: namespacesOf(resources), resources });
  await remixStateDecoded();
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
