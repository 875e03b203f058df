import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { reencodeCardImage } from "./reencode-image";

const pixels = (format: "png" | "jpeg" | "webp", width = 8, height = 8) =>
  sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } })
    [format]()
    .withExif({ IFD0: { Copyright: "secret owner", ImageDescription: "GPS 48.85,2.35" } })
    .toBuffer();

describe("reencodeCardImage", () => {
  it.each(["png", "jpeg", "webp"] as const)("decodes a %s and encodes it again without its metadata", async (format) => {
    const upload = await pixels(format);
    expect((await sharp(upload).metadata()).exif).toBeDefined();
    const r = await reencodeCardImage(upload);
    if (!r.ok) throw new Error(r.message);
    expect(r.type).toBe(`image/${format}`);
    const meta = await sharp(Buffer.from(r.bytes)).metadata();
    expect(meta).toMatchObject({ format, width: 8, height: 8 });
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(r.bytes).includes("secret owner")).toBe(false);
    expect(r.path).toBe(`/card-images/${r.sha256}.${format === "jpeg" ? "jpg" : format}`);
  });

  it("refuses bytes that only start like an image: a PNG or JPEG signature followed by HTML", async () => {
    const html = Buffer.from("<html><script>alert(document.cookie)</script></html>");
    for (const sig of [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0xff, 0xd8, 0xff, 0xe0]]) {
      const r = await reencodeCardImage(Buffer.concat([Buffer.from(sig), html]));
      expect(r).toEqual({ ok: false, message: expect.stringMatching(/could not be read as a PNG, JPEG or WebP image/) });
    }
  });

  it("refuses an image whose content is another format than its signature says, a truncated one, and a huge one", async () => {
    const png = await pixels("png");
    expect((await reencodeCardImage(png.subarray(0, png.length - 20))).ok).toBe(false);
    // a JPEG signature in front of a PNG
    expect((await reencodeCardImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]))).ok).toBe(false);
    // 10,000 × 5,000 pixels in a small file: over the decoding bound, refused before it is decoded
    const bomb = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: "#000" } }).png({ compressionLevel: 9 }).toBuffer();
    expect((await reencodeCardImage(bomb)).ok).toBe(false);
  });

  it("scales a large image down to the largest size kept", async () => {
    const r = await reencodeCardImage(await pixels("jpeg", 2400, 3360));
    if (!r.ok) throw new Error(r.message);
    expect(await sharp(Buffer.from(r.bytes)).metadata()).toMatchObject({ width: 1200, height: 1680 });
  });
});
