import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { linkLabel } from "@tournament-ops/service/link-rules";
import { matchesOf } from "../../src/lib/data/matches.ts";
import { expiryText } from "../../src/lib/links/expiry.ts";
import { EXPIRED_KEPT_MS, keptLinks } from "../../src/lib/links/kept-links.ts";
import { isLoopbackAddress, linkPageUrl } from "../../src/lib/links/link-address.ts";
import { freeVariant, sameLabel } from "../../src/lib/links/link-labels.ts";
import { decodeLink, hasExpired, tokenFrom } from "../../src/lib/links/link-token.ts";
import { scorerLinkShortfall, scoringEnds } from "../../src/lib/links/scorer-link-cover.ts";
import { MemoryStorage } from "../support/memory-storage.ts";
import { matchRow, snapshotOf } from "../support/page-fixtures.ts";

/** A token as the service signs one (the signature is not checked by pages, so any will do). */
const token = (payload: object, signature = "c2ln") =>
  `${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${signature}`;

const EXP = Date.parse("2026-11-29T16:00:00Z") - 1;

describe("links in the address's fragment", () => {
  test("the token is taken from the fragment, a whole pasted link, or the token alone", () => {
    const desk = token({ exp: EXP, scope: "attendance-desk", day: "open-sun" });
    assert.equal(tokenFrom(`#${desk}`), desk);
    assert.equal(tokenFrom(`  https://results.example/desk/#${desk}\n`), desk);
    assert.equal(tokenFrom(desk), desk);
    assert.equal(tokenFrom(""), undefined);
    assert.equal(tokenFrom("#not a token"), undefined);
    assert.equal(tokenFrom("https://results.example/desk/"), undefined);
  });

  test("a payload is decoded for display: kind from the scope, day, expiry, and the label members when given", () => {
    const desk = token({
      exp: EXP,
      scope: "attendance-desk",
      day: "open-sun",
      to: "Front desk",
      note: "Rizal Hall",
    });
    assert.deepEqual(decodeLink(desk), {
      token: desk,
      kind: "desk",
      exp: EXP,
      day: "open-sun",
      to: "Front desk",
      note: "Rizal Hall",
    });
    const scorer = token({ exp: EXP, scope: "score-desk", day: "open-sat" });
    assert.deepEqual(decodeLink(scorer), { token: scorer, kind: "scorer", exp: EXP, day: "open-sat" });
    // Names outside ASCII survive the base64url round trip.
    assert.equal(
      decodeLink(token({ exp: EXP, scope: "score-desk", day: "d", to: "Señora 李" }))?.to,
      "Señora 李",
    );
  });

  test("an operator token, another scope, or a broken payload is not a day link", () => {
    assert.equal(decodeLink(token({ exp: EXP, iat: 1 })), undefined);
    assert.equal(decodeLink(token({ exp: EXP, scope: "other", day: "d" })), undefined);
    assert.equal(decodeLink(token({ exp: "soon", scope: "score-desk", day: "d" })), undefined);
    assert.equal(decodeLink("bm90IGpzb24.c2ln"), undefined);
  });

  test("a link has expired from its exp on, as the service counts it", () => {
    assert.equal(hasExpired({ exp: EXP }, EXP - 1), false);
    assert.equal(hasExpired({ exp: EXP }, EXP), true);
  });

  test("expiry in words, Manila time: a link that ends at midnight ends at the end of its day", () => {
    assert.equal(expiryText(EXP), "the end of Sunday 29 November");
    assert.equal(expiryText(EXP + 1), "the end of Sunday 29 November");
    assert.equal(expiryText(Date.parse("2026-11-29T01:30:00Z")), "09:30 on Sunday 29 November");
  });
});

describe("scorer links kept on the phone until they expire", () => {
  const link = (day: string, exp: number) => decodeLink(token({ exp, scope: "score-desk", day }))!;

  test("kept links are listed newest first; an expired one is told apart for a week, then dropped from storage", () => {
    const storage = new MemoryStorage();
    const kept = keptLinks(storage, "scorer");
    kept.keep(link("open-sat", 1_000), 0);
    kept.keep(link("dual-sat", 2_000), 0);
    assert.deepEqual(
      kept.list(500).map((l) => l.day),
      ["dual-sat", "open-sat"],
    );
    assert.deepEqual(kept.expired(500), []);
    assert.deepEqual(
      kept.list(1_500).map((l) => l.day),
      ["dual-sat"],
    );
    assert.deepEqual(
      kept.expired(1_500).map((l) => l.day),
      ["open-sat"],
      "so the page can say when it expired",
    );
    assert.equal(JSON.parse(storage.getItem("tournament-ops.scorer-links")!).length, 2);
    assert.deepEqual(
      kept.expired(1_000 + EXPIRED_KEPT_MS).map((l) => l.day),
      ["dual-sat"],
    );
    assert.equal(JSON.parse(storage.getItem("tournament-ops.scorer-links")!).length, 1);
    kept.forget(link("dual-sat", 2_000).token);
    assert.deepEqual(kept.list(0), []);
    assert.equal(storage.getItem("tournament-ops.scorer-links"), null);
  });

  test("keeping a link again moves it first; a desk link is never listed as a scorer link", () => {
    const storage = new MemoryStorage();
    const kept = keptLinks(storage, "scorer");
    const a = link("a", 9_000);
    kept.keep(a, 0);
    kept.keep(link("b", 9_000), 0);
    kept.keep(a, 0);
    assert.deepEqual(
      kept.list(0).map((l) => l.day),
      ["a", "b"],
    );
    storage.setItem(
      "tournament-ops.scorer-links",
      JSON.stringify([token({ exp: 9_000, scope: "attendance-desk", day: "x" }), "junk", 7]),
    );
    assert.deepEqual(kept.list(0), []);
  });

  test("storage that refuses to write keeps nothing and throws nothing", () => {
    const storage = new MemoryStorage();
    storage.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    const kept = keptLinks(storage, "scorer");
    kept.keep(link("a", 9_000), 0);
    assert.deepEqual(kept.list(0), []);
    assert.deepEqual(keptLinks(undefined, "scorer").list(0), []);
  });
});

describe("a link's page address, as the console shows it", () => {
  test("a link opens its page beside the console, with the token in the fragment, never the query", () => {
    const from = "http://192.168.1.20:8000/console/?day=open-sun&view=links";
    assert.equal(linkPageUrl("desk", "abc.def", from), "http://192.168.1.20:8000/desk/#abc.def");
    assert.equal(linkPageUrl("scorer", "abc.def", from), "http://192.168.1.20:8000/score/#abc.def");
    assert.equal(new URL(linkPageUrl("scorer", "abc.def", from)).search, "");
  });

  test("addresses only this computer can open are told apart from the venue's", () => {
    assert.equal(isLoopbackAddress("http://127.0.0.1:8000/desk/#t"), true);
    assert.equal(isLoopbackAddress("http://localhost:8000/desk/#t"), true);
    assert.equal(isLoopbackAddress("http://192.168.1.20:8000/desk/#t"), false);
  });
});

describe("whether a scorer link lasts its day (issue 26, row 2)", () => {
  // Saturday 28 November 2026 in Manila; its matches from 09:00 to 18:00.
  const SATURDAY = "2026-11-28";
  const at = (text: string) => Date.parse(`${text}+08:00`);
  const onSaturday = ([number, , ...rest]: string[]) => [number as string, SATURDAY, ...rest];
  const saturday = snapshotOf({
    "Rizal Hall": [
      onSaturday(matchRow(101, "09:00", "Court 1", "Ana", "Bea")),
      onSaturday(matchRow(140, "18:00", "Court 2", "Cy", "Dee")),
    ],
  });

  test("the day's scoring ends an hour after its last published match starts", () => {
    assert.deepEqual(scoringEnds(SATURDAY, saturday), {
      at: at("2026-11-28T19:00:00"),
      lastMatch: at("2026-11-28T18:00:00"),
    });
  });

  test("a time written with PM (or seconds) is read as the pages read it everywhere", () => {
    const afternoon = snapshotOf({
      "Rizal Hall": [
        onSaturday(matchRow(101, "9:00 AM", "Court 1", "Ana", "Bea")),
        onSaturday(matchRow(140, "5:00 PM", "Court 2", "Cy", "Dee")),
        onSaturday(matchRow(141, "16:30:00", "Court 1", "Eve", "Fay")),
      ],
    });
    assert.deepEqual(scoringEnds(SATURDAY, afternoon), {
      at: at("2026-11-28T18:00:00"),
      lastMatch: at("2026-11-28T17:00:00"),
    });
    const [facility] = afternoon.facilities;
    assert.deepEqual(
      matchesOf(facility?.matchesCsv ?? "").map((match) => match.matchNumber),
      ["101", "141", "140"],
      "1:00 PM comes after 10:00 AM",
    );
  });

  test("without match times it ends at 06:00 the morning after, when scorer links stop being issued", () => {
    assert.deepEqual(scoringEnds(SATURDAY, undefined), {
      at: at("2026-11-29T06:00:00"),
      lastMatch: undefined,
    });
  });

  test("a link issued Friday 01:08 expires Saturday 01:08, before the last match: issue from Friday 19:00", () => {
    const expiresAt = at("2026-11-28T01:08:00");
    assert.deepEqual(scorerLinkShortfall(expiresAt, SATURDAY, saturday), {
      expiresAt,
      ends: { at: at("2026-11-28T19:00:00"), lastMatch: at("2026-11-28T18:00:00") },
      issueFrom: at("2026-11-27T19:00:00"),
    });
  });

  test("a link issued Friday 19:00 or later lasts the day; a day without a date has no known end", () => {
    assert.equal(scorerLinkShortfall(at("2026-11-28T19:00:00"), SATURDAY, saturday), undefined);
    assert.equal(scorerLinkShortfall(at("2026-11-28T01:08:00"), undefined, saturday), undefined);
  });
});

describe("a replacement link's label (issue 26, row 8)", () => {
  const front = { issuedTo: "Front desk", note: "Rizal Hall" };

  test("the first free numbered variant, the number on issuedTo so the note still names the hall", () => {
    assert.deepEqual(freeVariant("desk", front, [front]), { issuedTo: "Front desk 2", note: "Rizal Hall" });
    assert.deepEqual(freeVariant("desk", front, [front, { issuedTo: "Front desk 2", note: "Rizal Hall" }]), {
      issuedTo: "Front desk 3",
      note: "Rizal Hall",
    });
    assert.equal(linkLabel("desk", freeVariant("desk", front, [front])), "Front desk 2 (Rizal Hall)");
  });

  test("a numbered name counts on; a link without issuedTo is named by its kind; 40 characters at most", () => {
    assert.deepEqual(freeVariant("desk", { issuedTo: "Front desk 2", note: null }, []), {
      issuedTo: "Front desk 2",
      note: null,
    });
    const taken = [{ issuedTo: "Front desk 2", note: null }];
    assert.deepEqual(freeVariant("desk", taken[0]!, taken), { issuedTo: "Front desk 3", note: null });
    assert.deepEqual(freeVariant("scorer", { issuedTo: null, note: "Court 3" }, []), {
      issuedTo: "Scorer link 2",
      note: "Court 3",
    });
    const long = freeVariant("desk", { issuedTo: "x".repeat(40), note: null }, []);
    assert.equal(long.issuedTo, `${"x".repeat(38)} 2`);
  });

  test("labels compare as the service keeps them: trimmed, whitespace collapsed, case kept", () => {
    assert.equal(
      sameLabel({ issuedTo: " Front  desk ", note: "" }, { issuedTo: "Front desk", note: null }),
      true,
    );
    assert.equal(
      sameLabel({ issuedTo: "front desk", note: null }, { issuedTo: "Front desk", note: null }),
      false,
    );
  });
});
