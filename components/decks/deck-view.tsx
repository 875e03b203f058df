import Link from "next/link";
import type { CardDTO } from "@/lib/catalog/card-types";
import { encodeDeckCode, formatDeckText, type DeckCheck } from "@/lib/decks";
import { ringsText } from "@/lib/catalog/rings";
import { DeckCardGrid } from "@/components/decks/deck-card-grid";
import { DeckStatsView } from "@/components/decks/deck-stats-view";
import { DeckExport } from "@/components/decks/deck-export";
import { PrintDeckList } from "@/components/decks/print-deck-list";
import { Markdown } from "@/components/decks/markdown";
import { CopyDeckButton } from "@/components/decks/copy-deck-button";
import { LegalityBadge } from "@/components/decks/legality-badge";
import { SignedInOnly, SignedInSwitch } from "@/components/accounts/current-user";
import { DeckWantsButton } from "@/components/trades/trade-actions";

export type DeckViewProps = {
  name: string;
  byline: string;
  /** the author's page, linked after the byline */
  author?: { name: string; href: string };
  description: string;
  entries: { card: CardDTO; quantity: number; owned: number | null }[];
  check: DeckCheck;
  /** what "copy to my decks" copies */
  copySource: { slug: string } | { code: string } | { starter: string };
  /** the playtest query for this deck (only offered when legal) */
  playtestQuery: string;
  returnTo: string;
  notice?: string;
  /** shown under the byline (a shared deck's likes, views and copies) */
  headerExtra?: React.ReactNode;
  /** shown after the deck (a public deck's comments) */
  footer?: React.ReactNode;
};

/** The lab's name for a deck this view shows (a share slug, a deck code or a starter). */
function labSource(src: DeckViewProps["copySource"]): string {
  return "slug" in src ? `slug:${src.slug}` : "code" in src ? `code:${src.code}` : `starter:${src.starter}`;
}

/**
 * The read-only view of a deck: cards, legality, stats, copy, playtest, lab,
 * sample hands and export. It reads no session (its pages are cached for
 * everyone): the copy button and the owned marks come from the visitor's browser.
 * Its links to the playtest, the lab, the author and sign-in are not prefetched:
 * each prefetch is a request and a payload decoded on the main thread while the
 * page is starting, for pages that render per visitor anyway.
 */
export function DeckView(props: DeckViewProps) {
  const { entries, check } = props;
  let code: string | null = null;
  try {
    code = entries.length ? encodeDeckCode(entries.map((e) => ({ set: e.card.set, number: e.card.number, quantity: e.quantity }))) : null;
  } catch {
    code = null;
  }
  // the export box shows the text; the JSON and .cod files are built in the browser on download (./deck-export)
  const exportCards = entries.map((e) => ({ title: e.card.title, key: e.card.key, set: e.card.set, number: e.card.number, quantity: e.quantity }));
  const text = formatDeckText(exportCards, props.name);
  const printRows = entries.map((e) => ({ quantity: e.quantity, title: e.card.title, key: e.card.key, colors: e.card.colors.join("/"), rings: ringsText(e.card.rings) }));
  const statsCards = entries.map((e) => ({ cardId: e.card.id, key: e.card.key, title: e.card.title, quantity: e.quantity, colors: e.card.colors, rings: e.card.rings, traits: e.card.traits }));
  return (
    <article className="space-y-5">
      <header className="flex flex-wrap items-start justify-between gap-4 print:hidden">
        <div>
          <h1 className="text-2xl font-bold" data-testid="deck-name">
            {props.name}
          </h1>
          <p className="text-sm text-slate-600">
            {props.byline}
            {props.author && (
              <>
                {" · "}
                <Link href={props.author.href} className="text-blue-700 underline" prefetch={false}>
                  More decks by {props.author.name}
                </Link>
              </>
            )}
          </p>
          {props.headerExtra}
          <div className="mt-2">
            <LegalityBadge check={check} />
          </div>
          {props.notice && <p className="mt-2 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900">{props.notice}</p>}
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <SignedInSwitch
            guest={
              <Link className="btn-primary" href={`/signin?callbackUrl=${encodeURIComponent(props.returnTo)}`} prefetch={false}>
                Sign in to copy this deck
              </Link>
            }
          >
            <CopyDeckButton source={props.copySource} />
          </SignedInSwitch>
          {check.legal ? (
            <Link className="btn-secondary" href={`/playtest?${props.playtestQuery}`} prefetch={false}>
              Playtest this deck
            </Link>
          ) : (
            <span className="btn-secondary cursor-not-allowed opacity-60" aria-disabled="true" title="Only legal decks can be playtested">
              Playtest this deck
            </span>
          )}
          <Link className="btn-secondary" href={`/lab?you=${encodeURIComponent(labSource(props.copySource))}`} data-testid="test-deck-link" prefetch={false}>
            Test this deck
          </Link>
          <Link className="btn-secondary" href={`/lab/complete?deck=${encodeURIComponent(labSource(props.copySource))}`} prefetch={false}>
            Complete from my collection
          </Link>
          <SignedInOnly>
            <DeckWantsButton source={labSource(props.copySource)} />
          </SignedInOnly>
        </div>
      </header>
      {props.description && (
        <section className="panel print:hidden" aria-label="Description">
          <Markdown text={props.description} />
        </section>
      )}
      <DeckCardGrid entries={entries} ownedFromBrowser />
      <PrintDeckList name={props.name} summary={check.summary} rows={printRows} />
      <div className="below-fold grid gap-5 lg:grid-cols-[2fr_1fr] print:hidden">
        <DeckStatsView cards={statsCards} />
        <DeckExport name={props.name} description={props.description} text={text} cards={exportCards} codeUrl={code ? `/d/code/${code}` : null} />
      </div>
      {props.footer}
    </article>
  );
}
