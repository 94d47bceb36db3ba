import { Link, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "./language-switcher";
import { SkipLink } from "./skip-link";

/** Header and footer of the public pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <SkipLink />
      <header className="flex h-14 items-center justify-between gap-3 border-b border-slate-200 px-4">
        <Link to="/" className="min-w-0 truncate text-lg font-semibold text-primary no-underline">
          {t("common:product")}
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
        {children}
      </main>
      <footer className="border-t border-slate-200 py-6 text-sm text-slate-500">
        {/* Same width and padding as <main>, so the footer lines up with the content. */}
        <nav aria-label={t("common:footer.label")} className="mx-auto flex max-w-3xl flex-wrap gap-x-4 gap-y-2 px-4">
          <span className="w-full sm:w-auto">
            © {new Date().getFullYear()} {t("common:product")}
          </span>
          <NavLink to="/legal/privacy-policy" className="aria-[current=page]:font-semibold">
            {t("legal:privacy.title")}
          </NavLink>
          <NavLink to="/legal/cookie-policy" className="aria-[current=page]:font-semibold">
            {t("legal:cookies.title")}
          </NavLink>
        </nav>
      </footer>
    </div>
  );
}
