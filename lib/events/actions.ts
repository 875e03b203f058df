"use server";

import { z } from "zod";
import { defineFormAction } from "@/lib/server/action";
import { resolveSeatDeck } from "@/lib/play/decks";
import { advanceEvent, createEvent, dropFromEvent, finishEvent, registerForEvent, startEvent } from "@/lib/events/data/manage";
import { enterResult, reportResult } from "@/lib/events/data/results";
import { createEventSchema, eventId, eventIdSchema, registerSchema, reportSchema } from "./schemas";

/**
 * The forms of /events, each through the action pipeline (validate,
 * authenticate, rate-limit, run); the data layer checks who may do what to
 * which event. After a change the event page renders again.
 */

export const createEventAction = defineFormAction({
  input: createEventSchema,
  auth: "user",
  limit: "event-write",
  run: async (input, actor) => ({ ok: true, data: await createEvent(actor, input) }),
  redirect: ({ id }) => `/events/${id}`,
});

/** Enters (or, before the start, re-enters with another deck): the deck is checked by the one deck-rules module and snapshotted. */
export const registerAction = defineFormAction({
  input: registerSchema,
  auth: "user",
  limit: "event-write",
  run: async ({ eventId, deck }, actor) => {
    const r = await registerForEvent(actor, eventId, await resolveSeatDeck(actor, deck));
    return { ok: true, data: r, message: r.late ? "You are in, from the next round (the rounds you missed count as losses)." : "You are in: your decklist is saved." };
  },
  refresh: true,
});

export const dropAction = defineFormAction({
  input: z.object({ eventId, entryId: z.string().regex(/^[a-z0-9]{10,40}$/).optional() }),
  auth: "user",
  limit: "event-write",
  run: async (input, actor) => {
    await dropFromEvent(actor, input.eventId, input.entryId);
    return { ok: true, data: null, message: "Dropped." };
  },
  refresh: true,
});

export const startEventAction = defineFormAction({
  input: eventIdSchema,
  auth: "user",
  limit: "event-write",
  run: async ({ eventId }, actor) => {
    await startEvent(actor, eventId);
    return { ok: true, data: null, message: "Round 1 is paired." };
  },
  refresh: true,
});

export const advanceEventAction = defineFormAction({
  input: eventIdSchema,
  auth: "user",
  limit: "event-write",
  run: async ({ eventId }, actor) => {
    await advanceEvent(actor, eventId);
    return { ok: true, data: null, message: "The next round is paired." };
  },
  refresh: true,
});

export const finishEventAction = defineFormAction({
  input: eventIdSchema,
  auth: "user",
  limit: "event-write",
  run: async ({ eventId }, actor) => {
    await finishEvent(actor, eventId);
    return { ok: true, data: null, message: "The event is over: standings are final and the decklists are published." };
  },
  refresh: true,
});

/** A player's report of their match (at the table). */
export const reportResultAction = defineFormAction({
  input: reportSchema,
  auth: "user",
  limit: "event-write",
  run: async ({ matchId, ...score }, actor) => {
    const r = await reportResult(actor, matchId, score);
    const message = { pending: "Reported: waiting for your opponent's report.", done: "Both reports agree: the result is in.", disputed: "Your reports disagree: the organiser will settle it." }[r.status];
    return { ok: true, data: r, message };
  },
  refresh: true,
});

/** The organiser's entry of a result (also settles a dispute; audited). */
export const enterResultAction = defineFormAction({
  input: reportSchema,
  auth: "user",
  limit: "event-write",
  run: async ({ matchId, ...score }, actor) => {
    await enterResult(actor, matchId, score);
    return { ok: true, data: null, message: "Result entered." };
  },
  refresh: true,
});
