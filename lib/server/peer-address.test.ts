import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { stampPeerAddresses } from "./peer-address";
import { PEER_HEADER } from "./peer-address-header";

// a real server with the stamp in place: each request answers with the headers the app would see
stampPeerAddresses();
const server = http.createServer((req, res) => res.end(JSON.stringify(req.headers)));
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  delete process.env.TRUST_PROXY;
});

/** The headers the app sees for a request that sent `headers`. */
function seen(headers: Record<string, string>): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: "/", headers }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString("utf8")));
      res.on("end", () => resolve(JSON.parse(body) as Record<string, string>));
    });
    req.on("error", reject);
    req.end();
  });
}

const SENT = { host: "rb.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", "x-forwarded-port": "443", [PEER_HEADER]: "203.0.113.9" };

describe("stampPeerAddresses", () => {
  it("stamps the TCP peer over whatever the client sent", async () => {
    expect((await seen(SENT))[PEER_HEADER]).toBe("127.0.0.1");
  });

  it("without TRUST_PROXY drops the client's X-Forwarded-Host, -Proto and -Port (Next then fills them from Host and the socket)", async () => {
    const h = await seen(SENT);
    expect(h.host).toBe("rb.example");
    expect(h["x-forwarded-host"]).toBeUndefined();
    expect(h["x-forwarded-proto"]).toBeUndefined();
    expect(h["x-forwarded-port"]).toBeUndefined();
  });

  it("with TRUST_PROXY keeps them: the proxy's word on the site's host and scheme", async () => {
    process.env.TRUST_PROXY = "1";
    const h = await seen(SENT);
    expect(h).toMatchObject({ "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", "x-forwarded-port": "443" });
  });
});
