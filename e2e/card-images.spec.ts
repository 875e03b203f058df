import { createHash } from "node:crypto";
import { test, expect, signInAdmin } from "./fixtures";

// a 2×2 red PNG
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==",
  "base64",
);

test.describe("uploaded card images", () => {
  test("an admin uploads an image: wrong and oversized files are refused, a PNG shows on the card, served by us with the right headers", async ({ page, auth }) => {
    test.slow();
    await signInAdmin(page, auth);
    await page.goto("/admin/cards");
    await page.getByLabel("Search cards").fill("!\"lobster robot\"");
    await page.getByRole("link", { name: "Edit Lobster Robot (DEMO-058)" }).click();
    await expect(page.getByRole("heading", { name: /Edit Lobster Robot/ })).toBeVisible();
    const upload = page.getByLabel("Upload an image (optional)");

    // too large: the form says so at once and does not keep the file
    await upload.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]) });
    await expect(page.getByText(/images may be at most 2 MB/)).toBeVisible();
    expect(await upload.evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
    await page.getByText(/images may be at most 2 MB/).scrollIntoViewIfNeeded();
    await page.screenshot({ path: ".tmp/shots/card-image-form.png" });

    // an SVG named .png: the server reads its bytes and refuses it; nothing changes
    await upload.setInputFiles({ name: "innocent.png", mimeType: "image/png", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("That file is not a PNG, JPEG or WebP image (SVG and other formats are not accepted).")).toBeVisible();
    await expect(page.getByLabel("Image URL (optional, https)")).toHaveValue("");

    await upload.setInputFiles({ name: "lobster.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Card saved.")).toBeVisible();

    await page.goto("/cards/DEMO/58");
    const img = page.locator('img[src^="/card-images/"]').first();
    await expect(img).toBeVisible();
    const src = (await img.getAttribute("src"))!;
    expect(src).toMatch(/^\/card-images\/[0-9a-f]{64}\.png$/);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(2);
    await page.screenshot({ path: ".tmp/shots/card-image.png" });

    const res = await page.request.get(src);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    // what is stored is the image decoded and encoded again (no upload bytes, no metadata), named by its own sha256
    const body = Buffer.from(await res.body());
    expect(body.subarray(0, 8).equals(PNG.subarray(0, 8)), "a PNG").toBe(true);
    expect(src).toBe(`/card-images/${createHash("sha256").update(body).digest("hex")}.png`);
    // another extension or a made-up name is not served
    expect((await page.request.get(src.replace(".png", ".webp"))).status()).toBe(404);
    expect((await page.request.get("/card-images/..%2F..%2Fpackage.json")).status()).toBe(404);

    // back to the generated art: clear the URL
    await page.goto("/admin/cards");
    await page.getByLabel("Search cards").fill("!\"lobster robot\"");
    await page.getByRole("link", { name: "Edit Lobster Robot (DEMO-058)" }).click();
    await expect(page.getByLabel("Image URL (optional, https)")).toHaveValue(src);
    await page.getByLabel("Image URL (optional, https)").fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Card saved.")).toBeVisible();
    await page.goto("/cards/DEMO/58");
    await expect(page.locator('img[src^="/art/"]').first()).toBeVisible();
  });
});
