"use client";

import { useEffect, useSyncExternalStore } from "react";
import { usePathname } from "next/navigation";

/** The signed-in visitor as the browser knows it: public pages are cached for everyone, so who is signed in is asked separately. */
export type BrowserUser = { displayName: string; role: "user" | "admin" };
export type CurrentUserState = { status: "loading" } | { status: "ready"; user: BrowserUser | null };

let state: CurrentUserState = { status: "loading" };
/** Numbers each question; only the answer to the latest one counts (an older one may predate a sign-in or sign-out). */
let asked = 0;
const listeners = new Set<() => void>();

function set(next: CurrentUserState) {
  state = next;
  for (const l of listeners) l();
}

/** While a sign-out is on its way (until this time), an answer that still names a user is asked again instead of shown. */
let signingOutUntil = 0;

/** Asks the server who is signed in (GET /api/me, never cached) and updates every subscriber. */
export function refreshCurrentUser(): Promise<void> {
  const mine = ++asked;
  return fetch("/api/me", { cache: "no-store", credentials: "same-origin" })
    .then((r) => (r.ok ? (r.json() as Promise<{ user: BrowserUser | null }>) : { user: null }))
    .catch(() => ({ user: null }))
    .then((body) => {
      if (mine !== asked) return;
      if (body.user && Date.now() < signingOutUntil) {
        setTimeout(() => void refreshCurrentUser(), 300);
        return;
      }
      signingOutUntil = 0;
      set({ status: "ready", user: body.user });
    });
}

/**
 * Signing out: the account corner waits (neither the old name nor "Sign in")
 * until the server confirms the session is gone, for up to ten seconds.
 */
export function markSigningOut(): void {
  signingOutUntil = Date.now() + 10_000;
  set({ status: "loading" });
  setTimeout(() => void refreshCurrentUser(), 300);
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

const SERVER_STATE: CurrentUserState = { status: "loading" };

/** The current visitor; "loading" until the first answer (and during server rendering). */
export function useCurrentUser(): CurrentUserState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  );
}

/** Re-asks who is signed in on every navigation (sign-in and sign-out navigate). Mounted once, in the header. */
export function CurrentUserSync() {
  const pathname = usePathname();
  useEffect(() => {
    void refreshCurrentUser();
  }, [pathname]);
  return null;
}

/** Renders its children only for a signed-in visitor (admins only with `admin`). */
export function SignedInOnly({ children, admin = false }: { children: React.ReactNode; admin?: boolean }) {
  const s = useCurrentUser();
  if (s.status !== "ready" || !s.user || (admin && s.user.role !== "admin")) return null;
  return <>{children}</>;
}

/** Renders `children` for a signed-in visitor and `guest` for a guest (nothing while loading). */
export function SignedInSwitch({ children, guest }: { children: React.ReactNode; guest: React.ReactNode }) {
  const s = useCurrentUser();
  if (s.status !== "ready") return null;
  return <>{s.user ? children : guest}</>;
}
