import { z } from "zod";
import { deckChoiceSchema } from "@/lib/play/decks";
import { EVENT_MODES } from "./types";

/** The inputs of events (docs/events.md). */

export const eventId = z.string().regex(/^[a-z0-9]{10,40}$/, "Which event?");
const matchId = z.string().regex(/^[a-z0-9]{10,40}$/, "Which match?");

export const createEventSchema = z.object({
  name: z.string().trim().min(1, "Give the event a name.").max(80, "At most 80 characters."),
  notes: z.string().trim().max(2000, "At most 2,000 characters.").default(""),
  mode: z.enum(EVENT_MODES, "Online or at the table?"),
  // 0: derived from the entrants when the event starts
  rounds: z.coerce.number().int("Whole rounds.").min(0).max(15, "At most 15 Swiss rounds."),
  topCut: z.coerce.number().refine((n) => n === 0 || n === 4 || n === 8, "No cut, top 4 or top 8."),
  // a datetime-local value (the organiser's local time is sent as UTC by the form's hidden field)
  registrationClosesAt: z.coerce.date("Give a registration deadline.").refine((d) => !Number.isNaN(d.getTime()), "Give a registration deadline."),
});
export type CreateEventInput = z.output<typeof createEventSchema>;

export const registerSchema = z.object({ eventId, deck: deckChoiceSchema });
export const eventIdSchema = z.object({ eventId });

const games = z.coerce.number().int().min(0).max(3);
export const reportSchema = z
  .object({ matchId, winsA: games, winsB: games, draws: games })
  .refine((s) => s.winsA + s.winsB + s.draws >= 1 && s.winsA + s.winsB + s.draws <= 5, { message: "A match has 1 to 5 games.", path: ["winsA"] });
