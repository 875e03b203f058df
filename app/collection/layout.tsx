import { CollectionTabs } from "@/components/collection/collection-tabs";

export default function CollectionLayout({ children }: { children: React.ReactNode }) {
  return (
    <div>
      <CollectionTabs />
      {children}
    </div>
  );
}
