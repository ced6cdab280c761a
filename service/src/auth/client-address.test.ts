import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { clientKey } from "./client-address.ts";

describe("sign-in throttle keys: IPv4 as is, IPv6 per /64 (issue 16)", () => {
  test("every address of one IPv6 /64 counts as one client", () => {
    const keys = ["2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:DB8:1:2:0:0:0:9"].map(
      clientKey,
    );
    assert.deepEqual(new Set(keys), new Set(["2001:db8:1:2::/64"]));
    assert.notEqual(
      clientKey("2001:db8:1:3::1"),
      clientKey("2001:db8:1:2::1"),
      "the next /64 is another client",
    );
  });

  test("IPv4 and IPv4-mapped IPv6 are the same client; a zone is ignored; anything else is kept as is", () => {
    assert.equal(clientKey("203.0.113.9"), "203.0.113.9");
    assert.equal(clientKey("::ffff:203.0.113.9"), "203.0.113.9");
    assert.equal(clientKey("fe80::1%eth0"), "fe80::/64");
    assert.equal(clientKey("not-an-address"), "not-an-address");
  });
});
