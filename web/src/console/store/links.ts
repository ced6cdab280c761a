/**
 * Desk and scorer links of the chosen day: issuing them (`issuedTo`, `note`), the day's list as the
 * service keeps it (label, expiry, last use, revoked), and revoking one. The links this tab issued
 * keep their tokens in `sessionStorage` (until the tab closes or the operator is signed out), so
 * their QR codes can be shown again: the service never shows a token twice.
 */
import { signal } from "@preact/signals";
import { ApiError } from "../../lib/api/client.ts";
import type { IssuedLink, Link } from "../../lib/api/types.ts";
import type { LinkKind } from "../../lib/links/link-token.ts";
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
/** The day's links as the service lists them. */
export const links = task<{ day: string; links: Link[] }>();
/** The link being revoked, and how it went. */
export const revoking = task<Link>();

/** Issues a desk or scorer link for a day, opens its card and reads the day's list again. */
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
    ).catch((error: unknown) => {
      // Why an issue is refused (the day is over, the list is full, the label is a revoked
      // link's…) is written by the service for the operator: say it as it is.
      const detail = error instanceof ApiError && error.status === 403 ? error.problem?.detail : undefined;
      throw detail ? new Error(`${detail.charAt(0).toUpperCase()}${detail.slice(1)}.`) : error;
    });
    return { ...answer, kind, issuedAt: Date.now() };
  });
  if (link === undefined) return;
  issued.value = [link, ...issued.value];
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(issued.value));
  shown.value = link;
  void readLinks(day);
}

export function showLink(link: TabLink | undefined): void {
  shown.value = link;
}

/** A read asked for while one was running: it runs when that one ends, so it sees every change. */
let readAgain: string | undefined;

/** Reads the day's list of links (after the read under way, if there is one). */
export async function readLinks(day: string): Promise<void> {
  if (links.busy.value) {
    readAgain = day;
    return;
  }
  await links.run(() => operatorCall(api().GET("/v3/days/{day}/links", { params: { path: { day } } })));
  const next = readAgain;
  readAgain = undefined;
  if (next !== undefined) await readLinks(next);
}

/** Revokes one link; it stops working within about a minute on every instance of the service. */
export async function revokeLink(day: string, linkId: string): Promise<void> {
  const answer = await revoking.run(async () => {
    const { link } = await operatorCall(
      api().PUT("/v3/days/{day}/links/{linkId}/revocation", { params: { path: { day, linkId } } }),
    );
    return link;
  });
  if (answer === undefined) return;
  if (shown.value?.linkId === linkId) shown.value = undefined;
  const current = links.result.value;
  if (current?.day === day) {
    links.result.value = {
      day,
      links: current.links.map((link) => (link.linkId === linkId ? answer : link)),
    };
  }
}

/** Forgets the links this tab issued, tokens and all: the operator was signed out. */
export function forgetIssuedLinks(): void {
  sessionStorage.removeItem(STORAGE_KEY);
  issued.value = [];
  shown.value = undefined;
}

function stored(): TabLink[] {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]") as TabLink[];
    return Array.isArray(value) ? value.filter((link) => link.expiresAt > Date.now()) : [];
  } catch {
    return [];
  }
}
