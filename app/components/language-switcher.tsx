import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LOCALE_NAMES, SUPPORTED_LOCALES } from "~/i18n/config";

/** Changes the NEXT_LOCALE cookie and reloads the page in the chosen language. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/api/locale" reloadDocument className="flex items-center gap-2">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="language-select" className="sr-only">
        {t("common:language")}
      </label>
      <select
        id="language-select"
        name="locale"
        defaultValue={i18n.language}
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {SUPPORTED_LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit">{t("common:apply")}</button>
      </noscript>
    </Form>
  );
}
