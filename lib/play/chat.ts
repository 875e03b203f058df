/**
 * The chat of a game (docs/play.md "Chat"), as Lichess has it: the players'
 * room, read and written by the two seated players only, and the spectators'
 * room, read by anyone with the game link and written by signed-in
 * spectators (players may show it beside their own). Plain rules and shapes,
 * safe on both sides.
 */

export const CHAT_ROOMS = ["players", "spectators"] as const;
export type ChatRoom = (typeof CHAT_ROOMS)[number];

/** Most characters (code points) a message may have, after trimming. */
export const CHAT_MAX = 300;
/** Most characters of a report's reason. */
export const CHAT_REPORT_MAX = 500;
/** How many of a room's latest messages a recipient gets. */
export const CHAT_TAIL = 50;

/** One-tap messages for phones. */
export const CHAT_PRESETS = ["Good luck", "Your move", "Thanks", "Good game"] as const;

/** The spectator delays a game may be created with, in moves (logged actions); 0 is none. */
export const SPECTATOR_DELAYS = [0, 1, 2, 5, 10] as const;

/** A chat message as a recipient gets it: plain text, never HTML. */
export interface ChatMessageDTO {
  id: number;
  room: ChatRoom;
  /** The author's account id (null once deleted): what a mute refers to. */
  authorId: string | null;
  authorName: string;
  body: string;
  at: string;
  mine: boolean;
}

/** The viewer's chat settings: whether a player shows the spectators' room, and whom they muted. */
export interface ChatSettingsDTO {
  showSpectators: boolean;
  muted: { id: string; name: string }[];
}

// C0 and C1 controls, DEL, and the bidirectional overrides and isolates (which could make text read backwards)
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A message as it is stored: control characters removed (a line break or a
 * tab becomes a space), runs of spaces collapsed, trimmed. Empty or longer than
 * CHAT_MAX code points is refused by the caller.
 */
export function cleanChat(raw: string): string {
  return raw
    .replace(/[\t\n\r\v\f]/g, " ")
    .replace(CONTROL, "")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** The length of a text in code points (what a person counts as characters, near enough). */
export function chatLength(text: string): number {
  return [...text].length;
}
