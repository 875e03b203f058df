import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasMalformedPath, refuseMalformedPaths } from "./request-guard";

describe("hasMalformedPath", () => {
  it.each(["/cards/%ff/1", "/d/code/%ff%fe", "/api/cards/%ff", "/x%", "/x%E0%A4", "/%zz"])("%s is malformed", (p) => expect(hasMalformedPath(p)).toBe(true));
  it.each(["/cards/DEMO/1", "/cards/X%20Y/2", "/d/%C3%A9t%C3%A9", "/cards?q=%ff", "/"])("%s is not", (p) => expect(hasMalformedPath(p)).toBe(false));
});

describe("refuseMalformedPaths", () => {
  let server: http.Server;
  let base = "";
  const reached: string[] = [];
  beforeAll(async () => {
    refuseMalformedPaths();
    server = http.createServer((req, res) => {
      reached.push(req.url ?? "");
      res.end("app");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers a malformed path 400 before the app sees it: a page, or JSON under /api/", async () => {
    const page = await fetch(`${base}/cards/%ff/1`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("This address cannot be read");
    const api = await fetch(`${base}/api/cards/%ff`);
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ error: { code: "input/invalid", message: "The address contains a malformed percent-escape." } });
    const ok = await fetch(`${base}/cards/DEMO/1?q=%ff`);
    expect(await ok.text()).toBe("app");
    expect(reached).toEqual(["/cards/DEMO/1?q=%ff"]);
  });
});
