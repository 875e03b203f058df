import { ResultsSkeleton } from "@/components/ui/skeleton";

/** A query's results loading: the title and search box above them stay (layout.tsx). */
export default function Loading() {
  return <ResultsSkeleton label="cards" />;
}
