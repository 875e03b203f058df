"use server";

import { z } from "zod";
import { defineFormAction } from "@/lib/server/action";
import { createApiKey, revokeApiKey } from "@/lib/api/data/keys";

/** The account page's "Make a key": the secret is in this answer once, and only its hash is kept (docs/api.md). */
export const createApiKeyAction = defineFormAction({
  input: z.object({
    name: z
      .string()
      .trim()
      .min(1, { error: "Name the key, e.g. the bot or site that will use it" })
      .max(60, { error: "At most 60 characters" }),
  }),
  auth: "user",
  limit: "account",
  run: async ({ name }, actor) => {
    const made = await createApiKey(actor, name);
    if ("ok" in made) return made;
    return { ok: true, data: { secret: made.secret, name: made.key.name }, message: `Key “${made.key.name}” made. Copy it now: it will not be shown again.` };
  },
  refresh: true,
});

/** Revokes one of the signed-in user's keys: requests that send it are refused from then on. */
export const revokeApiKeyAction = defineFormAction({
  input: z.object({ id: z.string().min(1).max(64) }),
  auth: "user",
  limit: "account",
  run: async ({ id }, actor) => {
    const done = await revokeApiKey(actor, id);
    if ("ok" in done) return done;
    return { ok: true, data: undefined, message: "Key revoked. Requests that send it are refused from now on." };
  },
  refresh: true,
});
