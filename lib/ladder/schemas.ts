import { z } from "zod";
import { deckChoiceSchema } from "@/lib/play/decks";
import { MAX_REPLAY_CHARS } from "@/lib/playtest/replay-link";

/** The ladder's inputs: joining the queue with a deck, and a practice game's replay. */
export const joinQueueSchema = z.object({ deck: deckChoiceSchema });

export const practiceSchema = z.object({ replay: z.string().min(1).max(MAX_REPLAY_CHARS, "This game is too long to rate.") });

/** A season number in a URL: 1 to 10,000 (anything else shows the current season). */
export const seasonParam = z.coerce.number().int().min(1).max(10_000);
