import type { ZodError } from "zod";
import type { FieldErrors } from "./app-error";

/**
 * Turns Zod issues into translation keys per field path (the server's AppError and the forms' live
 * feedback both go through issueToKey, so a field says the same thing before and after a post). Schemas put a `validation:*` key in
 * `message`; Zod's own codes map to the generic keys.
 */
export function zodFieldErrors(error: ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "_";
    if (result[field]) continue;
    result[field] = issueToKey(issue);
  }
  return result;
}

export function issueToKey(issue: ZodError["issues"][number]): FieldErrors[string] {
  if (issue.message.startsWith("validation:")) return { key: issue.message };
  switch (issue.code) {
    case "invalid_type":
      return issue.received === "undefined" || issue.received === "null" ? { key: "validation:required" } : { key: "validation:invalid" };
    case "too_small":
      if (issue.type === "string" && issue.minimum === 1) return { key: "validation:required" };
      if (issue.type === "array") return { key: "validation:min-items", values: { count: Number(issue.minimum) } };
      // positive()/gt(n) exclude their bound: "at least 0" would be wrong for them.
      if (!issue.inclusive) return { key: "validation:greater-than", values: { min: Number(issue.minimum) } };
      return { key: "validation:too-small", values: { min: Number(issue.minimum) } };
    case "too_big":
      if (issue.type === "string") return { key: "validation:too-long", values: { max: Number(issue.maximum) } };
      if (!issue.inclusive) return { key: "validation:less-than", values: { max: Number(issue.maximum) } };
      return { key: "validation:too-big", values: { max: Number(issue.maximum) } };
    case "invalid_string":
      if (issue.validation === "email") return { key: "validation:email" };
      if (issue.validation === "url") return { key: "validation:url" };
      return { key: "validation:invalid" };
    case "invalid_enum_value":
      return { key: "validation:invalid-choice" };
    case "not_multiple_of":
    case "invalid_date":
    default:
      return { key: "validation:invalid" };
  }
}
