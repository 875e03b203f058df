"use client";

import { useSearchParams } from "next/navigation";
import { useCurrentUser } from "@/components/accounts/current-user";

/**
 * The home page's goodbye after an account deletion (/?account=deleted), shown
 * in the browser so the home page itself stays one cached page for everyone.
 */
export function AccountDeletedNotice() {
  const params = useSearchParams();
  const s = useCurrentUser();
  if (params.get("account") !== "deleted" || s.status !== "ready" || s.user) return null;
  return (
    <p role="status" className="rounded-md bg-green-50 px-4 py-3 text-green-900">
      Your account and all its data are deleted. Thank you for playing.
    </p>
  );
}
