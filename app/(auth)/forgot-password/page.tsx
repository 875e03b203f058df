import type { Metadata } from "next";
import Link from "next/link";
import { ForgotPasswordForm } from "@/components/accounts/password-reset-forms";

export const metadata: Metadata = { title: "Forgot your password?" };

export default function ForgotPasswordPage() {
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-2 text-2xl font-bold">Forgot your password?</h1>
      <p className="mb-6 text-sm text-slate-600">Give the email of your account: we send a link to choose a new password. It works once, for one hour.</p>
      <div className="panel">
        <ForgotPasswordForm />
      </div>
      <p className="mt-4 text-center text-sm">
        <Link href="/signin" className="font-semibold text-blue-700 underline">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
