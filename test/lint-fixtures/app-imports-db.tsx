// lint-as: app/cards/fixture/page.tsx
// A page querying the database directly instead of through lib/dal.
import { db } from "@/lib/server/db/db";

export default async function Page() {
  return <p>{await db.card.count()}</p>;
}
