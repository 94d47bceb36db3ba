import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "./language-switcher";

/** Header and footer of the public pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="flex h-14 items-center justify-between border-b border-slate-200 px-4">
        <Link to="/" className="text-lg font-semibold text-primary no-underline">
          {t("common:product")}
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
        {children}
      </main>
      <footer className="border-t border-slate-200 px-4 py-6 text-sm text-slate-500">
        <nav aria-label={t("common:footer.label")} className="mx-auto flex max-w-3xl flex-wrap gap-4">
          <span>© {new Date().getFullYear()} {t("common:product")}</span>
          <Link to="/legal/privacy-policy">{t("legal:privacy.title")}</Link>
          <Link to="/legal/cookie-policy">{t("legal:cookies.title")}</Link>
        </nav>
      </footer>
    </div>
  );
}
