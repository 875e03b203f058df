import { redirect } from "next/navigation";

/** The old suggestion review: proposals of new cards and corrections are census submissions now, verified in the census. */
export default function AdminSuggestionsPage() {
  redirect("/census");
}
