import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, Button } from "~/components/ui/form";

type Result = { ok: true; message?: string } | { ok: false; message: string };

/** The evaluation's global rating scale: the 5-point default or the 3-point scale. */
export function RatingScaleForm({ evaluation, labels }: { evaluation: string; labels: readonly string[] }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Result>();
  const current = labels.length === 3 ? "THREE" : "FIVE";
  return (
    <fetcher.Form
      method="post"
      action={`/admin/exams/rating-scale/${evaluation}`}
      className="mt-6 flex max-w-3xl flex-col gap-2 rounded-md border border-slate-200 bg-white p-4"
    >
      <input type="hidden" name="intent" value="rating-scale" />
      <fieldset>
        <legend className="text-lg font-semibold text-primary">{t("exams:rating-scale.heading")}</legend>
        <p className="mb-2 text-sm text-slate-700">{t("exams:rating-scale.hint")}</p>
        {(["FIVE", "THREE"] as const).map((scale) => (
          <label key={scale} className="flex items-center gap-2 text-sm">
            <input type="radio" name="scale" value={scale} defaultChecked={scale === current} />
            {t(`exams:rating-scale.${scale}`)}
          </label>
        ))}
      </fieldset>
      <div>
        <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
          {t("exams:rating-scale.save")}
        </Button>
      </div>
      {fetcher.data?.ok && fetcher.data.message ? <Alert tone="success">{fetcher.data.message}</Alert> : null}
      {fetcher.data && !fetcher.data.ok ? <Alert>{fetcher.data.message}</Alert> : null}
    </fetcher.Form>
  );
}
