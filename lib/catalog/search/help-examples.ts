type Example = { q: string; means: string };
type Section = { title: string; intro: string; examples: Example[] };

/**
 * The sections and examples of the search syntax help (/cards/syntax). Every
 * example is a link that runs it, and each must find cards in the shipped demo
 * catalog (help-examples.test.ts runs them all).
 */
export const SYNTAX_SECTIONS: Section[] = [
  {
    title: "Titles",
    intro: "Bare words search card titles (every word must appear). Quotes keep words together; ! asks for the exact title.",
    examples: [
      { q: "sonic", means: "titles containing “sonic”" },
      { q: '"chaos emerald"', means: "titles containing the phrase “chaos emerald”" },
      { q: '!"Dr. Eggman"', means: "exactly the title “Dr. Eggman”" },
      { q: "metal sonic", means: "titles containing both “metal” and “sonic”" },
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
      { q: 'o:"draw 1 card"', means: "text contains the phrase “draw 1 card”" },
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

