import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/accounts/password-reset-forms";
import { checkResetToken } from "@/lib/accounts/data/account";
import { DomainError } from "@/lib/server/errors";

export const metadata: Metadata = { title: "Choose a new password", robots: { index: false }, referrer: "no-referrer" };

/** The account a link is good for, or the reason it is not. */
async function resetLinkState(token: string, secret: string): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
  try {
    return { ok: true, ...(await checkResetToken(token, secret)) };
  } catch (e) {
    if (e instanceof DomainError) return { ok: false, message: e.message };
    throw e;
  }
}

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const token = (await searchParams).token ?? "";
  const check = token && process.env.AUTH_SECRET ? await resetLinkState(token.slice(0, 1000), process.env.AUTH_SECRET) : null;
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-6 text-2xl font-bold">Choose a new password</h1>
      {check?.ok ? (
        <div className="panel space-y-3">
          <p className="text-sm text-slate-700">
            For <span className="font-semibold">{check.email}</span>.
          </p>
          <ResetPasswordForm token={token} />
        </div>
      ) : (
        <div className="panel space-y-3" role="alert">
          <p className="text-sm text-red-800">{check?.message ?? "This page needs the link from the reset email."}</p>
          <Link href="/forgot-password" className="btn-primary inline-block">
            Ask for a new link
          </Link>
        </div>
      )}
    </div>
  );
}
