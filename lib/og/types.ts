import type { Color } from "@/lib/catalog/colors";

/** What the link previews show (plain DTOs; components/og draws them). */

export type CardOgView = { title: string; key: string; setName: string; traits: string[]; colors: string[]; rings: number; rarity: string; text: string; art: string; unofficial: boolean };

export type DeckOgView = {
  name: string;
  ownerName: string;
  total: number;
  legal: boolean;
  colors: string[];
  /** the arts of the deck's cards to fan out, most copies first (at most 7) */
  spread: { art: string; quantity: number }[];
  curve: { rings: number; count: number }[];
};

export type GameOgView = { players: { name: string; deckName: string }[]; status: string };

/** A finished game's replay (/r/<code>): who played whom with which deck, the result and the final emerald count. */
export type ReplayOgView = {
  players: { name: string; deckName: string; emeralds: number; won: boolean }[];
  /** the result in words ("Amy won", "A draw", with how it ended) */
  result: string;
  /** emeralds that win a game (3) */
  target: number;
  turns: number;
};


/** The deck widget (/embed/d/<slug>). */
export type DeckEmbedView = {
  slug: string;
  name: string;
  ownerName: string;
  total: number;
  legal: boolean;
  /** absolute links: the widget opens them in a new tab, away from the framing page */
  href: string;
  entries: { quantity: number; title: string; key: string; rings: number; colors: Color[]; href: string }[];
  curve: { rings: number; count: number }[];
};
