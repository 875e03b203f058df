import { getGamePage } from "@/lib/play/data/games";
import { OG_CONTENT_TYPE, OG_SIZE, ogImage, ogNotFound } from "@/lib/og/image";
import { gameOgView } from "@/lib/og/views";
import { GameOg } from "@/components/og/game-og";

/** An online game's link preview, as a guest sees the game: players, decks' names, status; never a card. */
export const alt = "An online Sonic X TCG game on Ringbinder";
export const size = OG_SIZE;
export const contentType = OG_CONTENT_TYPE;

export default async function Image({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const page = await getGamePage(null, code);
  if (!page) return ogNotFound();
  return ogImage(<GameOg game={gameOgView(page.summary)} />);
}
