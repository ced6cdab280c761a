import ipaddr from "ipaddr.js";

/**
 * The key a client address is counted under by the sign-in throttle: an IPv4 address as it is
 * (an IPv4-mapped IPv6 address such as `::ffff:203.0.113.9` as its IPv4 form), an IPv6 address
 * by its /64 network. One subscriber usually holds a whole /64 and can pick any address in it,
 * so counting single IPv6 addresses would give one caller 2^64 fresh counts.
 * @example clientKey("2001:db8:1:2:aaaa::1") // "2001:db8:1:2::/64"
 * @example clientKey("::ffff:203.0.113.9") // "203.0.113.9"
 */
export function clientKey(address: string): string {
  // A scoped link-local address carries `%<zone>`, which the parser refuses.
  const text = address.split("%", 1)[0] ?? address;
  if (!ipaddr.isValid(text)) return address;
  const parsed = ipaddr.process(text);
  if (parsed.kind() === "ipv4") return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}
