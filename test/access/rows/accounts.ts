/**
 * Access-matrix rows for accounts: the account page's data, sign-in and sign-up, the system path, and the account routes
 * (read by lib/server/access-matrix.test.ts; docs/architecture.md "The access matrix").
 */
import { expect } from "vitest";
import * as account from "@/lib/accounts/data/account";
import { current } from "@/test/session-mock";
import { PUBLIC, SIGNED_IN, type Rows, type Who } from "@/test/access/harness";

/** Every exported function of this feature's data access (key: file under lib/, then #name). */
export const data: Rows = {
  "accounts/data/account.ts#getMyAccount": { access: "checked", call: (actor) => account.getMyAccount(actor), expect: SIGNED_IN, verify: (who, r, f) => who !== "guest" && expect((r as { email: string }).email).toBe(f.users[who].email) },
  "accounts/data/account.ts#endAllMySessions": { access: "checked", call: (actor) => account.endAllMySessions(actor), expect: SIGNED_IN },
  "accounts/data/account.ts#changeMyPassword": { access: "checked", call: (actor) => account.changeMyPassword(actor, "not-the-password", "Another-Long-Passphrase-77"), expect: { guest: "unauthenticated", other: "denied", owner: "denied", admin: "denied" } },
  "accounts/data/account.ts#exportMyData": {
    access: "checked",
    call: (actor) => account.exportMyData(actor),
    expect: SIGNED_IN,
    verify: (who, r, f) => {
      expect(JSON.stringify(r)).toContain(f.users[who as Exclude<Who, "guest">].email);
      if (who !== "owner") expect(JSON.stringify(r)).not.toContain(f.privateDeck.id);
    },
  },
  "accounts/data/account.ts#updateDisplayName": { access: "checked", call: (actor) => account.updateDisplayName(actor, current.user?.displayName ?? "Guest"), expect: SIGNED_IN },
  "accounts/data/account.ts#deleteMyAccount": { access: "checked", call: (actor) => account.deleteMyAccount(actor, "not-the-password"), expect: { guest: "unauthenticated", other: "denied", owner: "denied", admin: "denied" } },
  "accounts/data/account.ts#passwordResetTokenFor": { access: "auth", why: "forgot-password: makes a reset link for an email, before there is a session (the answer never says whether the email exists)", importers: ["lib/accounts/actions/account.ts"] },
  "accounts/data/account.ts#checkResetToken": { access: "auth", why: "reset-password: the signed one-time token is the authorization", importers: ["app/(auth)/reset-password/page.tsx"] },
  "accounts/data/account.ts#resetPassword": { access: "auth", why: "reset-password: the signed one-time token is the authorization", importers: ["lib/accounts/actions/account.ts"] },
  "accounts/data/session-tokens.ts#sessionState": { access: "auth", why: "Auth.js's token check, before there is a session", importers: ["lib/accounts/auth.ts", "lib/accounts/session-check.ts"] },
  "accounts/data/session-tokens.ts#revokeSession": { access: "auth", why: "Auth.js's sign-out, revoking the token being signed out", importers: ["lib/accounts/auth.ts"] },
  "accounts/data/system.ts#runAsSystemAdmin": { access: "system", why: "the command-line tools' system path; refuses to run inside the Next.js server", importers: ["scripts/catalog.ts"] },
  "accounts/data/system.ts#runAsSystemAccount": { access: "system", why: "the command-line tools' system path for one account by email (npm run user -- import-collection); refuses to run inside the Next.js server", importers: ["scripts/user.ts"] },
  "accounts/data/system.ts#runAsSystemUser": { access: "system", why: "the system path for a harness acting for one account (the import crash test's child process); refuses to run inside the Next.js server", importers: ["test/import-child.ts"] },
  "accounts/data/users.ts#toSessionUser": { access: "pure", why: "maps an account row" },
  "accounts/data/users.ts#verifyCredentials": { access: "auth", why: "sign-in: checks a password, before there is a session", importers: ["lib/accounts/authorize.ts"] },
  "accounts/data/users.ts#createUser": { access: "auth", why: "sign-up: makes a regular account, before there is a session", importers: ["lib/accounts/actions/auth.ts"] },
  "accounts/data/users.ts#findSessionUser": { access: "auth", why: "loads the session's account for the gate", importers: ["lib/server/session.ts"] },
};

/** This feature's route handlers under app/api (key: route file under app/api, then #method). */
export const routes: Rows = {
  "account/export/route.ts#GET": {
    access: "checked",
    call: async () => (await import("@/app/api/account/export/route")).GET(new Request("http://app.test/api/account/export")),
    expect: SIGNED_IN,
    verify: async (who, r, f) => {
      const text = await (r as Response).text();
      if (who !== "owner") expect(text).not.toContain(f.privateDeck.id);
    },
  },
  "auth/[...nextauth]/route.ts#GET": { access: "auth", why: "Auth.js's own endpoints (session, CSRF token, providers); tested in e2e/auth.spec.ts", importers: [] },
  "auth/[...nextauth]/route.ts#POST": { access: "auth", why: "Auth.js's sign-in and sign-out, throttled before the password is checked; tested in e2e/auth.spec.ts and lib/accounts/sign-in-limits.test.ts", importers: [] },
  "me/route.ts#GET": { access: "checked", call: async () => (await import("@/app/api/me/route")).GET(new Request("http://app.test/api/me")), expect: PUBLIC },
};
