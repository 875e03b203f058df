/** bench:http --mode login-flood: wrong passwords for one account while /api/health is polled. */
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { BASE, DURATION, PASSWORD } from "./http-config";
import { pct, printHealth, probeHealth } from "./http-measure";
import type { Seeded } from "./http-seed";
import { cookieHeader, serverCpuMs } from "./http-server";
import { signInFrom } from "./sign-in-from";

/** Status counts of an autocannon run: "302×10 429×1666". */
function statusSummary(r: autocannon.Result): string {
  return Object.entries(r.statusCodeStats ?? {})
    .map(([code, s]) => `${code}×${(s as { count: number }).count}`)
    .join(" ");
}

/**
 * Posts wrong passwords for one account with 16 connections while /api/health
 * is polled: for --duration seconds from the start (the first attempts are
 * checked, then the email and the client address lock), then 3,000 more once
 * the address is locked, whose server CPU time per refusal is printed.
 */
export async function loginFloodMode(seeded: Seeded) {
  const jar = new Map<string, string>();
  const csrfRes = await fetch(`${BASE}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const cookie = cookieHeader(csrfRes, jar);
  const body = new URLSearchParams({ csrfToken, email: seeded.userEmail, password: "wrong-password-123", callbackUrl: `${BASE}/` }).toString();
  const idle = await probeHealth(sleep(3000));
  console.log(`\n/api/health idle: p50 ${pct(idle, 50).toFixed(0)} ms, p99 ${pct(idle, 99).toFixed(0)} ms`);
  const floodOpts = { url: `${BASE}/api/auth/callback/credentials`, method: "POST" as const, connections: 16, headers: { "content-type": "application/x-www-form-urlencoded", cookie }, body };
  const run = async (opts: { duration: number } | { amount: number }) => {
    const cpuBefore = serverCpuMs();
    // autocannon's result is a thenable, not a Promise: adopt it once
    const done = Promise.resolve(autocannon({ ...floodOpts, ...opts }));
    const times = await probeHealth(done);
    const r = await done;
    const cpuAfter = serverCpuMs();
    return { r, times, cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
  };
  const first = await run({ duration: DURATION });
  printHealth(`Login flood (16 connections, wrong passwords, ${DURATION} s)`, first.times, `${first.r.requests.total} attempts (${statusSummary(first.r)})${first.cpuMs === null ? "" : `; server CPU ${(first.cpuMs / 1000).toFixed(1)} s`}`);
  const AMOUNT = 3000;
  const locked = await run({ amount: AMOUNT });
  const perRefusal = locked.cpuMs === null ? "" : `; server CPU ${(locked.cpuMs / 1000).toFixed(1)} s = ${(locked.cpuMs / Math.max(1, locked.r.requests.total)).toFixed(2)} ms per refusal (the ${locked.times.length} health requests included)`;
  printHealth(
    `Login flood once the flooding address owes a wait (${AMOUNT.toLocaleString("en")} attempts, 16 connections)`,
    locked.times,
    `${locked.r.requests.total} attempts in ${(locked.r.duration ?? 0).toFixed(1)} s (${statusSummary(locked.r)})${perRefusal}`,
  );
  // the account's owner, on another address, right after the flood on their email: never refused (docs/security.md)
  const owner = await signInFrom(BASE, "127.0.0.2", seeded.userEmail, PASSWORD);
  console.log(`The owner signing in from another address after the flood: HTTP ${owner.status}, ${owner.signedIn ? "signed in" : "NOT signed in"} in ${owner.ms.toFixed(0)} ms (target: signed in)`);
}
