import { CollectionTabs } from "@/components/collection/collection-tabs";

/** The collection section's tabs, as app/collection/layout.tsx (this route serves /collection from the private page cache). */
export default function PrivateCollectionLayout({ children }: { children: React.ReactNode }) {
  return (
    <div>
      <CollectionTabs />
      {children}
    </div>
  );
}
