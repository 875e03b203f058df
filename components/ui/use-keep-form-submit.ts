"use client";

import { startTransition } from "react";

/**
 * An onSubmit handler that runs a form action without React's automatic form
 * reset, so typed values (and chosen files) survive a validation error.
 * The form keeps its `action` prop for submissions before hydration.
 */
export function keepFormSubmit(formAction: (data: FormData) => void) {
  return (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(e.currentTarget, submitter instanceof HTMLElement ? submitter : null);
    startTransition(() => formAction(data));
  };
}
