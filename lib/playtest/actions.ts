"use server";

import { z } from "zod";
import { getPlaytestCards, MAX_PLAYTEST_KEYS } from "@/lib/playtest/data";
import type { BoardCardDef } from "@/lib/playtest/cards";
import { fail, ok, type ActionResult } from "@/lib/server/action-result";

const keysSchema = z.array(z.string().max(40)).max(MAX_PLAYTEST_KEYS);

/**
 * The board definitions of the cards a replay names (public catalog data, no
 * sign-in needed). Replay links carry the game in the URL fragment, which never
 * reaches the server, so the replay page decodes it in the browser and asks
 * for its cards here (a POST body, no header size limit).
 */
export async function replayCardsAction(keys: unknown): Promise<ActionResult<[string, BoardCardDef][]>> {
  const parsed = keysSchema.safeParse(keys);
  if (!parsed.success) return fail(`A replay names at most ${MAX_PLAYTEST_KEYS} card keys.`);
  return ok([...(await getPlaytestCards(parsed.data))]);
}
