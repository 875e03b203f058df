/**
 * One-off generator kept for reference: turns the compact table below into
 * data/demo-set.json. The JSON file is the source of truth once written; the
 * engine team edits effects there directly. Run: npx tsx scripts/build-demo-set.ts --force
 */
import { writeFileSync, existsSync } from "node:fs";

const rows = `
1|Sonic the Hedgehog|Animal|blue|5|rare|
2|Tails|Animal|yellow|3|common|
3|Knuckles the Echidna|Animal|red|6|rare|
4|Amy Rose|Animal|red|4|common|
5|Cream the Rabbit|Animal|yellow|1|common|
6|Cheese the Chao|Animal|blue|1|common|
7|Big the Cat|Animal|blue|7|uncommon|
8|Froggy|Animal|gray|0|common|
9|Rouge the Bat|Animal|gray|5|uncommon|
10|Shadow the Hedgehog|Animal|gray|8|super rare|
11|Chris Thorndyke|Human|yellow|2|common|
12|Chuck Thorndyke|Human|gray|3|common|
13|Ella|Human|red|2|common|
14|Mr. Tanaka|Human|red|5|uncommon|
15|Danny|Human|blue|2|common|
16|Frances|Human|yellow|2|common|
17|Helen|Human|blue|3|common|
18|Dr. Eggman|Human|red,gray|9|super rare|
19|Sam Speed|Human|blue|6|uncommon|
20|Topaz|Human|yellow|4|uncommon|
21|Station Square|Place|blue,yellow|4|uncommon|
22|Angel Island|Place|red,yellow|7|rare|
23|Mystic Ruins|Place|gray|2|common|
24|Thorndyke Mansion|Place|yellow|5|common|
25|Eggman's Base|Place|gray|6|uncommon|
26|Emerald Coast|Place|blue|4|common|
27|Casino Park|Place|red|3|common|
28|Space Colony ARK|Place|gray,blue|10|super rare|
29|E-102 Gamma|Robot|red|5|rare|
30|Egg Pawn|Robot|gray|2|common|
31|Decoe|Robot|yellow|1|common|
32|Bocoe|Robot|gray|1|common|
33|Bokkun|Robot|blue|0|common|
34|E-101 Beta|Robot|blue|6|uncommon|
35|E-100 Alpha|Robot|gray|7|rare|
36|Chaos Gamma|Robot|red,blue|8|rare|
37|Emerl|Robot|yellow,gray|3|uncommon|
38|Metal Sonic|Robot|blue,red|9|super rare|
39|Ring|Thing|yellow|0|common|
40|Super Ring|Thing|yellow|3|common|
41|Chaos Emerald|Thing|blue,red,yellow,gray|6|rare|
42|Master Emerald|Thing|gray|9|super rare|
43|Tornado|Thing,Robot|blue|4|uncommon|
44|Speed Shoes|Thing|red|1|common|
45|Invincibility|Thing|yellow|8|rare|
46|Egg Mobile|Thing,Robot|gray|4|common|
47|Chao Garden|Place,Animal|blue|2|common|
48|Vector the Crocodile|Animal|red|6|uncommon|
49|Espio the Chameleon|Animal|blue|4|uncommon|
50|Charmy Bee|Animal|yellow|2|common|
51|Cosmo|Animal|yellow,blue|5|rare|
52|Tails|Animal|blue|3|common|
53|Sonic the Hedgehog|Animal|blue|7|super rare|
54|Amy Rose|Animal|yellow|4|uncommon|
55|Egg Pawn|Robot|red|2|common|
56|Chocola the Chao|Animal|red|1|common|
57|Hammer|Thing|red|5|common|
58|Lobster Robot|Robot|red|3|common|
59|Egg Bomber|Robot|gray|6|uncommon|
60|Knuckles the Echidna|Animal|red|4|uncommon|
61|Marine the Raccoon|Animal|blue|3|common|
62|Nelson Thorndyke|Human|gray|4|common|
63|Lindsey Thorndyke|Human|red|3|common|
64|Scarlet Garcia|Human|yellow|5|common|
65|Chaos|Animal|blue|9|rare|
66|Ring Shield|Thing|gray|2|common|
`;

const cards = rows
  .trim()
  .split("\n")
  .map((line) => {
    const [number, title, traits, colors, rings, rarity, text] = line.split("|");
    return {
      number: Number(number),
      title,
      traits: traits.split(","),
      colors: colors.split(","),
      rings: Number(rings),
      rarity,
      text: text || "",
      effect: null,
    };
  });

const out = {
  set: {
    code: "DEMO",
    name: "Ringbinder Demo Set (unofficial)",
    unofficial: true,
    note: "An unofficial demo set made for Ringbinder. Titles are characters and places from Sonic X; numbers, ring values, colors, rarities and texts are invented for demonstration and do not reproduce any real printed card.",
  },
  cards,
};

if (existsSync("data/demo-set.json") && !process.argv.includes("--force")) {
  console.error("data/demo-set.json exists; pass --force to overwrite");
  process.exit(1);
}
writeFileSync("data/demo-set.json", JSON.stringify(out, null, 2) + "\n");
console.log(`wrote ${cards.length} cards`);
