// `npm start -- --lan`: the address phones on the same network use, and a QR code of it.
import { networkInterfaces } from "node:os";
import { renderUnicodeCompact } from "uqr";

/** This machine's IPv4 addresses on its networks (loopback and link-local left out). */
export function lanAddresses() {
  return Object.values(networkInterfaces())
    .flat()
    .filter(
      (entry) =>
        entry !== undefined &&
        entry.family === "IPv4" &&
        !entry.internal &&
        !entry.address.startsWith("169.254."),
    )
    .map((entry) => /** @type {import("node:os").NetworkInterfaceInfo} */ (entry).address);
}

/** A QR code of `text` for a terminal, two rows of modules per line. @param {string} text */
export function terminalQr(text) {
  return renderUnicodeCompact(text, { border: 2 });
}
