"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";

type Props = {
  /** The first button's text: it only asks. */
  label: string;
  /** What will happen, said before it does (what cannot be undone in one click). */
  question: ReactNode;
  /** The button that does it. */
  confirmLabel: string;
  /** Submit the surrounding form (its action runs), instead of calling onConfirm. */
  submit?: boolean;
  onConfirm?: () => void;
  disabled?: boolean;
  className?: string;
};

/**
 * A two-step button for what one click must not do alone: the first click
 * shows the question with the button that does it (focused) and one that
 * keeps things as they are.
 */
export function ConfirmButton({ label, question, confirmLabel, submit = false, onConfirm, disabled, className = "btn-secondary" }: Props) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <button type="button" className={className} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <span role="group" aria-labelledby={id} className="inline-flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm">
      <span id={id}>{question}</span>
      <button
        ref={confirmRef}
        type={submit ? "submit" : "button"}
        className="btn-primary"
        disabled={disabled}
        onClick={() => {
          if (!submit) setAsking(false);
          onConfirm?.();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" className="btn-secondary" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
