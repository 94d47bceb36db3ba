import { useTranslation } from "react-i18next";

/** The 24px loading indicator of the theme. */
export function Spinner({ size = 24, className = "" }: { size?: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" aria-label={t("common:loading")} className={`inline-block ${className}`}>
      <svg width={size} height={size} viewBox="0 0 24 24" className="animate-spin text-primary" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}

export function CenteredSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
