import { redirect } from "next/navigation";

/** The old "my suggestions" page: suggestions are census submissions now. */
export default function MySuggestionsPage() {
  redirect("/census?filter=mine");
}
