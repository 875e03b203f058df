"use server";

import { z } from "zod";
import { defineFormAction } from "@/lib/server/action";
import { cancelGame, createGame, joinGame, rematchGame } from "@/lib/play/data/games";
import { createRankedGame } from "@/lib/ladder/data";
import { deckChoiceSchema, resolveSeatDeck } from "./decks";
import { publish } from "./hub";
import { loadGame } from "./referee";
import { notifyTurn } from "./correspondence";
import { COLUMN_RULES, LISTINGS, PACES } from "./types";
import { SPECTATOR_DELAYS } from "./chat";

/**
 * The forms of /play: create, join, rematch and withdraw a game, each through
 * the action pipeline (validate, authenticate, rate-limit, run); the data
 * layer checks what the actor may do with which game, and the referee takes
 * over once both seats are taken. Success goes to the game page.
 */

const gameCode = z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, "Which game?");

const createSchema = z.object({
  deck: deckChoiceSchema,
  columnRule: z.enum(COLUMN_RULES),
  pace: z.enum(PACES),
  listing: z.enum(LISTINGS),
  // moves (logged actions) the spectators see the game behind; absent: none
  spectatorDelay: z.coerce
    .number()
    .refine((n) => (SPECTATOR_DELAYS as readonly number[]).includes(n), "Choose one of the listed delays.")
    .optional(),
  // a ranked live game counts on the ladder (lib/ladder)
  ranked: z.literal("on").optional(),
});

const joinSchema = z
  .object({ deck: deckChoiceSchema, token: gameCode.optional(), code: gameCode.optional() })
  .refine((v) => v.token !== undefined || v.code !== undefined, { message: "Which game?", path: ["code"] });

const codeSchema = z.object({ code: gameCode });

/** Tells the game's open streams (here and on other instances) that it changed. */
async function announce(code: string): Promise<void> {
  const g = await loadGame(code);
  if (g) publish(g.record.id, g.record.seq);
}

export const createGameAction = defineFormAction({
  input: createSchema,
  auth: "user",
  limit: "play-game",
  run: async (input, actor) => {
    const settings = { listing: input.listing, pace: input.pace, columnRule: input.columnRule, spectatorDelay: input.spectatorDelay ?? 0 };
    // a ranked game must be live: createRankedGame refuses any other before writing anything
    const deck = await resolveSeatDeck(actor, input.deck);
    return { ok: true, data: await (input.ranked ? createRankedGame : createGame)(actor, settings, deck) };
  },
  redirect: ({ code }) => `/play/g/${code}`,
});

export const joinGameAction = defineFormAction({
  input: joinSchema,
  auth: "user",
  limit: "play-game",
  run: async (input, actor) => {
    const deck = await resolveSeatDeck(actor, input.deck);
    const joined = await joinGame(actor, input.token ? { token: input.token } : { code: input.code! }, deck);
    await announce(joined.code);
    // a correspondence game starts with the host's move too: a mail unless they are watching it
    await notifyTurn(joined.code, 1);
    return { ok: true, data: joined };
  },
  redirect: ({ code }) => `/play/g/${code}`,
});

export const rematchAction = defineFormAction({
  input: codeSchema,
  auth: "user",
  limit: "play-game",
  run: async ({ code }, actor) => ({ ok: true, data: await rematchGame(actor, code) }),
  redirect: ({ code }) => `/play/g/${code}`,
});

export const cancelGameAction = defineFormAction({
  input: codeSchema,
  auth: "user",
  run: async ({ code }, actor) => {
    await cancelGame(actor, code);
    await announce(code);
    return { ok: true, data: undefined };
  },
  redirect: () => "/play",
});
