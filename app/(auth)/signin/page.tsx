import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/accounts/sign-in-form";
import { authenticate } from "@/lib/server/request-actor";
import { safeCallbackUrl } from "@/lib/util/safe-redirect";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; ended?: string; reset?: string }> }) {
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
