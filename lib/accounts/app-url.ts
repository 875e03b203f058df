import "server-only";

/** Where a password-reset link points, and why there: shown to nobody, logged for the operator. */
type AppUrl = { base: string; source: "configured" | "local" };

/** Listening on every interface (or unset): the machine itself is reached as localhost. */
const ANY_HOST = new Set(["", "0.0.0.0", "::", "[::]"]);

function validOrigin(value: string): string | null {
  try {
    const u = new URL(value);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    return u.origin + u.pathname.replace(/\/+$/, "");
  } catch {
    return null;
  }
}

/**
 * The public address reset links point to, from the server's own settings and
 * never from the request: the Host header is the client's to choose, and a
 * link built from it could send the token to someone else's site.
 *
 * APP_URL, else AUTH_URL, when set (an invalid one is an operator error that
 * names the variable). Else the address this server listens on, as `next
 * start` does: HOSTNAME (localhost when it is every interface) and PORT
 * (3000), so the quick start's reset works on the machine that runs it.
 */
export function appUrl(env: Readonly<Record<string, string | undefined>> = process.env): AppUrl {
  for (const name of ["APP_URL", "AUTH_URL"] as const) {
    const value = env[name]?.trim();
    if (!value) continue;
    const base = validOrigin(value);
    if (!base) throw new Error(`${name} is not an http(s) URL: ${JSON.stringify(value)}`);
    return { base, source: "configured" };
  }
  const host = (env.HOSTNAME ?? "").trim();
  const port = (env.PORT ?? "").trim() || "3000";
  if (!/^\d{1,5}$/.test(port)) throw new Error(`PORT is not a port number: ${JSON.stringify(port)}`);
  if (ANY_HOST.has(host)) return { base: `http://localhost:${port}`, source: "local" };
  if (/^[a-z0-9.-]+$/i.test(host)) return { base: `http://${host.toLowerCase()}:${port}`, source: "local" };
  if (/^[0-9a-f:]+$/i.test(host)) return { base: `http://[${host.toLowerCase()}]:${port}`, source: "local" };
  throw new Error(`HOSTNAME is not a host name: ${JSON.stringify(host)}`);
}
