import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ExamPage } from "~/components/exams/exam-page";
import { requireStaffContext } from "~/modules/auth/index.server";
import { loadOrFail } from "~/lib/form-result.server";
import { runIntent } from "~/lib/intent-action.server";
import {
  applyExamStandard,
  examBoard,
  removeExamStandard,
  setAngoffJudgements,
  setExamDiscrepancyThreshold,
} from "~/modules/exams/index.server";
import { standardOptionsOf } from "./admin.exams+shared/standard-options";

export const handle = { titleKey: "exams:nav" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const query = new URL(request.url).searchParams;
  return loadOrFail(ctx, async () => ({
    board: await examBoard(ctx, params.exam!, standardOptionsOf(query)),
    method: query.get("method"),
    me: ctx.actor.type === "ADMIN" ? ctx.actor.userId : null,
  }));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return runIntent(ctx, request, {
    apply: async (_input, _id, form) => {
      const { reports } = await applyExamStandard(ctx, params.exam!, {
        method: form.get("method"),
        ...standardOptionsOf(form),
      });
      return ctx.t("exams:standard.applied-now", { drafts: reports.rebuiltDrafts, released: reports.flaggedReleased });
    },
    "remove-standard": async () => {
      const reports = await removeExamStandard(ctx, params.exam!);
      return ctx.t("exams:standard.removed-now", { drafts: reports.rebuiltDrafts, released: reports.flaggedReleased });
    },
    angoff: async (_input, _id, form) => {
      const judgements = [...form.entries()].flatMap(([key, value]) => {
        const item = /^p:([^/]+)\/([^/]+)\/(\d+)$/.exec(key);
        if (!item || typeof value !== "string" || value.trim() === "") return [];
        return [
          { evaluation: item[1], question: item[2], stepIndex: Number(item[3]), probability: Number(value) / 100 },
        ];
      });
      await setAngoffJudgements(ctx, params.exam!, { round: Number(form.get("round")), judgements });
      return ctx.t("exams:angoff.saved");
    },
    "discrepancy-threshold": async (_input, _id, form) => {
      // Empty is "not given" (required); anything else goes to the module as a number to validate.
      const raw = String(form.get("percent") ?? "").trim();
      const { percent } = await setExamDiscrepancyThreshold(ctx, params.exam!, {
        percent: raw === "" ? undefined : Number(raw.replace(",", ".")),
      });
      return ctx.t("exams:double.saved", { percent: new Intl.NumberFormat(ctx.locale).format(percent ?? 0) });
    },
  });
}

/** /admin/exams/:exam: the exam's sessions, double marking, standard setting side by side, Angoff estimates, exports. */
export default function ExamRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <ExamPage data={data} result={result ?? null} />;
}
