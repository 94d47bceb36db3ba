import { REPORT_OPTION_FLAGS } from "~/modules/reports";
import type { BuilderInput } from "~/modules/reports/index.server";

const COMMENT_PREFIX = "categoryComment.";

/** The e-mail addresses typed in the send field (commas, semicolons, spaces or new lines). */
export const emailList = (value: FormDataEntryValue | null): string[] =>
  String(value ?? "")
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The report builder's form (below a participant's corrections) as the reports module's input. */
export function builderInput(form: FormData): BuilderInput {
  const flag = (name: string) => form.get(name) === "on" || form.get(name) === "true";
  const override = String(form.get("passedStatusOverride") ?? "");
  const commentFields = [...new Set(form.keys())].filter((key) => key.startsWith(COMMENT_PREFIX));
  return {
    layout: String(form.get("layout") ?? "") || null,
    options: {
      chartType: String(form.get("chartType") ?? "RADAR"),
      onlyEvaluations: form.getAll("onlyEvaluations").map(String),
      ...Object.fromEntries(REPORT_OPTION_FLAGS.map((f) => [f, flag(f)])),
    },
    categoryComments: Object.fromEntries(
      commentFields.map((key) => [key.slice(COMMENT_PREFIX.length), String(form.get(key) ?? "")]),
    ),
    passedStatusOverride: override === "" ? null : override,
    passedStatusReason: String(form.get("passedStatusReason") ?? ""),
    emails: emailList(form.get("emails")),
  };
}
