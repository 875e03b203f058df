import { NextResponse } from "next/server";
import { jsonError } from "@/lib/server/http-error";
import { exportMyData } from "@/lib/accounts/data/account";

/** GET /api/account/export — everything stored for the signed-in user, as one JSON download. */
export async function GET() {
  try {
    const data = await exportMyData();
    return new NextResponse(JSON.stringify(data, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="ringbinder-account-${data.exportedAt.slice(0, 10)}.json"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (err) {
    return jsonError(err);
  }
}
