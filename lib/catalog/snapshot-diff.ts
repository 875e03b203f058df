/** The fields of a card snapshot in display order. */
export const SNAPSHOT_FIELDS = ["set", "number", "title", "traits", "colors", "rings", "rarity", "text", "effect", "imageUrl"] as const;

export type FieldChange = { field: string; before: string; after: string };

function show(v: unknown): string {
  if (v === null || v === undefined || v === "") return "—";
  if (Array.isArray(v) && v.every((x) => typeof x === "string")) return v.join(", ");
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

/** A readable field-by-field diff of two card snapshots (either may be null for create/delete). */
export function diffSnapshots(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of SNAPSHOT_FIELDS) {
    const b = before ? show(before[field]) : "—";
    const a = after ? show(after[field]) : "—";
    if (b !== a) changes.push({ field, before: b, after: a });
  }
  return changes;
}
