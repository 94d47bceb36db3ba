import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { QualityPage } from "~/components/exams/quality-page";
import { requireStaffContext } from "~/modules/auth/index.server";
import { loadOrFail } from "~/lib/form-result.server";
import { examBoard } from "~/modules/exams/index.server";

export const handle = { titleKey: "exams:quality.heading" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const threshold = new URL(request.url).searchParams.get("threshold");
  const hawkDoveThreshold = threshold && threshold.trim() !== "" ? Number(threshold) : null;
  return loadOrFail(ctx, async () => ({
    board: await examBoard(ctx, params.exam!, {}, { hawkDoveThreshold }),
    threshold: hawkDoveThreshold,
  }));
}

/** /admin/exams/:exam/quality: reliability of the exam, its stations, question steps and examiners. */
export default function QualityRoute() {
  const data = useLoaderData<typeof loader>();
  return <QualityPage board={data.board} threshold={data.threshold} />;
}
