import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignUpForm } from "@/components/accounts/sign-up-form";
import { authenticate } from "@/lib/server/request-actor";
import { safeCallbackUrl } from "@/lib/util/safe-redirect";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  if (await authenticate("public")) redirect(callbackUrl);
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-2 text-2xl font-bold">Create an account</h1>
      <p className="mb-6 text-sm text-slate-600">Track your collection, save decks and share them. Browsing needs no account.</p>
      <div className="panel">
        <SignUpForm callbackUrl={callbackUrl} />
      </div>
    </div>
  );
}
