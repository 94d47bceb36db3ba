import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/form";

/**
 * A secret shown once (a new API token, a webhook secret) with a copy button. The clipboard may be
 * refused (no permission, plain http): the value stays selectable and the button says so.
 */
export function ShowOnce({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<"idle" | "done" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("done");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <div className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
      <div className="flex flex-col gap-2">
        <p role="status" className="font-medium">
          {label}
        </p>
        <p className="text-sm">{t("apitokens:show-once")}</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <code
            className="block min-w-0 flex-1 break-all rounded border border-slate-300 bg-white px-2 py-1 font-mono text-xs text-slate-900"
            data-testid={testId}
          >
            {value}
          </code>
          <Button variant="secondary" onClick={copy} data-testid={`${testId}-copy`}>
            {t("apitokens:copy")}
          </Button>
        </div>
        <p role="status" className="text-sm" data-testid={`${testId}-copied`}>
          {copied === "done" ? t("apitokens:copied") : copied === "failed" ? t("apitokens:copy-failed") : ""}
        </p>
      </div>
    </div>
  );
}
