import { apiGet, apiPreflight } from "@/lib/api/route";
import { replayCodeInput } from "@/lib/api/schemas";
import { apiReplay } from "@/lib/api/replays";

/** GET /api/v1/replays/<code>: a finished game's replay, step by step in the public view. */
export const GET = apiGet({
  input: replayCodeInput,
  run: async ({ code }, request) => ({ json: await apiReplay(new URL(request.url).origin, code) }),
});
export const OPTIONS = apiPreflight();
