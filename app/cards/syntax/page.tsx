import type { Metadata } from "next";
import Link from "next/link";
import { MAX_QUERY_DEPTH, MAX_QUERY_LENGTH, MAX_QUERY_NUMBER, MAX_QUERY_TERMS } from "@/lib/catalog/search/limits";

export const metadata: Metadata = { title: "Card search syntax" };

type Example = { q: string; means: string };
type Section = { title: string; intro: string; examples: Example[] };

const SECTIONS: Section[] = [
  {
    title: "Titles",
    intro: "Bare words search card titles (every word must appear). Quotes keep words together; ! asks for the exact title.",
    examples: [
      { q: "sonic", means: "titles containing “sonic”" },
      { q: '"chaos emerald"', means: "titles containing the phrase “chaos emerald”" },
      { q: '!"Dr. Eggman"', means: "exactly the title “Dr. Eggman”" },
      { q: "egg robot", means: "titles containing both “egg” and “robot”" },
    ],
  },
  {
    title: "Colors: c:",
    intro:
      "Colors are blue, red, yellow and gray, or the letters b r y g combined. c: (same as c>=) means “has at least these colors”; c= means exactly; c<= means only from these; - excludes.",
    examples: [
      { q: "c:blue", means: "blue cards, including multi-color cards with blue" },
      { q: "c:br", means: "cards that are both blue and red (at least)" },
      { q: "c>=rb", means: "the same as c:br" },
      { q: "c=br", means: "exactly blue and red, nothing else" },
      { q: "c<=yg", means: "only yellow and/or gray" },
      { q: "-c:gray", means: "no gray in the card" },
      { q: "c:m", means: "multi-color cards (also is:multicolor)" },
    ],
  },
  {
    title: "Traits: t:",
    intro: "A trait printed on the card (Animal, Human, Place, Robot, Thing, …).",
    examples: [
      { q: "t:robot", means: "Robot cards" },
      { q: "t:animal -c:blue", means: "Animals that are not blue" },
    ],
  },
  {
    title: "Rings: r: / rings:",
    intro: "The big ring number. Use = : != < <= > >=, or a range a..b.",
    examples: [
      { q: "r>=5", means: "5 rings or more" },
      { q: "r=0", means: "no rings" },
      { q: "rings:3..6", means: "3 to 6 rings" },
    ],
  },
  {
    title: "Rarity, set, number",
    intro: "rar: takes common, uncommon, rare, \"super rare\" (or sr), promo, and compares in that order. set: is a set code. n: is the card number.",
    examples: [
      { q: "rar:rare", means: "rare cards" },
      { q: "rar>=rare", means: "rare, super rare or promo" },
      { q: "set:DEMO", means: "cards of the demo set" },
      { q: "n:12", means: "card number 12" },
      { q: "n:60..66", means: "numbers 60 to 66" },
    ],
  },
  {
    title: "Card text: o:",
    intro: "Words in the card's rules text. Quote a phrase.",
    examples: [
      { q: "o:discard", means: "text mentions “discard”" },
      { q: 'o:"opposing blue"', means: "text contains “opposing blue”" },
      { q: "is:automated", means: "cards whose effect the rules engine plays" },
      { q: "is:vanilla", means: "cards without an automated effect" },
    ],
  },
  {
    title: "Combining",
    intro: "Terms side by side must all match (AND). “or” matches either side. Parentheses group. - before any term or group negates it. AND binds tighter than or.",
    examples: [
      { q: "t:robot r>=5", means: "Robots with 5 rings or more" },
      { q: "c:blue or c:red", means: "blue or red cards" },
      { q: "t:robot (c:blue or c:red)", means: "Robots that are blue or red" },
      { q: "-(t:robot or t:thing) r<=2", means: "neither Robot nor Thing, 2 rings or fewer" },
      { q: "sonic -rar:common", means: "Sonic cards that are not common" },
    ],
  },
];

/** Help page for the card search language; every example is a working search link. */
export default function SyntaxPage() {
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Card search syntax</h1>
        <p className="mt-2 text-slate-700">
          One search language works on every page that lists cards: the catalog, your collection and the deck editor. Keywords are case-insensitive. A
          search that cannot be read shows where the problem is and what was expected. Click any example to run it.
        </p>
        <p className="mt-2 text-sm text-slate-700">
          Titles ignore case; card text (o:) ignores the case of A–Z. A search can be up to {MAX_QUERY_LENGTH.toLocaleString("en")} characters long,
          with up to {MAX_QUERY_TERMS} terms, {MAX_QUERY_DEPTH} levels of parentheses and “-” inside one another, and numbers up to {MAX_QUERY_NUMBER}.
        </p>
      </div>
      {SECTIONS.map((s) => (
        <section key={s.title} className="panel" aria-labelledby={`syntax-${s.title}`}>
          <h2 id={`syntax-${s.title}`} className="text-lg font-semibold">
            {s.title}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{s.intro}</p>
          <table className="mt-3 w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">Search</th>
                <th scope="col">Finds</th>
              </tr>
            </thead>
            <tbody>
              {s.examples.map((e) => (
                <tr key={e.q} className="border-t border-slate-100">
                  <td className="py-1.5 pr-4 align-top">
                    <Link href={`/cards?q=${encodeURIComponent(e.q)}`} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-blue-800 hover:bg-blue-100 hover:underline">
                      {e.q}
                    </Link>
                  </td>
                  <td className="py-1.5 text-slate-700">{e.means}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
