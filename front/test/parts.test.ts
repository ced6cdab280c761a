import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { clientKey, Holdings } from "../src/client-address.ts";
import { pagesCsp } from "../src/csp.ts";
import { frontSettings } from "../src/settings.ts";

describe("pagesCsp", () => {
  test("relative addresses resolve against the page: its origin, and ws: for the relay", () => {
    assert.equal(
      pagesCsp({ apiUrl: "./", liveUrl: "./", dataUrl: "./" }, "http://192.168.1.20:8000/public/?day=x"),
      "default-src 'self'; connect-src 'self' http://192.168.1.20:8000 ws://192.168.1.20:8000; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  test("production's absolute addresses, the relay as wss:, and no frame-ancestors for a <meta> tag", () => {
    const csp = pagesCsp(
      {
        apiUrl: "https://ops-abc.a.run.app/",
        liveUrl: "https://relay.example.workers.dev",
        dataUrl: "https://club.github.io/data/",
      },
      undefined,
      { frameAncestors: false },
    );
    assert.match(
      csp,
      /connect-src 'self' https:\/\/ops-abc\.a\.run\.app https:\/\/club\.github\.io wss:\/\/relay\.example\.workers\.dev;/,
    );
    assert.doesNotMatch(csp, /frame-ancestors/);
  });

  test("an address that cannot be resolved is left out, never written into the policy", () => {
    const csp = pagesCsp({ apiUrl: "./", liveUrl: "javascript:alert(1)", dataUrl: "https://data.test/" });
    assert.match(csp, /connect-src 'self' https:\/\/data\.test;/);
  });
});

describe("clients and their holdings", () => {
  test("IPv4 as it is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64", () => {
    assert.equal(clientKey("192.168.1.7"), "192.168.1.7");
    assert.equal(clientKey("::ffff:192.168.1.7"), "192.168.1.7");
    assert.equal(clientKey("2001:db8:5:6:aa:bb:cc:dd"), "2001:db8:5:6::/64");
    assert.equal(clientKey("2001:db8:5:6::1"), "2001:db8:5:6::/64");
    assert.equal(clientKey("2001:0db8:0005:0006:ffff::"), "2001:db8:5:6::/64");
    assert.equal(clientKey("fe80::1"), "fe80::/64");
    assert.equal(clientKey(undefined), "unknown");
  });

  test("a cap per client and in all; each place given back once", () => {
    const held = new Holdings(2, 3);
    const a1 = held.take("a");
    assert.ok(held.take("a"));
    assert.equal(held.take("a"), undefined);
    assert.ok(held.take("b"));
    assert.equal(held.take("c"), undefined, "three in all");
    a1?.();
    a1?.();
    assert.equal(held.total, 2);
    assert.ok(held.take("c"));
  });
});

describe("frontSettings", () => {
  test("FRONT_* variables replace the defaults; anything but a whole number ≥ 1 is named", () => {
    assert.equal(frontSettings({ FRONT_SOCKET_IDLE_MS: "1500" }).socketIdleMs, 1500);
    assert.equal(frontSettings({}).socketIdleMs, 60_000);
    assert.throws(() => frontSettings({ FRONT_SOCKETS_PER_CLIENT: "0" }), /FRONT_SOCKETS_PER_CLIENT/);
    assert.throws(() => frontSettings({ FRONT_SOCKETS_PER_CLIENT: "lots" }), /FRONT_SOCKETS_PER_CLIENT/);
  });
});
