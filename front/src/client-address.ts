import { clientKey as addressKey } from "@tournament-ops/service/client-address";

/**
 * The key a client is counted under: the service's own (`service/src/auth/client-address.ts`,
 * read with ipaddr.js): an IPv4 address, or an IPv6 /64 (a phone changes its privacy address
 * within its /64 at will).
 * @example clientKey("::ffff:192.168.1.7") // "192.168.1.7"
 * @example clientKey("2001:db8:5:6:aa:bb:cc:dd") // "2001:db8:5:6::/64"
 */
export function clientKey(address: string | undefined): string {
  return address === undefined ? "unknown" : addressKey(address);
}

/**
 * Counts what each client holds (requests in flight, sockets), refusing beyond `perClient` each
 * and, when given, `inAll` together.
 * @example const held = new Holdings(32); const release = held.take("10.0.0.7"); if (release) …; release?.();
 */
export class Holdings {
  readonly #counts = new Map<string, number>();
  #total = 0;
  readonly perClient: number;
  readonly inAll: number;
  constructor(perClient: number, inAll = Number.POSITIVE_INFINITY) {
    this.perClient = perClient;
    this.inAll = inAll;
  }

  /** Takes one for `key`: a function that gives it back (once), or `undefined` when a cap is reached. */
  take(key: string): (() => void) | undefined {
    const count = this.#counts.get(key) ?? 0;
    if (count >= this.perClient || this.#total >= this.inAll) return undefined;
    this.#counts.set(key, count + 1);
    this.#total++;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.#total--;
      const left = (this.#counts.get(key) ?? 1) - 1;
      if (left === 0) this.#counts.delete(key);
      else this.#counts.set(key, left);
    };
  }

  /** How many are held in all. */
  get total(): number {
    return this.#total;
  }
}
