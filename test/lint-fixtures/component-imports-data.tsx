// lint-as: components/collection/fixture.tsx
// A component calling data access instead of receiving DTOs from its page.
import { listCollection } from "@/lib/collection/data";

export const leak = listCollection;
