import { NextResponse } from "next/server";
import { defineRoute, noInput } from "@/lib/server/route";
import { exportMyData } from "@/lib/accounts/data/account";

/** GET /api/account/export — everything stored for the signed-in user, as one JSON download. */
export const GET = defineRoute({
  input: noInput,
  auth: "user",
  run: async (_input, actor) => {
    const data = await exportMyData(actor);
    return new NextResponse(JSON.stringify(data, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="ringbinder-account-${data.exportedAt.slice(0, 10)}.json"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
});
