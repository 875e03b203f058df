import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
const { prepareCensusPhoto } = await import("./photos");
const { MAX_CENSUS_PHOTO_BYTES } = await import("./photo-limits");

const photo = (format: "png" | "jpeg", width = 16, height = 22) =>
  sharp({ create: { width, height, channels: 3, background: "#b91c1c" } })
    [format]()
    .withExif({ IFD0: { Make: "PhoneCo", Artist: "Jane Collector" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 0/1" } })
    .toBuffer();

describe("census photos", () => {
  it("removes the metadata (EXIF, GPS) of a photo and keeps its pixels", async () => {
    const upload = await photo("jpeg");
    expect((await sharp(upload).metadata()).exif).toBeDefined();
    const r = await prepareCensusPhoto(upload);
    if (!r.ok) throw new Error(r.message);
    const meta = await sharp(Buffer.from(r.photo.bytes)).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 16, height: 22 });
    expect(meta.exif).toBeUndefined();
    const bytes = Buffer.from(r.photo.bytes);
    expect(bytes.includes("Jane Collector")).toBe(false);
    expect(bytes.includes("PhoneCo")).toBe(false);
  });

  it("refuses a crafted polyglot: a PNG signature followed by HTML", async () => {
    const polyglot = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("<!doctype html><script>fetch('/api/v1/me')</script>")]);
    expect(await prepareCensusPhoto(polyglot)).toEqual({ ok: false, message: expect.stringMatching(/could not be read/) });
  });

  it("refuses a valid PNG with HTML appended after its end", async () => {
    const png = await photo("png");
    const r = await prepareCensusPhoto(Buffer.concat([png, Buffer.from("<html><script>alert(1)</script></html>")]));
    // either refused, or re-encoded so the HTML is gone: never stored as uploaded
    if (r.ok) expect(Buffer.from(r.photo.bytes).includes("<script>")).toBe(false);
  });

  it("refuses an oversized photo before decoding it", async () => {
    const big = Buffer.concat([await photo("png"), Buffer.alloc(MAX_CENSUS_PHOTO_BYTES)]);
    expect(await prepareCensusPhoto(big)).toEqual({ ok: false, message: expect.stringMatching(/at most 4 MB/) });
  });
});
