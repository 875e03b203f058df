import { jsonError } from "@/lib/server/http-error";
import { exportCatalog } from "@/lib/catalog/data/catalog-import";
import { toCsv, toJson } from "@/lib/catalog/io";

/** Admin: the whole catalog as a download, `?format=csv` or JSON (default). */
export async function GET(request: Request) {
  const format = new URL(request.url).searchParams.get("format") === "csv" ? "csv" : "json";
  try {
    const cards = await exportCatalog();
    const date = new Date().toISOString().slice(0, 10);
    const body = format === "csv" ? toCsv(cards) : toJson(cards);
    return new Response(body, {
      headers: {
        "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="ringbinder-catalog-${date}.${format}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (e) {
    return jsonError(e);
  }
}
