/**
 * Desk and scorer links of the chosen day: issuing them (`issuedTo`, `note`), and the links this
 * tab issued, kept in `sessionStorage` with their tokens so their QR codes can be shown again
 * until the tab closes. The service never shows a token twice.
 */
import { signal } from "@preact/signals";
import type { IssuedLink } from "../../lib/api/types.ts";
import type { LinkKind } from "../../lib/links.ts";
import { api, operatorCall } from "./session.ts";
import { task } from "./task.ts";

const STORAGE_KEY = "tournament-ops.issued-links";

/** A link issued in this tab: the service's answer and its kind. */
export interface TabLink extends IssuedLink {
  kind: LinkKind;
  issuedAt: number;
}

/** Links issued in this tab, newest first. */
export const issued = signal<TabLink[]>(stored());
/** The link whose card (address, QR code, copy) is open. */
export const shown = signal<TabLink | undefined>(undefined);
export const issuing = { desk: task<TabLink>(), scorer: task<TabLink>() };

/** Issues a desk or scorer link for a day and opens its card. */
export async function issueLink(
  kind: LinkKind,
  day: string,
  label: { issuedTo: string; note: string },
): Promise<void> {
  const body = { issuedTo: label.issuedTo.trim() || null, note: label.note.trim() || null };
  const path = { params: { path: { day } }, body };
  const link = await issuing[kind].run(async () => {
    const answer = await operatorCall(
      kind === "desk"
        ? api().POST("/v3/days/{day}/attendance/desk-links", path)
        : api().POST("/v3/days/{day}/scores/scorer-links", path),
    );
    return { ...answer, kind, issuedAt: Date.now() };
  });
  if (link === undefined) return;
  issued.value = [link, ...issued.value];
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(issued.value));
  shown.value = link;
}

export function showLink(link: TabLink | undefined): void {
  shown.value = link;
}

function stored(): TabLink[] {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]") as TabLink[];
    return Array.isArray(value) ? value.filter((link) => link.expiresAt > Date.now()) : [];
  } catch {
    return [];
  }
}
