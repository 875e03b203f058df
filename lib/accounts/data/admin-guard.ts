import "server-only";
import { forbidden } from "next/navigation";
import { requireUserOrRedirect } from "@/lib/server/session";
import type { SessionUser } from "@/lib/accounts/data/users";

/** For admin pages: guests are sent to sign in, signed-in non-admins get the 403 page. */
export async function requireAdminPage(returnTo: string): Promise<SessionUser> {
  const user = await requireUserOrRedirect(returnTo);
  if (user.role !== "admin") forbidden();
  return user;
}
