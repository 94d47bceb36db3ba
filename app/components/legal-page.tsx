import { useTranslation } from "react-i18next";
import { PublicLayout } from "./public-layout";

/** A policy page: a title, an updated date and sections whose texts live in the `legal` namespace. */
export function LegalPage({ prefix, sections }: { prefix: "privacy" | "cookies"; sections: string[] }) {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <article className="prose max-w-none">
        <h1 className="text-3xl font-semibold text-primary">{t(`legal:${prefix}.title`)}</h1>
        <p className="mt-1 text-sm text-slate-500">{t("legal:updated", { date: "2026-11-22" })}</p>
        {sections.map((section) => (
          <section key={section} className="mt-6">
            <h2 className="text-xl font-semibold">{t(`legal:${prefix}.${section}.title`)}</h2>
            <p className="mt-2 whitespace-pre-line text-slate-700">{t(`legal:${prefix}.${section}.body`)}</p>
          </section>
        ))}
      </article>
    </PublicLayout>
  );
}
