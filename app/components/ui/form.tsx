import {
  forwardRef,
  useId,
  type ButtonHTMLAttributes,
  type ComponentProps,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-primary text-white hover:bg-primary-hover disabled:opacity-60",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:opacity-60",
  danger: "bg-red-700 text-white hover:bg-red-800 disabled:opacity-60",
  ghost: "text-primary hover:bg-selected disabled:opacity-60",
};

export const Button = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }
>(function Button({ variant = "primary", className = "", type = "button", ...props }, ref) {
  return (
    <button
      ref={ref}
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
});

/** A submit button that posts its `intent`: which of the action's jobs the form asks for. */
export const IntentButton = forwardRef<
  HTMLButtonElement,
  Omit<ComponentProps<typeof Button>, "type" | "name" | "value"> & { intent: string }
>(function IntentButton({ intent, ...props }, ref) {
  return <Button ref={ref} type="submit" name="intent" value={intent} {...props} />;
});

type FieldProps = InputHTMLAttributes<HTMLInputElement> & Labelled;

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField(
  { label, error, hint, className = "", id, ...props },
  ref,
) {
  const { inputId, aria } = useFieldIds(id, error, hint);
  return (
    <FieldFrame id={inputId} label={label} error={error} hint={hint} className={className}>
      <input ref={ref} {...aria} className={fieldInputClass(!!error)} {...props} />
    </FieldFrame>
  );
});

type Labelled = { label: ReactNode; error?: string | null; hint?: ReactNode };

/** The label, the control and its messages, with the control's aria tied to them (every field kind). */
function useFieldIds(id: string | undefined, error: string | null | undefined, hint: ReactNode) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy =
    [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(" ") || undefined;
  return {
    inputId,
    aria: { id: inputId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy },
  } as const;
}

/** The label above a field, in the one style of every form. */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-medium text-slate-700">
      {children}
    </label>
  );
}

function FieldFrame({
  id,
  label,
  error,
  hint,
  className,
  children,
}: Labelled & { id: string; className: string; children: ReactNode }) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      {children}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled <select> (options as children), announced like TextField. */
export const SelectField = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & Labelled>(
  function SelectField({ label, error, hint, className = "", id, children, ...props }, ref) {
    const { inputId, aria } = useFieldIds(id, error, hint);
    return (
      <FieldFrame id={inputId} label={label} error={error} hint={hint} className={className}>
        <select ref={ref} {...aria} className={fieldInputClass(!!error)} {...props}>
          {children}
        </select>
      </FieldFrame>
    );
  },
);

/** A labelled <textarea>, announced like TextField. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & Labelled>(
  function TextareaField({ label, error, hint, className = "", id, rows = 3, ...props }, ref) {
    const { inputId, aria } = useFieldIds(id, error, hint);
    return (
      <FieldFrame id={inputId} label={label} error={error} hint={hint} className={className}>
        <textarea ref={ref} rows={rows} {...aria} className={fieldInputClass(!!error)} {...props} />
      </FieldFrame>
    );
  },
);

/** An input's look: text-base on phones so focusing it does not zoom the page. */
export const fieldInputClass = (invalid: boolean) =>
  `rounded-md border px-3 py-2 text-base shadow-sm sm:text-sm outline-none focus:border-primary focus:ring-1 focus:ring-primary ${invalid ? "border-red-600" : "border-slate-300"}`;

/** A field's hint and error, with the ids (`<id>-hint`, `<id>-error`) its aria-describedby names. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: ReactNode; error?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function Alert({
  tone = "error",
  children,
}: {
  tone?: "error" | "info" | "success" | "warning";
  children: ReactNode;
}) {
  const tones = {
    error: "border-red-200 bg-red-50 text-red-800",
    info: "border-blue-200 bg-blue-50 text-blue-900",
    success: "border-green-200 bg-green-50 text-green-800",
    warning: "border-amber-300 bg-amber-50 text-amber-950",
  };
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border px-4 py-3 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}
