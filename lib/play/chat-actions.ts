"use server";

import { z } from "zod";
import { defineAction, defineFormAction } from "@/lib/server/action";
import { moderateChatMessage, postChatMessage, reportChatMessage, setChatMute, setShowSpectatorChat, unmuteChatUser } from "@/lib/play/data/chat";
import { CHAT_REPORT_MAX, CHAT_ROOMS } from "./chat";
import { publishChat } from "./hub";

/**
 * The chat of a game (docs/play.md "Chat"), through the action pipeline
 * (validate, authenticate, rate-limit, run). The data layer checks who may
 * write or read which room; a new message reaches the streams of its room
 * through the hub. `play-chat`: 8 messages per 20 seconds per account.
 */

const gameCode = z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, "Which game?");
const messageId = z.number().int().positive();

/** Sends a message (typed or a preset); the message itself is checked by the data layer (cleaned, 1–300 characters). */
export const sendChatAction = defineAction({
  // the body's own limit is the data layer's (a typed code); this bounds what is parsed at all
  input: z.object({ code: gameCode, room: z.enum(CHAT_ROOMS), body: z.string().max(4000, "A chat message has at most 300 characters.") }),
  auth: "user",
  limit: "play-chat",
  run: async ({ code, room, body }, actor) => {
    const { gameId, message } = await postChatMessage(actor, code, room, body);
    publishChat(gameId, room);
    return { ok: true, data: message };
  },
});

/** Mutes or unmutes the author of a message: their messages stop reaching the user. */
export const muteChatAction = defineAction({
  input: z.object({ messageId, mute: z.boolean() }),
  auth: "user",
  limit: "account",
  run: async ({ messageId: id, mute }, actor) => ({ ok: true, data: await setChatMute(actor, id, mute) }),
});

/** Unmutes a user from the list of muted users. */
export const unmuteChatUserAction = defineAction({
  input: z.object({ userId: z.string().min(1).max(64) }),
  auth: "user",
  limit: "account",
  run: async ({ userId }, actor) => {
    await unmuteChatUser(actor, userId);
    return { ok: true, data: undefined };
  },
});

/** Reports a message to the admins' moderation queue. */
export const reportChatAction = defineAction({
  input: z.object({ messageId, reason: z.string().trim().min(1, "Say what is wrong with it.").max(CHAT_REPORT_MAX, `At most ${CHAT_REPORT_MAX} characters.`) }),
  auth: "user",
  limit: "report",
  run: async ({ messageId: id, reason }, actor) => {
    await reportChatMessage(actor, id, reason);
    return { ok: true, data: undefined, message: "Reported: an admin will review it." };
  },
});

/** Whether a player shows the spectators' chat of their games. */
export const showSpectatorChatAction = defineAction({
  input: z.object({ show: z.boolean() }),
  auth: "user",
  limit: "account",
  run: async ({ show }, actor) => {
    await setShowSpectatorChat(actor, show);
    return { ok: true, data: undefined };
  },
});

/** An admin hides a reported message or keeps it (the moderation queue). */
export const moderateChatAction = defineFormAction({
  input: z.object({ messageId: z.coerce.number().int().positive(), action: z.enum(["hide", "keep"], { error: "Choose hide or keep." }) }),
  auth: "admin",
  limit: "moderation",
  run: async ({ messageId: id, action }, actor) => {
    const m = await moderateChatMessage(actor, id, action);
    if (action === "hide") publishChat(m.gameId, m.room);
    return { ok: true, data: undefined };
  },
  redirect: (_d, input) => `/admin/comments?done=chat-${input.action}`,
});
