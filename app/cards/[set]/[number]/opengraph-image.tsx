import { cachedCardPage } from "@/lib/catalog/data/public-pages";
import { OG_CONTENT_TYPE, OG_SIZE, ogImage, ogNotFound } from "@/lib/og/image";
import { cardOgView } from "@/lib/og/views";
import { CardOg } from "@/components/og/card-og";

/** The card page's link preview (Open Graph; twitter-image.tsx serves the same). */
export const alt = "A Sonic X TCG card on Ringbinder";
export const size = OG_SIZE;
export const contentType = OG_CONTENT_TYPE;

export default async function Image({ params }: { params: Promise<{ set: string; number: string }> }) {
  const { set, number } = await params;
  const page = await cachedCardPage(set, number);
  if (!page) return ogNotFound();
  return ogImage(<CardOg card={cardOgView(page.card)} />);
}
