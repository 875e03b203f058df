/** A labelled form field with its error list announced through aria-live. */
export function Field({
  name,
  label,
  type = "text",
  errors,
  hint,
  ...rest
}: {
  name: string;
  label: string;
  type?: string;
  errors?: string[];
  hint?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "type">) {
  const errorId = `${name}-error`;
  const hintId = hint ? `${name}-hint` : undefined;
  return (
    <div>
      <label htmlFor={name} className="label">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type={type}
        className="input"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={[errors?.length ? errorId : null, hintId].filter(Boolean).join(" ") || undefined}
        {...rest}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <div id={errorId} aria-live="polite">
        {errors?.map((e) => (
          <p key={e} className="field-error">
            {e}
          </p>
        ))}
      </div>
    </div>
  );
}

/** A form-level message (error or success) in a polite live region. */
export function FormMessage({ message, tone = "error" }: { message?: string; tone?: "error" | "success" }) {
  return (
    <div aria-live="polite" role={tone === "error" && message ? "alert" : undefined}>
      {message && (
        <p className={`rounded-md px-3 py-2 text-sm ${tone === "error" ? "bg-red-50 text-red-800" : "bg-green-50 text-green-800"}`}>{message}</p>
      )}
    </div>
  );
}
