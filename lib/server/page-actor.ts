import "server-only";
import { getCurrentUser } from "@/lib/server/session";
import type { Actor } from "@/lib/server/actor";

/**
 * The actor for a page: pages hand it to the data layer explicitly, as the
 * pipeline does for actions and routes. A guest on a signed-in page is sent
 * to sign in and comes back to `returnTo`; a signed-in non-admin on an admin
 * page gets the 403 page. (Pages open to guests use `authenticate("public")`.)
 */
export async function requireUserOrRedirect(returnTo: string): Promise<Actor> {
  const user = await getCurrentUser();
  const { redirect } = await import("next/navigation");
  if (!user) return redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}

/** For admin pages: guests are sent to sign in, signed-in non-admins get the 403 page. */
export async function requireAdminPage(returnTo: string): Promise<Actor> {
  const user = await requireUserOrRedirect(returnTo);
  const { forbidden } = await import("next/navigation");
  if (user.role !== "admin") forbidden();
  return user;
}
