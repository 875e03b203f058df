import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import type { SessionUser } from "@/lib/accounts/data/users";

/**
 * A replay's link preview (/r/<code>/opengraph-image) and its widget
 * (/embed/r/<code>): a lobby game's for anyone; an invite game's preview only
 * for its players and admins (never stored by a shared cache), and its widget
 * for nobody. Whoever may not see it gets the 404 an unknown code gets.
 */

const h = vi.hoisted(() => ({ prisma: null as unknown as import("@/lib/server/db/db").PrismaClient, actor: null as SessionUser | null }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));
vi.mock("@/lib/server/request-actor", () => ({ authenticate: async () => h.actor }));

const t = createTestDatabase("og-replays");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const image = await import("@/app/r/[code]/opengraph-image");
const twitter = await import("@/app/r/[code]/twitter-image");
const embedPage = await import("@/app/embed/r/[code]/page");
const { getReplay } = await import("@/lib/play/data/replays");
const { replayOgView } = await import("@/lib/og/views");
const { makeUser, playToEnd } = await import("@/lib/play/test-fixture");

let users: [SessionUser, SessionUser, SessionUser];
let open: string;
let invite: string;
beforeAll(async () => {
  users = [await makeUser(t.prisma, "Amy"), await makeUser(t.prisma, "Knuckles"), await makeUser(t.prisma, "Watcher")];
  open = (await playToEnd(t.prisma, users, "open")).replay;
  invite = (await playToEnd(t.prisma, users, "invite", 40)).replay;
});

const as = (who: SessionUser | null) => {
  h.actor = who;
};
const draw = (code: string) => image.default({ params: Promise.resolve({ code }) });

async function expectPng(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/png");
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
  /** OG_OUT=<folder>: the images are also written there, to look at them. */
  if (process.env.OG_OUT) (await import("node:fs")).writeFileSync(`${process.env.OG_OUT}/replay-${bytes.length}.png`, bytes);
}

async function expectNotFound(res: Response) {
  expect(res.status).toBe(404);
  expect(res.headers.get("content-type")).toContain("text/plain");
  expect(res.headers.get("cache-control")).toBe("no-store");
  const text = await res.text();
  for (const name of ["Amy", "Knuckles", "team-sonic-speed", "eggman-empire"]) expect(text).not.toContain(name);
}

describe("a replay's preview", () => {
  it("says who played whom with which deck, the result and the emeralds each held at the end", async () => {
    const r = await getReplay(null, open, "public");
    const end = r.replay.frames.at(-1)!.view;
    const v = replayOgView(r);
    expect(v.players).toEqual([
      { name: "Amy", deckName: "team-sonic-speed", emeralds: end.emeralds[0], won: r.result === 0 },
      { name: "Knuckles", deckName: "eggman-empire", emeralds: end.emeralds[1], won: r.result === 1 },
    ]);
    expect(v.result).toMatch(/^(Amy won|Knuckles won|The game is a draw)/);
    expect(v.result.endsWith(".")).toBe(false);
    expect(v.turns).toBe(end.turn);
    expect(v.target).toBe(3);
  });

  it("a lobby game's is a 1200×630 PNG for anyone, cached publicly, the same for Twitter/X", async () => {
    as(null);
    const res = await draw(open);
    expect(res.headers.get("cache-control")).toContain("public");
    await expectPng(res);
    await expectPng(await twitter.default({ params: Promise.resolve({ code: open }) }));
    expect(image.size).toEqual({ width: 1200, height: 630 });
    expect(image.contentType).toBe("image/png");
  });

  it("an invite game's is drawn for its players and admins only, and never stored by a shared cache; anyone else gets a 404", async () => {
    for (const who of [users[0], users[1], { ...users[2], role: "admin" as const }]) {
      as(who);
      const res = await draw(invite);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      await expectPng(res);
    }
    for (const who of [null, users[2]]) {
      as(who);
      await expectNotFound(await draw(invite));
    }
    as(null);
    await expectNotFound(await draw("no-such-replay"));
    await expectNotFound(await draw("%%"));
  });
});

describe("the replay widget's page", () => {
  const page = (code: string) => embedPage.default({ params: Promise.resolve({ code }) });
  it("renders a lobby game's replay from the public side, with an absolute link back", async () => {
    const el = await page(open);
    const props = el.props as { r: { code: string; replay: { side: unknown }; mySeat: unknown }; href: string };
    expect(props.r.code).toBe(open);
    expect(props.r.replay.side).toBe("public");
    expect(props.r.mySeat).toBeNull();
    expect(props.href).toMatch(new RegExp(`^https?://[^/]+/r/${open}$`));
  });

  it("is not found for an invite game's replay, even for its players (a widget is read as a guest), nor for an unknown code", async () => {
    for (const who of [null, users[0]]) {
      as(who);
      await expect(page(invite)).rejects.toMatchObject({ digest: expect.stringContaining("404") });
    }
    await expect(page("no-such-replay")).rejects.toMatchObject({ digest: expect.stringContaining("404") });
  });
});
