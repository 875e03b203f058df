"use server";

import { z } from "zod";
import { defineFormAction } from "@/lib/server/action";
import { setTurnMailPreference } from "@/lib/play/data/notifications";

/** The account page's switch for the "your move" mail of correspondence games (docs/play.md). */
export const setTurnMailAction = defineFormAction({
  input: z.object({ turnMail: z.enum(["on", "off"], { error: "Choose whether to get the mail" }) }),
  auth: "user",
  limit: "account",
  run: async ({ turnMail }, actor) => {
    await setTurnMailPreference(actor, turnMail === "on");
    return { ok: true, data: undefined, message: turnMail === "on" ? "You will get a mail when a correspondence game waits for your move." : "You will get no more “your move” mails." };
  },
  refresh: true,
});
