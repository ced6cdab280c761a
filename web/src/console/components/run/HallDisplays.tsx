import type { DayEntry } from "../../../lib/data/registry.ts";
import { displayPageUrl } from "../../../lib/links/display-address.ts";
import { isLoopbackAddress } from "../../../lib/links/link-address.ts";
import { CopyButton } from "../../../lib/ui/CopyButton.tsx";

/**
 * The hall displays' addresses, one per hall and one for all halls in turn: a TV opened on one
 * shows the courts, latest results, standings and draws by itself (docs/pages.md, "The hall display").
 */
export function HallDisplays({ entry }: { entry: DayEntry }) {
  const halls = entry.day.facilities.filter((facility) => facility.sheetId);
  const all = displayPageUrl(entry.dayKey, undefined);
  const choices = [
    ...halls.map((facility) => ({
      name: facility.name,
      copy: `Copy ${facility.name}'s display address`,
      address: displayPageUrl(entry.dayKey, facility.name),
    })),
    ...(halls.length > 1
      ? [{ name: "Every hall in turn", copy: "Copy the every-hall display address", address: all }]
      : []),
  ];
  return (
    <section class="panel" aria-labelledby="hall-displays-heading">
      <h2 id="hall-displays-heading">Hall displays</h2>
      <p>
        Open a hall's address full screen on a TV in that hall: courts now and next, the latest results,
        standings and draws, turning every 15 seconds by themselves. No one needs to touch it; it reconnects
        by itself after a network or relay drop.
      </p>
      {isLoopbackAddress(all) && (
        <p class="notice warn">
          These addresses point at this computer, so a TV cannot open them. Start the stack with{" "}
          <code>npm start -- --lan</code> and open the console at the address it prints for phones.
        </p>
      )}
      <ul class="facilities">
        {choices.map(({ name, copy, address }) => (
          <li key={address}>
            <a href={address} target="_blank" rel="noopener">
              {name}
              <span class="visually-hidden"> display (opens a new tab)</span>
            </a>
            <CopyButton text={address} label={copy} />
          </li>
        ))}
      </ul>
    </section>
  );
}
