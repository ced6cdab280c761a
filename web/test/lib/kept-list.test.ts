// Issue 35, row L1: the desk's kept list is tied to the link that read it and to its expiry.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { keepList, keptList, linkHash } from "../../src/lib/attendance/kept-list.ts";
import type { Person } from "../../src/lib/attendance/person.ts";

/** A Storage over a Map, as the phone's localStorage behaves. */
function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

describe("the desk's kept list (issue 35, L1)", () => {
  test("shown only to the link that read it, before its expiry; an expired one is forgotten", async () => {
    const storage = memoryStorage();
    const link = await linkHash("the-real-token");
    assert.match(link ?? "", /^[0-9a-f]{64}$/);
    const people = [{ key: "ana cruz", player: "Ana Cruz" }] as unknown as Person[];
    keepList(storage, {
      day: "open-sun",
      facility: "Rizal Hall",
      readAt: 1,
      people,
      link: link!,
      linkExpiresAt: 1000,
    });
    const wanted = { day: "open-sun", facility: "Rizal Hall", link, now: 999 };
    assert.deepEqual(keptList(storage, wanted)?.people, people, "the same link, before its expiry");
    assert.equal(keptList(storage, { ...wanted, link: await linkHash("a-made-up-token") }), undefined);
    assert.equal(keptList(storage, { ...wanted, link: undefined }), undefined, "no hash: nothing shown");
    assert.equal(keptList(storage, { ...wanted, facility: "Annex Court" }), undefined);
    assert.notEqual(storage.getItem("tournament-ops.desk-list"), null, "another link's look keeps it");
    assert.equal(keptList(storage, { ...wanted, now: 1000 }), undefined, "expired");
    assert.equal(storage.getItem("tournament-ops.desk-list"), null, "and forgotten");
  });

  test("a list kept before lists were tied to links is never shown", () => {
    const storage = memoryStorage();
    storage.setItem(
      "tournament-ops.desk-list",
      JSON.stringify({ day: "d", facility: "f", readAt: 1, people: [] }),
    );
    assert.equal(keptList(storage, { day: "d", facility: "f", link: "x", now: 0 }), undefined);
  });
});
