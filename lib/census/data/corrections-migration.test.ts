/** The migration that retired the card-suggestion flow: pending corrections become census corrections, and nothing stays pending. */
import { readFileSync, rmSync, mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { migrationNames, MIGRATION_DIRS } from "@/scripts/lib/db-schema";

const NAME = "census_corrections";
const dir = path.join(process.cwd(), ".tmp", "vitest");
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `census-migration-${process.pid}-${Date.now()}.db`);
afterAll(() => rmSync(file, { force: true }));

const sql = (m: string) => readFileSync(path.join(process.cwd(), MIGRATION_DIRS.sqlite, m, "migration.sql"), "utf8");

describe(`the ${NAME} migration (SQLite; the PostgreSQL twin was checked against a scratch server)`, () => {
  it("moves each card's earliest pending correction into the census, keeping the card's set and number, and closes every other pending suggestion", () => {
    const names = migrationNames("sqlite");
    const at = names.findIndex((m) => m.endsWith(`_${NAME}`));
    expect(at).toBeGreaterThan(0);
    const db = new Database(file);
    for (const m of names.slice(0, at)) db.exec(sql(m));
    db.exec(`INSERT INTO "User" ("id","email","displayName","passwordHash","updatedAt") VALUES ('u1','u1@x','U1','x',0);
      INSERT INTO "CardSet" ("id","code","name","unofficial") VALUES ('s1','DEMO','Demo',1);
      INSERT INTO "Card" ("id","setId","number","title","titleKey","colorMask","colorCount","rings","rarity","text","updatedAt") VALUES ('c1','s1',7,'Big','big',1,1,3,'common','',0);
      INSERT INTO "CardSuggestion" ("id","userId","cardId","payload","createdAt") VALUES
        ('a','u1','c1','{"set":"DEMO","number":8,"title":"Big the Cat","traits":["Cat"],"colors":["gray"],"rings":4,"rarity":"common","text":"Hi","effect":null,"imageUrl":null}', 1000),
        ('b','u1','c1','{"set":"DEMO","number":7,"title":"Other","traits":[],"colors":["gray"],"rings":4,"rarity":"common","text":"","effect":null}', 2000),
        ('n','u1',NULL,'{"set":"DEMO","number":99,"title":"New"}', 3000);`);
    for (const m of names.slice(at)) db.exec(sql(m));
    expect(db.prepare(`SELECT "id","setCode","number","status","source","correctsCardId","frontPhotoId" FROM "CensusSubmission"`).all()).toEqual([
      { id: "sugg-a", setCode: "DEMO", number: 7, status: "open", source: "suggestion", correctsCardId: "c1", frontPhotoId: null },
    ]);
    const fields = Object.fromEntries((db.prepare(`SELECT "name","value","proposerId" FROM "CensusField" WHERE "submissionId" = 'sugg-a'`).all() as { name: string; value: string }[]).map((f) => [f.name, JSON.parse(f.value)]));
    expect(fields).toEqual({ set: "DEMO", number: 7, title: "Big the Cat", traits: ["Cat"], colors: ["gray"], rings: 4, rarity: "common", text: "Hi" });
    const left = db.prepare(`SELECT "id","status","reason" FROM "CardSuggestion" ORDER BY "id"`).all() as { id: string; status: string; reason: string }[];
    expect(left.map((s) => [s.id, s.status])).toEqual([["a", "rejected"], ["b", "rejected"], ["n", "rejected"]]);
    expect(left[0].reason).toMatch(/census as a correction/);
    expect(left[1].reason).toMatch(/already has a correction open/);
    expect(left[2].reason).toMatch(/retired/);
    db.close();
  });
});
