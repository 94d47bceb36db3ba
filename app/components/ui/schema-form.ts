import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { ZodTypeAny } from "zod";
import type { FieldErrors } from "~/lib/app-error";
import { submissionOf } from "~/lib/form-schema";

type FieldError = FieldErrors[string];

/**
 * A form checked while it is filled in with the same Zod schema its action parses (Conform):
 * a field is checked when it loses focus and again on every keystroke once it showed an error,
 * the whole form before it is sent (nothing is sent while a field is wrong). Field errors from the
 * server (translated already) are shown until the field has a check of its own.
 *
 * Spread `formProps` on the <Form>, and `field(name)` (name, constraint attributes, error) on each
 * TextField / SelectField / TextareaField.
 */
export function useSchemaForm(
  schema: ZodTypeAny,
  options: { serverErrors?: Record<string, string | undefined>; id?: string } = {},
) {
  const { t } = useTranslation();
  const constraint = useMemo(() => getZodConstraint(schema), [schema]);
  const [form] = useForm<Record<string, unknown>, Record<string, unknown>, FieldError[]>({
    id: options.id,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => submissionOf(formData, schema),
  });

  const errorOf = (name: string): string | undefined => {
    const own = form.allErrors[name]?.[0];
    if (own) return t(own.key, own.values ?? {});
    return options.serverErrors?.[name];
  };
  /**
   * What a field element takes: its name, the schema's constraints (required, min…) and its error.
   * Not maxLength: the browser cuts a longer paste without a word, so a 10,000-character name became
   * its first 200; the check refuses it with "Use at most 200 characters." instead.
   */
  const field = (name: string) => {
    const c = constraint[name] ?? {};
    return {
      name,
      required: c.required,
      minLength: c.minLength,
      min: c.min,
      max: c.max,
      pattern: c.pattern,
      error: errorOf(name),
    };
  };
  return { form, formProps: getFormProps(form), errorOf, field };
}
