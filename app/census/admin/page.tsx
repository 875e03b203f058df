import type { Metadata } from "next";
import { requireAdminPage } from "@/lib/server/request-actor";
import { listCensusAudit, listPhotoReports } from "@/lib/census/data/photos";
import { CensusAdmin } from "@/components/census/census-admin";

export const metadata: Metadata = { title: "Census moderation", robots: { index: false } };

export default async function CensusAdminPage() {
  const admin = await requireAdminPage("/census/admin");
  const [reports, audit] = await Promise.all([listPhotoReports(admin), listCensusAudit(admin)]);
  return <CensusAdmin reports={reports} audit={audit} />;
}
