import { request } from "node:http";

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

function send(url: URL, localAddress: string, opts: { method: string; headers: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method, headers: opts.headers, localAddress }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(opts.body);
  });
}

/**
 * One credentials sign-in to Auth.js's endpoint sent from another loopback
 * address (127.0.0.2 …: a different client address for the server's limits),
 * as a benchmark's "the owner, elsewhere" while a flood hits the account.
 * Returns the HTTP status, whether a session cookie came back, and how long it took.
 */
export async function signInFrom(base: string, localAddress: string, email: string, password: string): Promise<{ status: number; signedIn: boolean; ms: number }> {
  const t0 = performance.now();
  const csrf = await send(new URL("/api/auth/csrf", base), localAddress, { method: "GET", headers: {} });
  const cookies = ([] as string[]).concat(csrf.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]);
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const body = new URLSearchParams({ csrfToken, email, password, callbackUrl: `${base}/` }).toString();
  const res = await send(new URL("/api/auth/callback/credentials", base), localAddress, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.join("; "), "content-length": String(Buffer.byteLength(body)) },
    body,
  });
  const signedIn = ([] as string[]).concat(res.headers["set-cookie"] ?? []).some((c) => c.includes("session-token="));
  return { status: res.status, signedIn, ms: performance.now() - t0 };
}
