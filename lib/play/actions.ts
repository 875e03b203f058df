"use server";

import { z } from "zod";
import { redirect } from "next/navigation";
import { failFrom, zodFail, type ActionResult } from "@/lib/server/action-result";
import { cancelGame, createGame, joinGame, rematchGame } from "@/lib/play/data/games";
import { requireUser } from "@/lib/server/session";
import { limit } from "@/lib/server/rate-limit";
import { deckChoiceSchema, resolveSeatDeck } from "./decks";
import { publish } from "./hub";
import { loadGame } from "./referee";
import { COLUMN_RULES, LISTINGS, PACES } from "./types";

/**
 * The forms of /play: create, join, rematch and withdraw a game. Each
 * validates, authenticates, rate-limits and acts through lib/play/data; the
 * referee takes over once both seats are taken. Success goes to the game page.
 */

const createSchema = z.object({
  deck: deckChoiceSchema,
  columnRule: z.enum(COLUMN_RULES),
  pace: z.enum(PACES),
  listing: z.enum(LISTINGS),
});

const joinSchema = z.object({
  deck: deckChoiceSchema,
  token: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/).optional(),
  code: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/).optional(),
});

const codeSchema = z.string().regex(/^[A-Za-z0-9_-]{10,64}$/);

/** Tells the game's open streams (here and on other instances) that it changed. */
async function announce(code: string): Promise<void> {
  const g = await loadGame(code);
  if (g) publish(g.record.id, g.record.seq);
}

export async function createGameAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = createSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return zodFail(parsed.error);
  let code: string;
  try {
    const user = await requireUser();
    await limit("play-game", user.id);
    const deck = await resolveSeatDeck(parsed.data.deck);
    ({ code } = await createGame({ listing: parsed.data.listing, pace: parsed.data.pace, columnRule: parsed.data.columnRule }, deck));
  } catch (e) {
    return failFrom(e);
  }
  redirect(`/play/g/${code}`);
}

export async function joinGameAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = joinSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success || (!parsed.data.token && !parsed.data.code)) return parsed.success ? { ok: false, message: "Which game?" } : zodFail(parsed.error);
  let code: string;
  try {
    const user = await requireUser();
    await limit("play-game", user.id);
    const deck = await resolveSeatDeck(parsed.data.deck);
    ({ code } = await joinGame(parsed.data.token ? { token: parsed.data.token } : { code: parsed.data.code! }, deck));
    await announce(code);
  } catch (e) {
    return failFrom(e);
  }
  redirect(`/play/g/${code}`);
}

export async function rematchAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = codeSchema.safeParse(form.get("code"));
  if (!parsed.success) return { ok: false, message: "Which game?" };
  let code: string;
  try {
    const user = await requireUser();
    await limit("play-game", user.id);
    ({ code } = await rematchGame(parsed.data));
  } catch (e) {
    return failFrom(e);
  }
  redirect(`/play/g/${code}`);
}

export async function cancelGameAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = codeSchema.safeParse(form.get("code"));
  if (!parsed.success) return { ok: false, message: "Which game?" };
  try {
    await cancelGame(parsed.data);
    await announce(parsed.data);
  } catch (e) {
    return failFrom(e);
  }
  redirect("/play");
}
