import { PEER_HEADER } from "@/lib/server/peer-address-header";

type HeaderSource = { get(name: string): string | null };

/**
 * How many reverse proxies in front of the app append to X-Forwarded-For
 * (TRUST_PROXY: a number, or "true" for one). Unset or 0: the app is reached
 * directly and X-Forwarded-For is ignored, because any client can send one.
 */
export function trustedProxyHops(): number {
  const raw = (process.env.TRUST_PROXY ?? "").trim().toLowerCase();
  if (raw === "true" || raw === "yes") return 1;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n < 20 ? n : 0;
}

/**
 * The client's address as rate limits key it. Behind N trusted proxies it is
 * the Nth X-Forwarded-For entry from the right (the address the outermost
 * trusted proxy saw); otherwise the TCP peer stamped by lib/server/peer-address.
 */
export function clientAddress(headers: HeaderSource): string {
  const hops = trustedProxyHops();
  if (hops > 0) {
    const chain = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const entry = chain[chain.length - hops] ?? chain[0];
    if (entry) return normalize(entry);
  }
  const peer = headers.get(PEER_HEADER);
  return peer ? normalize(peer) : "unknown";
}

function normalize(address: string): string {
  // IPv4-mapped IPv6 ("::ffff:127.0.0.1") is the same client as its IPv4 form.
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").toLowerCase();
}
