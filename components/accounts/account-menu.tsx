"use client";

import Link from "next/link";
import { useActionState } from "react";
import { signOutAction } from "@/lib/accounts/actions/auth";
import { forgetOfflinePages } from "@/components/site/service-worker";
import { NavLink } from "@/components/ui/nav-link";
import { CurrentUserSync, markSigningOut, useCurrentUser } from "@/components/accounts/current-user";

/** The header's Admin link, shown to admins only. */
export function AdminNavLink() {
  const s = useCurrentUser();
  if (s.status !== "ready" || s.user?.role !== "admin") return null;
  return <NavLink href="/admin">Admin</NavLink>;
}

/**
 * The header's account corner: the signed-in name and Sign out, or Sign in /
 * Sign up. Rendered in the browser so the pages around it can be cached for
 * everyone; keeps its width while it asks who is signed in. Sign in and Sign up
 * are not prefetched: every guest's page would fetch both forms while starting.
 */
export function AccountMenu() {
  const s = useCurrentUser();
  const [, signOut] = useActionState(signOutAction, null);
  return (
    <div className="flex min-w-[9rem] flex-wrap items-center gap-3 text-sm" aria-busy={s.status === "loading"}>
      <CurrentUserSync />
      {s.status === "loading" ? (
        // before the browser knows who is signed in (and without JavaScript): a link that works for
        // everyone (a guest is sent on to sign in), not an empty box
        <Link href="/account" className="rounded-md border border-white/40 px-3 py-1.5 font-semibold hover:bg-white/10" data-testid="account-pending">
          Your account
        </Link>
      ) : s.user ? (
        <>
          <Link href="/account" className="rounded-md px-2 py-1 hover:bg-white/10" data-testid="current-user" title="Your account">
            {s.user.displayName}
            {s.user.role === "admin" && <span className="ml-1 rounded bg-amber-400 px-1.5 py-0.5 text-xs font-bold text-blue-950">admin</span>}
          </Link>
          <form
            action={signOut}
            onSubmit={() => {
              markSigningOut();
              void forgetOfflinePages();
            }}
          >
            <button type="submit" className="rounded-md border border-white/40 px-3 py-1.5 font-semibold hover:bg-white/10">
              Sign out
            </button>
          </form>
        </>
      ) : (
        <>
          <Link href="/signin" className="rounded-md px-3 py-1.5 font-semibold hover:bg-white/10" prefetch={false}>
            Sign in
          </Link>
          <Link href="/signup" className="rounded-md bg-amber-400 px-3 py-1.5 font-semibold text-blue-950 hover:bg-amber-300" prefetch={false}>
            Sign up
          </Link>
        </>
      )}
    </div>
  );
}
