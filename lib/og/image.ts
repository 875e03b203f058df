import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ImageResponse } from "next/og";
import type { ReactElement } from "react";

/**
 * Link-preview images (Open Graph and Twitter/X cards), drawn by next/og
 * (satori + resvg) at 1200×630 in Inter, self-hosted from @fontsource/inter
 * (static .woff files: satori reads neither woff2 nor variable fonts). The
 * fonts are read once per instance.
 */

export const OG_SIZE = { width: 1200, height: 630 };
export const OG_CONTENT_TYPE = "image/png";

type Font = { name: string; data: ArrayBuffer; weight: 400 | 700; style: "normal" };
let fonts: Promise<Font[]> | null = null;

function loadFonts(): Promise<Font[]> {
  const dir = path.join(process.cwd(), "node_modules", "@fontsource", "inter", "files");
  const one = async (weight: 400 | 700): Promise<Font> => {
    const buf = await readFile(path.join(dir, `inter-latin-${weight}-normal.woff`));
    return { name: "Inter", data: buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer, weight, style: "normal" };
  };
  fonts ??= Promise.all([one(400), one(700)]).catch((e: unknown) => {
    fonts = null;
    throw e;
  });
  return fonts;
}

/**
 * The PNG of a preview: public for a day at shared caches (what it shows is
 * public and changes rarely), or, for what only the asker may see (an invite
 * game's replay shown to one of its players), private and never stored.
 */
export async function ogImage(element: ReactElement, cache: "public" | "private" = "public"): Promise<ImageResponse> {
  return new ImageResponse(element, {
    ...OG_SIZE,
    fonts: await loadFonts(),
    headers: { "Cache-Control": cache === "public" ? "public, max-age=3600, s-maxage=86400" : "private, no-store" },
  });
}

/** A plain 404 for a preview of something that does not exist or is not public. */
export function ogNotFound(): Response {
  return new Response("Not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** An SVG as a data URI for an <img> inside a preview. */
export function svgDataUri(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;
}
