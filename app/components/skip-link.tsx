import { useTranslation } from "react-i18next";

/** The first stop of the keyboard: hidden until focused, it jumps past the header to `#main`. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
    >
      {t("common:skip-to-content")}
    </a>
  );
}
