import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/accounts/sign-in-form";
import { authenticate } from "@/lib/server/request-actor";
import { safeCallbackUrl } from "@/lib/util/safe-redirect";
import { mailDestination } from "@/lib/server/mailer";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; ended?: string; reset?: string; signup?: string }> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  if (await authenticate("public")) redirect(callbackUrl);
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-6 text-2xl font-bold">Sign in</h1>
      {params.ended === "everywhere" && (
        <p className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800" role="status">
          Every session of your account has ended, on every device.
        </p>
      )}
      {params.signup === "1" && (
        // the same notice whether the email was new or taken (docs/security.md, "Sign-up")
        <div role="status" data-testid="signup-notice" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          <p className="font-semibold">Check your email.</p>
          <p>We sent a message to the address you gave. A new account is ready: sign in below with your email and the password you chose.</p>
          {mailDestination() && <p className="mt-1 text-xs">{mailDestination()}</p>}
        </div>
      )}
      {params.reset === "1" && (
        <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          Your password is changed. Every session of your account has ended. Sign in with the new one.
        </p>
      )}
      <div className="panel">
        <SignInForm callbackUrl={callbackUrl} />
      </div>
      <p className="mt-4 text-center text-sm">
        <Link href="/forgot-password" className="font-semibold text-blue-700 underline">
          Forgot your password?
        </Link>
      </p>
    </div>
  );
}
