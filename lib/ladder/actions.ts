"use server";

import { z } from "zod";
import { defineAction } from "@/lib/server/action";
import { resolveSeatDeck } from "@/lib/play/decks";
import { joinQueue, leaveQueue, pollQueue } from "@/lib/ladder/data/queue";
import { recordPracticeGame } from "@/lib/ladder/data/practice";
import { joinQueueSchema, practiceSchema } from "./schemas";

/**
 * The ladder's actions, each through the pipeline (validate, authenticate,
 * rate-limit, run): join, ask and leave the matchmaking queue, and report a
 * finished game against the AI for the practice rating.
 */

const nothing = z.object({}).strict();

/** Joins the queue with a deck (a starter, or one of the player's legal decks). */
export const joinQueueAction = defineAction({
  input: joinQueueSchema,
  auth: "user",
  limit: "ladder-queue",
  run: async ({ deck }, actor) => ({ ok: true, data: await joinQueue(actor, await resolveSeatDeck(actor, deck)) }),
});

/** Where the player stands in the queue, after trying to pair them (the page asks every few seconds). */
export const pollQueueAction = defineAction({
  input: nothing,
  auth: "user",
  limit: "ladder-queue",
  run: async (_input, actor) => ({ ok: true, data: await pollQueue(actor) }),
});

/** Leaves the queue (once paired: the game's code instead). */
export const leaveQueueAction = defineAction({
  input: nothing,
  auth: "user",
  limit: "ladder-queue",
  run: async (_input, actor) => ({ ok: true, data: await leaveQueue(actor) }),
});

/** Rates a finished game against the AI (its replay link's `r`) in the player's practice rating. */
export const recordPracticeAction = defineAction({
  input: practiceSchema,
  auth: "user",
  limit: "practice-report",
  run: async ({ replay }, actor) => ({ ok: true, data: await recordPracticeGame(actor, replay) }),
});
