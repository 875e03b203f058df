import "server-only";
import { cardArtSvg } from "@/lib/catalog/art";
import type { CardDTO } from "@/lib/catalog/card-types";
import { deckStats, type DeckDTO } from "@/lib/decks";
import { replayNames, replayResult } from "@/lib/play/replay";
import type { GameSummary, ReplayDTO } from "@/lib/play/types";
import type { CardOgView, DeckOgView, GameOgView, ReplayOgView } from "./types";
import { svgDataUri } from "./image";

/** What the previews show, built from the public DTOs the pages already read (never anything else). */

const art = (c: CardDTO) => svgDataUri(cardArtSvg(c));

export function cardOgView(c: CardDTO): CardOgView {
  return { title: c.title, key: c.key, setName: c.setName, traits: c.traits, colors: c.colors, rings: c.rings, rarity: c.rarity, text: c.text, art: art(c), unofficial: c.unofficial };
}

/** A published deck's preview: up to 7 of its cards (most copies first), its colours and its ring curve. */
export function deckOgView(d: Pick<DeckDTO, "name" | "ownerName" | "entries" | "check">): DeckOgView {
  const stats = deckStats(d.entries.map((e) => ({ cardId: e.card.id, key: e.card.key, title: e.card.title, quantity: e.quantity, colors: e.card.colors, rings: e.card.rings, traits: e.card.traits })));
  const spread = [...d.entries].sort((a, b) => b.quantity - a.quantity || a.card.rings - b.card.rings).slice(0, 7);
  return {
    name: d.name,
    ownerName: d.ownerName,
    total: d.check.total,
    legal: d.check.legal,
    colors: stats.colorSplit.filter((c) => c.count > 0).map((c) => c.color),
    spread: spread.map((e) => ({ art: art(e.card), quantity: e.quantity })),
    curve: stats.ringCurve,
  };
}

/** A game's preview as a guest sees it: the names at the table, their decks' names, and the status. */
export function gameOgView(g: GameSummary): GameOgView {
  const name = (seat: number) => g.players.find((p) => p.seat === seat)?.name ?? "?";
  const status =
    g.status === "waiting" ? "Waiting for a second player" : g.status === "active" ? "In play: watch live" : g.result === "draw" ? "Finished: a draw" : g.result !== null ? `Finished: ${name(g.result)} won` : "Finished";
  const players = g.players.map((p) => ({ name: p.name, deckName: p.deckName }));
  return { players: players.length < 2 ? [...players, { name: "Open seat", deckName: "" }] : players, status };
}

/**
 * A replay's preview: the players, their decks' names (public once the game is
 * over, and a replay is of a finished game), the result and the emeralds each
 * held at the end, read from the replay's last frame.
 */
export function replayOgView(r: Pick<ReplayDTO, "players" | "result" | "endReason" | "replay">): ReplayOgView {
  const names = replayNames(r.players);
  const end = r.replay.frames[r.replay.frames.length - 1].view;
  const deck = (seat: number) => r.players.find((p) => p.seat === seat)?.deckName ?? "";
  return {
    players: ([0, 1] as const).map((seat) => ({ name: names[seat], deckName: deck(seat), emeralds: end.emeralds[seat], won: r.result === seat })),
    result: replayResult(r, names).replace(/\.$/, ""),
    target: 3,
    turns: end.turn,
  };
}
