import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SessionForm, type SessionData } from "~/components/assessments/group-forms";
import { requireStaffContext } from "~/modules/auth/index.server";
import { sessionEditorData, saveSessionFromForm } from "~/modules/assessments/index.server";

export const handle = { titleKey: "assessments:form.edit-session" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return sessionEditorData(ctx, params.session ?? null);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return saveSessionFromForm(ctx, request, params.session ?? null);
}

export default function SessionEditor() {
  const data = useLoaderData<typeof loader>();
  return (
    <SessionForm
      key={data.session?._id ?? "new"}
      session={data.session as unknown as SessionData | null}
      categories={data.categories}
      chosen={data.chosen}
      canWrite={data.canWrite}
      shareCandidates={data.shareCandidates}
      defaultPassPercentage={data.defaultPassPercentage}
    />
  );
}
