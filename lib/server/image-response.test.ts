import { describe, expect, it } from "vitest";
import { hashedImageResponse } from "@/lib/server/image-response";

const image = { contentType: "image/png", data: new Uint8Array([1, 2, 3]), byteSize: 3 };
const sha = "a".repeat(64);

describe("hashedImageResponse", () => {
  it("serves the bytes with the checked type, nosniff, a CSP that runs nothing, and the caller's caching", async () => {
    const res = hashedImageResponse(new Request("http://app.test/x.png"), sha, image, "public, max-age=86400");
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "content-type": "image/png",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "same-origin",
      "cache-control": "public, max-age=86400",
      etag: `"${sha}"`,
      "content-length": "3",
    });
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it("answers 304 with no body when the browser holds this hash, and 200 for another", async () => {
    const held = hashedImageResponse(new Request("http://app.test/x.png", { headers: { "if-none-match": `"${sha}"` } }), sha, image, "x");
    expect(held.status).toBe(304);
    expect(await held.text()).toBe("");
    const other = hashedImageResponse(new Request("http://app.test/x.png", { headers: { "if-none-match": `"${"b".repeat(64)}"` } }), sha, image, "x");
    expect(other.status).toBe(200);
  });
});
