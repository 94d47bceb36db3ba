import { useTranslation } from "react-i18next";
import { PublicLayout } from "./public-layout";

const UPDATED = "2026-11-22";

/** The update date in the page's language ("22 November 2026"); fixed time zone so server and browser agree. */
function formatDate(isoDate: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(
      new Date(`${isoDate}T00:00:00Z`),
    );
  } catch {
    return isoDate;
  }
}

/**
 * A policy page: a title, an updated date and sections whose texts live in the `legal` namespace.
 * A section body is plain text; each line of it is a paragraph.
 */
export function LegalPage({ prefix, sections }: { prefix: "privacy" | "cookies"; sections: string[] }) {
  const { t, i18n } = useTranslation();
  return (
    <PublicLayout>
      <article>
        <h1 className="text-3xl font-semibold text-primary">{t(`legal:${prefix}.title`)}</h1>
        <p className="mt-1 text-sm text-slate-500">
          {t("legal:updated", { date: formatDate(UPDATED, i18n.language) })}
        </p>
        {sections.map((section) => (
          <section key={section} className="mt-8" aria-labelledby={`${prefix}-${section}`}>
            <h2 id={`${prefix}-${section}`} className="text-xl font-semibold text-slate-900">
              {t(`legal:${prefix}.${section}.title`)}
            </h2>
            {t(`legal:${prefix}.${section}.body`)
              .split("\n")
              .filter((line) => line.trim())
              .map((paragraph, index) => (
                <p key={index} className="mt-3 leading-relaxed text-slate-700">
                  {paragraph}
                </p>
              ))}
          </section>
        ))}
      </article>
    </PublicLayout>
  );
}
