// The databases' entity inputs. Pure Zod: the modules enforce them on every
// save (GraphQL and screens), the entity dialogs check the same rules while they are filled in.
import { z } from "zod";
import { emailText, nameText } from "~/lib/validation";
import { SUPPORTED_LOCALES } from "~/i18n/config";

export const requiredText = (max = 200) => z.string({ required_error: "validation:required" }).trim().min(1).max(max);
/** An optional text: empty or blank becomes null. */
export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export type Address = {
  line1: string | null;
  city: string | null;
  region: string | null;
  postal: string | null;
  country: string | null;
};

export const optionalAddress = z
  .object({
    line1: optionalText(),
    city: optionalText(),
    region: optionalText(),
    postal: optionalText(),
    country: optionalText(),
  })
  .nullish()
  .transform((a): Address | null => (a && Object.values(a).some(Boolean) ? (a as Address) : null));

export const requiredAddress = z.object(
  {
    line1: requiredText(),
    city: requiredText(),
    region: optionalText(),
    postal: optionalText(),
    country: requiredText(),
  },
  { required_error: "validation:required" },
);

export const companyInput = z.object({ name: nameText(), address: optionalAddress });
export const contextInput = z.object({ name: nameText(), description: optionalText(2000) });
export const locationInput = z.object({ name: nameText(), address: requiredAddress });
export const supplyObjectInput = z.object({ name: nameText() });

/** "nl", "NL-nl", " fr-FR " → the product's codes (a CSV cell may be written either way); empty → null. */
function languageCode(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") return value;
  const code = value.trim().toLowerCase().replace("_", "-");
  if (code === "") return null;
  return SUPPORTED_LOCALES.find((l) => l === code || l.slice(0, 2) === code) ?? code;
}

export const participantInput = z.object({
  name: nameText(),
  email: emailText(),
  phone: optionalText(40),
  externalId: optionalText(100),
  company: optionalText(100),
  /** Absent (or an empty form field) keeps the current value; a new participant gets 0. */
  extraTimePercent: z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v),
    z.number({ invalid_type_error: "validation:invalid" }).int().min(0).max(300).optional(),
  ),
  /** The language of the participant's e-mails and screens; none: the organisation's. */
  language: z.preprocess(
    languageCode,
    z.enum(SUPPORTED_LOCALES, { errorMap: () => ({ message: "validation:language" }) }).nullable(),
  ),
});

export const categoryInput = z.object({
  name: nameText(),
  /** Absent keeps the parent (update) or makes a root (add); null makes a root. */
  parent: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v === "" ? null : v)),
});
