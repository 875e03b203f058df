"use server";

import { z } from "zod";
import { saveLabRun } from "@/lib/lab/data";
import { fail } from "@/lib/server/action-result";
import { defineAction } from "@/lib/server/action";
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

/** Saves a finished lab run to the history of the signed-in user's own deck. */
export const saveLabRunAction = defineAction({
  input: saveSchema,
  invalid: (e) => fail(`The run could not be saved: ${e.issues[0].message}`),
  auth: "user",
  limit: "deck-write",
  run: async ({ agents, ...rest }, actor) => {
    const r = await saveLabRun(actor, { ...rest, agents: agents.join(",") });
    return r.ok ? { ok: true, data: undefined, message: "Saved to the deck's lab history." } : r;
  },
  refresh: true,
});
