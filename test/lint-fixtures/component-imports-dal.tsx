// lint-as: components/collection/fixture.tsx
// A component calling the data access layer instead of receiving DTOs from its page.
import { listCollection } from "@/lib/collection/data";

export const leak = listCollection;
