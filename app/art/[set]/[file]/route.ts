import { getCardBySetNumber } from "@/lib/catalog/data/card-page";
import { artVersion, cardArtSvg } from "@/lib/catalog/art";

/**
 * GET /art/<set>/<number>.svg — a card's generated illustration. With the
 * `?v=` of the card's current data (what artHref links to) the answer is
 * cached for good; otherwise briefly. The SVG is self-contained and served
 * with a CSP that forbids scripts and outside loads.
 */
export async function GET(request: Request, { params }: { params: Promise<{ set: string; file: string }> }) {
  const { set, file } = await params;
  const m = /^(\d{1,6})\.svg$/.exec(file);
  const card = m ? await getCardBySetNumber(set, m[1]) : null;
  if (!card) return new Response("No such card.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const version = artVersion(card);
  const asked = new URL(request.url).searchParams.get("v");
  return new Response(cardArtSvg(card), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": asked === version ? "public, max-age=31536000, immutable" : "public, max-age=300",
      ETag: `"${version}"`,
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
