import { z, type ZodError } from "zod";
import type { FieldErrors } from "./app-error";
import { isEmailAddress } from "./email-address";

/**
 * A character that shows something. Not: white space (NBSP and the other spaces too), control and
 * format characters (zero-width space, joiners U+200C/U+200D, word joiner U+2060, BOM U+FEFF, soft
 * hyphen U+00AD, direction marks), unassigned and private-use code points, default-ignorable ones
 * (Hangul fillers, variation selectors), combining marks on their own, and the blank Braille
 * pattern U+2800. `trim()` removes none of the zero-width ones.
 */
const VISIBLE_CHARACTER = /[^\p{White_Space}\p{C}\p{Default_Ignorable_Code_Point}\p{M}\u2800]/u;

/** Whether a text has at least one visible character (see VISIBLE_CHARACTER). */
export const hasVisibleCharacter = (text: string): boolean => VISIBLE_CHARACTER.test(text);

/**
 * The one rule for every name (organisation, staff, participants, companies, locations,
 * categories, questions, evaluations, session templates, …): trimmed, required, at most `max`
 * characters, and at least one visible character; invisible characters inside a real name stay.
 */
export const nameText = (max = 200) =>
  z
    .string({ required_error: "validation:required", invalid_type_error: "validation:invalid" })
    .trim()
    .min(1, "validation:required")
    .max(max)
    .refine(hasVisibleCharacter, { message: "validation:visible-name" });

/** A required e-mail address; internationalised ones (inès.dupont@…) are accepted (isEmailAddress). */
export const emailText = () =>
  z
    .string({ required_error: "validation:required" })
    .trim()
    .min(1)
    .max(254)
    .refine(isEmailAddress, { message: "validation:email" });

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
      return issue.received === "undefined" || issue.received === "null"
        ? { key: "validation:required" }
        : { key: "validation:invalid" };
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
