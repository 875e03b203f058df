"use client";

import { useActionState, useRef, useState } from "react";
import Link from "next/link";
import { createApiKeyAction, revokeApiKeyAction } from "@/lib/api/actions";
import type { ApiKeyDTO } from "@/lib/api/types";
import { Field, FormMessage } from "@/components/ui/field";

/**
 * The account page's API keys: make one (its secret is shown once, with a
 * copy button), see the keys that work with their last use, revoke one
 * (after a confirmation: a revoked key cannot be brought back).
 */
export function ApiKeys({ keys, max, limits }: { keys: ApiKeyDTO[]; max: number; limits: { withKey: string; without: string } }) {
  return (
    <div className="space-y-4">
      <p className="text-sm">
        Without a key, the <Link href="/developers" className="text-blue-700 underline dark:text-blue-300">public API</Link> allows {limits.without}; with a key, {limits.withKey}. Send it as{" "}
        <code className="rounded bg-slate-100 px-1 dark:bg-slate-800">Authorization: Bearer rbk_…</code>. Keys only read public data: they never act for your account.
      </p>
      <CreateKeyForm full={keys.length >= max} max={max} />
      <KeyList keys={keys} />
    </div>
  );
}

function CreateKeyForm({ full, max }: { full: boolean; max: number }) {
  const [state, action, pending] = useActionState(createApiKeyAction, null);
  const errors = state && !state.ok ? state.fieldErrors : undefined;
  return (
    <div className="space-y-3">
      <form action={action} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="min-w-56 flex-1">
          <Field name="name" label="Key name" maxLength={60} required errors={errors?.name} hint={full ? `You hold ${max} keys, the most allowed: revoke one first.` : "For you to tell keys apart, e.g. “Discord bot”."} />
        </div>
        <button type="submit" className="btn-primary" disabled={pending || full} data-testid="create-api-key">
          {pending ? "Making…" : "Make a key"}
        </button>
      </form>
      {state && !state.ok && <FormMessage message={state.message} />}
      {state?.ok && <NewSecret key={state.data.secret} secret={state.data.secret} message={state.message ?? ""} />}
    </div>
  );
}

function NewSecret({ secret, message }: { secret: string; message: string }) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      input.current?.select();
    }
  };
  return (
    <div className="space-y-2 rounded border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50" role="status">
      <p className="font-semibold">{message}</p>
      <div className="flex flex-wrap gap-2">
        <label htmlFor="new-api-key" className="sr-only">
          Your new API key
        </label>
        <input ref={input} id="new-api-key" readOnly value={secret} className="input min-w-0 flex-1 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} data-testid="new-api-key" />
        <button type="button" className="btn-secondary" onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
    </div>
  );
}

function KeyList({ keys }: { keys: ApiKeyDTO[] }) {
  const [state, action, pending] = useActionState(revokeApiKeyAction, null);
  if (keys.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">You have no API keys. The API works without one, at the lower limit.</p>;
  return (
    <div className="space-y-2">
      <FormMessage message={state?.message} tone={state?.ok ? "success" : "error"} />
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your API keys</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className="py-1 pr-2">Name</th>
            <th scope="col" className="py-1 pr-2">Key</th>
            <th scope="col" className="py-1 pr-2">Made</th>
            <th scope="col" className="py-1 pr-2">Last used</th>
            <th scope="col" className="py-1"><span className="sr-only">Revoke</span></th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.id} className="border-b border-slate-100 dark:border-slate-800" data-testid="api-key-row">
              <td className="py-1 pr-2">{k.name}</td>
              <td className="py-1 pr-2 font-mono text-xs">{k.prefix}…</td>
              <td className="py-1 pr-2">{k.createdAt.slice(0, 10)}</td>
              <td className="py-1 pr-2">{k.lastUsedAt ? k.lastUsedAt.slice(0, 10) : "Never"}</td>
              <td className="py-1 text-right">
                <form action={action} onSubmit={(e) => !window.confirm(`Revoke “${k.name}”? Requests that send it will be refused. This cannot be undone.`) && e.preventDefault()}>
                  <input type="hidden" name="id" value={k.id} />
                  <button type="submit" className="btn-danger text-xs" disabled={pending} aria-label={`Revoke ${k.name}`}>
                    Revoke
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
