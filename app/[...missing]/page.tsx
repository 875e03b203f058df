import { notFound } from "next/navigation";
import { connection } from "next/server";

/**
 * Any URL no route matches: the not-found page, rendered per request so it
 * carries the per-request CSP nonce like every page outside the cache
 * (proxy.ts). Without this, Next would serve its prerendered not-found page,
 * whose scripts carry no nonce.
 */
export default async function Missing(): Promise<never> {
  await connection();
  notFound();
}
