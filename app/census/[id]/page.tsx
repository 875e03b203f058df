import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { authenticate } from "@/lib/server/request-actor";
import { getSubmission } from "@/lib/census/data/submissions";
import { SubmissionView } from "@/components/census/submission-view";

export const metadata: Metadata = { title: "Census submission" };

export default async function SubmissionPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ sent?: string }> }) {
  const [{ id }, sp, actor] = await Promise.all([params, searchParams, authenticate("public")]);
  const s = id.length <= 64 ? await getSubmission(actor, id) : null;
  if (!s) notFound();
  return <SubmissionView s={s} signedIn={!!actor} isAdmin={actor?.role === "admin"} sent={!!sp.sent} />;
}
