import { describe, expect, it } from "vitest";
import { cardImagePath, MAX_CARD_IMAGE_BYTES, parseCardImageName, sniffImageType } from "./card-image";
import { checkCardImage } from "./card-image-check";
import { contentSecurityPolicy, isAllowedImageUrl, shownImageUrl } from "@/lib/server/security-headers";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==", "base64");
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x24, 0, 0, 0]), Buffer.from("WEBPVP8 ")]);
const bytes = (s: string) => new Uint8Array(Buffer.from(s));

describe("card image checks", () => {
  it("tell PNG, JPEG and WebP by their magic bytes", () => {
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(JPEG)).toBe("image/jpeg");
    expect(sniffImageType(WEBP)).toBe("image/webp");
  });

  it("refuse SVG, HTML, GIF, other RIFF files and truncated signatures, whatever the file is called", () => {
    for (const b of [
      bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      bytes('<?xml version="1.0"?><svg/>'),
      bytes("<!doctype html><img src=x onerror=alert(1)>"),
      bytes("GIF89a\x01\x00\x01\x00"),
      Buffer.concat([Buffer.from("RIFF"), Buffer.from([0, 0, 0, 0]), Buffer.from("WAVEfmt ")]),
      PNG.subarray(0, 7),
      JPEG.subarray(0, 2),
    ]) {
      expect(sniffImageType(b)).toBeNull();
      const c = checkCardImage(b);
      expect(c.ok).toBe(false);
      if (!c.ok) expect(c.message).toBe("That file is not a PNG, JPEG or WebP image (SVG and other formats are not accepted).");
    }
  });

  it("refuse empty files and files over the limit, saying the limit", () => {
    expect(checkCardImage(new Uint8Array())).toEqual({ ok: false, message: "The image file is empty." });
    const big = new Uint8Array(MAX_CARD_IMAGE_BYTES + 1);
    big.set(PNG);
    expect(checkCardImage(big)).toEqual({ ok: false, message: "The image is 2.0 MB: images may be at most 2 MB." });
    const atLimit = new Uint8Array(MAX_CARD_IMAGE_BYTES);
    atLimit.set(PNG);
    expect(checkCardImage(atLimit).ok).toBe(true);
  });

  it("name an accepted image by its content's hash and type, never by the uploader's file name", () => {
    const c = checkCardImage(PNG);
    expect(c).toMatchObject({ ok: true, type: "image/png" });
    if (!c.ok) return;
    expect(c.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(c.path).toBe(`/card-images/${c.sha256}.png`);
    expect(checkCardImage(JPEG)).toMatchObject({ ok: true, path: expect.stringMatching(/\.jpg$/) });
    // the same bytes, the same name (an image uploaded twice is stored once)
    expect(checkCardImage(Buffer.from(PNG))).toEqual(c);
  });

  it("serve only names the app made: hex hash and a known extension", () => {
    const sha = "a".repeat(64);
    expect(parseCardImageName(cardImagePath(sha, "image/webp").slice("/card-images/".length))).toEqual({ sha256: sha, type: "image/webp" });
    expect(parseCardImageName(`${sha}.jpg`)).toEqual({ sha256: sha, type: "image/jpeg" });
    for (const bad of [`${sha}.svg`, `${sha}.png.html`, `${"A".repeat(64)}.png`, `${sha.slice(1)}.png`, "../../package.json", `${sha}.PNG`, `${sha}`]) expect(parseCardImageName(bad)).toBeNull();
  });

  it("are served from our own origin: shown without any IMAGE_HOSTS and allowed by the CSP's img-src 'self'", () => {
    const path = cardImagePath("f".repeat(64), "image/png");
    expect(isAllowedImageUrl(path, [])).toBe(true);
    expect(shownImageUrl(path)).toBe(path);
    const csp = contentSecurityPolicy({ nonce: "n", dev: false, https: true, imageHosts: [] });
    expect(csp.split("; ").find((d) => d.startsWith("img-src "))?.split(" ")).toContain("'self'");
  });
});
