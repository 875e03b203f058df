import "server-only";
import type { z } from "zod";
import type { CardDef } from "@/lib/engine";
import { getReplay } from "@/lib/play/data";
import { nameSeats } from "@/lib/play/presentation";
import type { ReplayDTO } from "@/lib/play/types";
import { API_BASE } from "@/lib/api/present";
import type { ReplaySchema } from "@/lib/api/schemas";

/** A deck list as key × quantity, in list order. */
function deckCards(cards: CardDef[]) {
  const out = new Map<string, { key: string; title: string; quantity: number }>();
  for (const c of cards) {
    const key = (c as CardDef & { key?: string }).key ?? c.title;
    const e = out.get(key);
    if (e) e.quantity++;
    else out.set(key, { key, title: c.title, quantity: 1 });
  }
  return [...out.values()];
}

function toApiReplay(origin: string, r: ReplayDTO): z.infer<typeof ReplaySchema> {
  const names = [0, 1].map((p) => r.players.find((x) => x.seat === p)?.name ?? `Player ${p + 1}`) as [string, string];
  return {
    object: "replay",
    id: r.code,
    pace: r.pace,
    columnRule: r.columnRule,
    winner: r.result,
    endReason: r.endReason,
    createdAt: r.createdAt,
    finishedAt: r.finishedAt,
    players: r.players.map((p) => ({ seat: p.seat, name: p.name, deck: { name: p.deckName, cards: deckCards(r.decks[p.seat]) } })),
    steps: r.replay.frames.map((f) => ({
      seq: f.seq,
      turn: f.view.turn,
      seat: f.act?.seat ?? null,
      action: f.act?.type ?? null,
      emeralds: [...f.view.emeralds],
      log: f.events.map((e) => nameSeats(e.message, names, null)),
    })),
    uri: `${origin}${API_BASE}/replays/${r.code}`,
    webUri: `${origin}/r/${r.code}`,
  };
}

/**
 * GET /api/v1/replays/<code>: a finished game's replay in the public view. The
 * API has no session, so only replays anyone may open are served (games that
 * were open in the lobby: docs/play.md "Replays"); any other code is not found.
 */
export async function apiReplay(origin: string, code: string) {
  return toApiReplay(origin, await getReplay(null, code, "public"));
}
