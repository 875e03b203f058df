"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { saveLabRun } from "@/lib/lab/data";
import { requireUser } from "@/lib/server/session";
import { fail, failFrom } from "@/lib/server/action-result";
import { limit } from "@/lib/server/rate-limit";
import { LAB_AGENTS } from "@/lib/lab/matchup";
import { MAX_OPPONENTS, parseLabParams } from "@/lib/lab/params";

const count = z.number().int().min(0).max(50_000);
const saveSchema = z.object({
  deckId: z.string().min(1).max(64),
  deckVersion: z.number().int().min(1),
  query: z
    .string()
    .min(1)
    .max(40_000)
    .refine((q) => {
      const sp = new URLSearchParams(q);
      const p = parseLabParams(Object.fromEntries([...new Set(sp.keys())].map((k) => [k, sp.getAll(k)])));
      return p.errors.length === 0 && p.choice.you !== null && p.choice.vs.length > 0 && p.choice.seed !== null;
    }, "Not a lab run's link"),
  seed: z.number().int().min(0).max(0x7fffffff),
  agents: z.tuple([z.enum(LAB_AGENTS), z.enum(LAB_AGENTS)]),
  results: z
    .array(z.object({ name: z.string().min(1).max(120), games: count, wins: count, losses: count, draws: count }).refine((r) => r.wins + r.losses + r.draws === r.games, "Wins, losses and draws must add up to the games"))
    .min(1)
    .max(MAX_OPPONENTS),
});

export type SaveLabRunResult = { ok: true; message: string } | { ok: false; message: string; code?: string };

/** Saves a finished lab run to the history of the signed-in user's own deck. */
export async function saveLabRunAction(input: unknown): Promise<SaveLabRunResult> {
  const parsed = saveSchema.safeParse(input);
  if (!parsed.success) return fail(`The run could not be saved: ${parsed.error.issues[0].message}`);
  try {
    const user = await requireUser();
    await limit("deck-write", user.id);
  } catch (e) {
    return failFrom(e);
  }
  const { agents, ...rest } = parsed.data;
  const r = await saveLabRun({ ...rest, agents: agents.join(",") });
  if (!r.ok) return failFrom(r);
  revalidatePath(`/decks/${parsed.data.deckId}`);
  return { ok: true, message: "Saved to the deck's lab history." };
}
