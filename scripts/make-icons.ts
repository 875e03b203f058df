/**
 * npm run icons: draws the installable app's icons (public/icons/, named in app/manifest.ts) from app/icon.svg:
 * 192 and 512 px, a 180 px Apple touch icon, and a 512 px maskable icon with the mark inside the 80% safe zone.
 * The PNGs are committed; run this again after changing the SVG.
 */
import { mkdirSync, readFileSync } from "node:fs";
import sharp from "sharp";

const svg = readFileSync("app/icon.svg");
const BRAND_BLUE = "#1e3a8a";
mkdirSync("public/icons", { recursive: true });

for (const [size, name] of [
  [192, "icon-192.png"],
  [512, "icon-512.png"],
  [180, "apple-touch-icon.png"],
] as const) {
  await sharp(svg, { density: 1200 }).resize(size, size).png().toFile(`public/icons/${name}`);
}
const inner = await sharp(svg, { density: 1200 }).resize(384, 384).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND_BLUE } })
  .composite([{ input: inner, left: 64, top: 64 }])
  .png()
  .toFile("public/icons/maskable-512.png");
console.log("Wrote public/icons/{icon-192,icon-512,apple-touch-icon,maskable-512}.png");
