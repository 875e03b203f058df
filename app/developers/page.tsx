import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { appUrl } from "@/lib/accounts/app-url";
import { encodeDeckCode } from "@/lib/decks";
import { API_BASE } from "@/lib/api/present";
import { limitsInWords, openApiDocument, publishedLimits } from "@/lib/api/openapi";
import { DeveloperDocs, type ApiReference } from "@/components/api/developer-docs";
import { CockatriceDocs } from "@/components/api/cockatrice-docs";
import { EmbedDocs } from "@/components/api/embed-docs";

export const metadata: Metadata = {
  title: "Developers: the public API",
  description: "Ringbinder's read-only JSON API for the Sonic X TCG catalog and shared decks: endpoints, query language, rate limits, bulk data and the OpenAPI document.",
};

/** A live example for the operations whose bare path shows little (or needs a value). */
const EXAMPLES = {
  searchCards: `/cards?q=${encodeURIComponent("c:blue r>=3")}&fields=title,rings,colors`,
  getCard: "/cards/DEMO/1",
  listPublicDecks: "/decks?sort=popular",
  getDeckCode: `/decks/code/${encodeDeckCode([{ set: "DEMO", number: 1, quantity: 3 }, { set: "DEMO", number: 2, quantity: 2 }])}`,
};

/** /developers: the API reference, rendered from the very OpenAPI document the API serves (per request: the limits follow the environment). */
export default async function DevelopersPage() {
  await connection();
  const origin = appUrl().base;
  const base = `${origin}${API_BASE}`;
  const doc = openApiDocument(origin) as unknown as ApiReference;
  const limits = publishedLimits();
  const words = limitsInWords();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Developers</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-200">
          Ringbinder&apos;s catalog and shared decks are open: a read-only JSON API at <code className="font-mono">{base}</code>, for fan sites, bots and spreadsheets. No key is needed. The cards are an{" "}
          <span className="badge-unofficial">unofficial demo set</span> unless a set says otherwise.
        </p>
      </div>
      <section className="panel space-y-2 text-sm" aria-labelledby="basics-h">
        <h2 id="basics-h" className="text-lg font-semibold">The basics</h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Everything is JSON over GET, with a stable <code>id</code> on every object and an <code>object</code> naming its kind. The full contract is the OpenAPI 3.1 document at{" "}
            <a href={`${API_BASE}/openapi.json`} className="text-blue-700 underline dark:text-blue-300">{API_BASE}/openapi.json</a>.
          </li>
          <li>
            Card search takes <code>q</code> in the same query language as the <Link href="/cards" className="text-blue-700 underline dark:text-blue-300">card search</Link> (
            <Link href="/cards/syntax" className="text-blue-700 underline dark:text-blue-300">syntax</Link>). Terms that match nothing known come back in <code>warnings</code>; a query that cannot be read is a 400 saying where.
          </li>
          <li>Lists page with <code>nextCursor</code>: pass it as <code>cursor</code> with the same query. <code>fields</code> picks card fields.</li>
          <li>
            Answers carry an <code>ETag</code>: send it back as <code>If-None-Match</code> and an unchanged answer is a 304 with no body. CORS is open for GET, so a browser page on any site may call the API.
          </li>
          <li>
            Errors have one shape: <code>{`{"error":{"code":"…","message":"…"}}`}</code>.
          </li>
        </ul>
      </section>
      <section className="panel space-y-2 text-sm" aria-labelledby="limits-h">
        <h2 id="limits-h" className="text-lg font-semibold">Rate limits and keys</h2>
        <table className="w-full max-w-lg text-left">
          <caption className="sr-only">Published rate limits</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-2">Calls</th>
              <th scope="col" className="py-1 pr-2">Requests</th>
              <th scope="col" className="py-1">Window</th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-slate-100 dark:border-slate-800">
              <td className="py-1 pr-2">Without a key (per address)</td>
              <td className="py-1 pr-2" data-testid="limit-address">{limits.address.requests}</td>
              <td className="py-1">{limits.address.seconds} s</td>
            </tr>
            <tr>
              <td className="py-1 pr-2">With an API key (per key)</td>
              <td className="py-1 pr-2" data-testid="limit-key">{limits.key.requests}</td>
              <td className="py-1">{limits.key.seconds} s</td>
            </tr>
          </tbody>
        </table>
        <p>
          Every answer says where you stand in <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code> (seconds). Over the limit the answer is 429 with{" "}
          <code>Retry-After</code>. Make a key on <Link href="/account#api-keys-h" className="text-blue-700 underline dark:text-blue-300">your account page</Link> ({words.withKey}, against {words.without} without one) and send it as{" "}
          <code>Authorization: Bearer rbk_…</code> or <code>X-Api-Key</code>. A key only raises the limit: the API reads public data, for everyone alike.
        </p>
      </section>
      <section className="panel space-y-2 text-sm" aria-labelledby="bulk-h">
        <h2 id="bulk-h" className="text-lg font-semibold">Bulk data</h2>
        <p>
          Rather than paging through every card, download the whole catalog as one gzip-compressed JSON file: <code>GET {API_BASE}/bulk</code> says when the catalog last changed, the file&apos;s size and its SHA-256;{" "}
          <a href={`${API_BASE}/bulk/cards.json.gz`} className="text-blue-700 underline dark:text-blue-300" download>
            {API_BASE}/bulk/cards.json.gz
          </a>{" "}
          is the file, rebuilt whenever the catalog changes. Each card in it has the shape of <code>GET /cards/{"{set}"}/{"{number}"}</code>.
        </p>
      </section>
      <CockatriceDocs apiBase={API_BASE} />
      <EmbedDocs origin={origin} />
      <DeveloperDocs doc={doc} base={base} examples={EXAMPLES} />
    </div>
  );
}
