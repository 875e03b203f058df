import type { Color } from "@/lib/catalog/colors";

/** What a card's generated illustration is drawn from. */
export type ArtInput = { set: string; number: number; title: string; traits: readonly string[]; colors: readonly Color[]; rings: number };

const PALETTE: Record<Color, [string, string, string]> = {
  // light, main, dark
  blue: ["#bfdbfe", "#2563eb", "#1e3a8a"],
  red: ["#fecaca", "#dc2626", "#7f1d1d"],
  yellow: ["#fef08a", "#eab308", "#854d0e"],
  gray: ["#e5e7eb", "#6b7280", "#1f2937"],
};

/** FNV-1a over the string: the seed of a card's art. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small seeded generator (mulberry32): the same card always draws the same picture. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function artSeedText(card: ArtInput): string {
  return `${card.set}|${card.number}|${card.title}|${card.traits.join(",")}|${card.colors.join(",")}|${card.rings}`;
}

/** A short version tag of the art's inputs, so its URL changes when the card does (and can be cached for good). */
export function artVersion(card: ArtInput): string {
  return hash(artSeedText(card)).toString(36);
}

/** The URL of a card's generated illustration (an SVG served by the /art route). */
export function artHref(card: ArtInput): string {
  return `/art/${encodeURIComponent(card.set)}/${card.number}.svg?v=${artVersion(card)}`;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const r1 = (n: number) => Math.round(n * 10) / 10;

function initials(title: string): string {
  const words = title
    .replace(/[^\p{L}\p{N} ]/gu, " ")
    .split(/\s+/)
    .filter((w) => w && !/^(the|of|a|an|and)$/i.test(w));
  return (words.length ? words : [title])
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");
}

/** The trait's emblem, centred on (0,0) within about ±34 units. */
function emblem(trait: string, rnd: () => number, fill: string, ink: string): string {
  const t = trait.toLowerCase();
  if (t === "robot") {
    const teeth = 6 + Math.floor(rnd() * 6);
    const pts: string[] = [];
    for (let i = 0; i < teeth * 2; i++) {
      const a = (Math.PI * i) / teeth;
      const r = i % 2 === 0 ? 34 : 26;
      pts.push(`${r1(Math.cos(a) * r)},${r1(Math.sin(a) * r)}`);
    }
    const eye = rnd() < 0.5;
    return `<polygon points="${pts.join(" ")}" fill="${fill}" stroke="${ink}" stroke-width="2.5" stroke-linejoin="round"/><circle r="14" fill="${ink}"/>${
      eye ? `<rect x="-9" y="-3" width="18" height="6" rx="3" fill="#f87171"/>` : `<circle r="5" fill="#fbbf24"/>`
    }`;
  }
  if (t === "human") {
    const w = 22 + rnd() * 8;
    return `<circle cy="-14" r="${r1(11 + rnd() * 4)}" fill="${fill}" stroke="${ink}" stroke-width="2.5"/><path d="M${r1(-w)},30 Q${r1(-w)},4 0,4 Q${r1(w)},4 ${r1(w)},30 Z" fill="${fill}" stroke="${ink}" stroke-width="2.5"/>`;
  }
  if (t === "thing") {
    const facets = 5 + Math.floor(rnd() * 4);
    const pts: string[] = [];
    for (let i = 0; i < facets; i++) {
      const a = (2 * Math.PI * i) / facets - Math.PI / 2;
      const r = i % 2 === 0 ? 30 : 22 + rnd() * 8;
      pts.push(`${r1(Math.cos(a) * r)},${r1(Math.sin(a) * r)}`);
    }
    return `<polygon points="${pts.join(" ")}" fill="${fill}" stroke="${ink}" stroke-width="2.5" stroke-linejoin="round"/><polygon points="${pts.join(" ")}" transform="scale(0.45)" fill="#ffffff" opacity="0.6"/>`;
  }
  if (t === "place") {
    const peaks = 2 + Math.floor(rnd() * 3);
    let d = "M-40,26";
    for (let i = 0; i < peaks; i++) {
      const x0 = -40 + (80 * i) / peaks;
      const x1 = -40 + (80 * (i + 1)) / peaks;
      d += ` L${r1((x0 + x1) / 2)},${r1(-10 - rnd() * 22)} L${r1(x1)},26`;
    }
    return `<circle cx="${r1(-20 + rnd() * 40)}" cy="-22" r="10" fill="#fde047" stroke="${ink}" stroke-width="2"/><path d="${d} Z" fill="${fill}" stroke="${ink}" stroke-width="2.5" stroke-linejoin="round"/>`;
  }
  // Animal (and any other trait): a quilled head, its quills counted by the card
  const quills = 3 + Math.floor(rnd() * 4);
  const pts: string[] = [];
  for (let i = 0; i <= quills; i++) {
    const a = Math.PI * 0.55 + (Math.PI * 0.9 * i) / quills;
    pts.push(`${r1(Math.cos(a) * 36)},${r1(Math.sin(a) * 30)}`);
    if (i < quills) {
      const b = a + (Math.PI * 0.45) / quills;
      pts.push(`${r1(Math.cos(b) * 18)},${r1(Math.sin(b) * 16)}`);
    }
  }
  return `<polygon points="${pts.join(" ")}" fill="${fill}" stroke="${ink}" stroke-width="2.5" stroke-linejoin="round"/><circle r="20" fill="${fill}" stroke="${ink}" stroke-width="2.5"/><ellipse cx="7" cy="-3" rx="6" ry="8" fill="#fff"/><circle cx="${r1(8 + rnd() * 2)}" cy="-2" r="3" fill="${ink}"/>`;
}

/**
 * A card's illustration, drawn from its data: the colours set the palette and
 * background, the first trait picks the emblem, the title (and number) seed the
 * pattern, the emblem's shape and position, and its initials; one small ring
 * per printed ring runs along the bottom. Deterministic and self-contained
 * (no external references), 150×140 units.
 */
export function cardArtSvg(card: ArtInput): string {
  const rnd = seeded(hash(artSeedText(card)));
  const cols = card.colors.length ? card.colors : (["gray"] as Color[]);
  const main = PALETTE[cols[0]];
  const second = PALETTE[cols[1] ?? cols[0]];
  const angle = Math.floor(rnd() * 360);
  const parts: string[] = [];
  parts.push(
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${main[0]}"/><stop offset="1" stop-color="${cols.length > 1 ? second[1] : main[1]}"/></linearGradient></defs>`,
    `<rect width="150" height="140" fill="url(#g)"/>`,
  );
  // background pattern
  const kind = Math.floor(rnd() * 5);
  const ink = main[2];
  const pat: string[] = [];
  if (kind === 0) {
    const cx = r1(rnd() * 150);
    const cy = r1(rnd() * 140);
    for (let r = 12 + rnd() * 10; r < 240; r += 14 + rnd() * 10) pat.push(`<circle cx="${cx}" cy="${cy}" r="${r1(r)}" fill="none" stroke="#fff" stroke-width="${r1(2 + rnd() * 4)}"/>`);
  } else if (kind === 1) {
    const n = 6 + Math.floor(rnd() * 8);
    for (let i = 0; i < n; i++) {
      const y = r1(rnd() * 140);
      const x = r1(rnd() * 100);
      pat.push(`<rect x="${x}" y="${y}" width="${r1(40 + rnd() * 90)}" height="${r1(2 + rnd() * 5)}" rx="2" fill="#fff"/>`);
    }
  } else if (kind === 2) {
    const step = 14 + Math.floor(rnd() * 14);
    const rot = Math.floor(rnd() * 180);
    for (let x = -200; x < 350; x += step) pat.push(`<rect x="${x}" y="-100" width="${r1(step / 2.5)}" height="340" fill="#fff" transform="rotate(${rot} 75 70)"/>`);
  } else if (kind === 3) {
    const step = 16 + Math.floor(rnd() * 10);
    const off = rnd() * step;
    for (let y = off; y < 140; y += step) for (let x = (y / step) % 2 ? step / 2 : 0; x < 150; x += step) pat.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(2 + rnd() * 3)}" fill="#fff"/>`);
  } else {
    const amp = 6 + rnd() * 10;
    const step = 12 + rnd() * 10;
    for (let y = 10 + rnd() * 20; y < 150; y += 22 + rnd() * 12) {
      let d = `M0,${r1(y)}`;
      for (let x = 0, up = true; x < 160; x += step, up = !up) d += ` L${r1(x + step)},${r1(y + (up ? -amp : amp))}`;
      pat.push(`<path d="${d}" fill="none" stroke="#fff" stroke-width="${r1(2 + rnd() * 3)}"/>`);
    }
  }
  parts.push(`<g opacity="${r1(0.18 + rnd() * 0.2)}">${pat.join("")}</g>`);
  // initials, big and faint
  parts.push(
    `<text x="${r1(6 + rnd() * 14)}" y="${r1(44 + rnd() * 16)}" font-family="system-ui,sans-serif" font-weight="900" font-size="${r1(40 + rnd() * 14)}" fill="#fff" opacity="0.35">${esc(initials(card.title))}</text>`,
  );
  // the trait emblem
  const ex = r1(62 + rnd() * 26);
  const ey = r1(62 + rnd() * 10);
  const scale = r1(0.9 + rnd() * 0.3);
  const tilt = Math.floor(rnd() * 30 - 15);
  parts.push(`<g transform="translate(${ex} ${ey}) rotate(${tilt}) scale(${scale})">${emblem(card.traits[0] ?? "", rnd, cols.length > 1 ? second[0] : main[0], ink)}</g>`);
  // one small ring per printed ring
  const rings = Math.max(0, Math.min(12, card.rings));
  const first = 75 - ((rings - 1) * 12) / 2;
  for (let i = 0; i < rings; i++) parts.push(`<circle cx="${first + i * 12}" cy="128" r="4.5" fill="none" stroke="#f59e0b" stroke-width="2.5"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 150 140" role="img" aria-label="${esc(card.title)}">${parts.join("")}</svg>`;
}
