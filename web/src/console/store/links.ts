/**
 * Desk and scorer links of the chosen day: issuing them (`issuedTo`, `note`), the day's list as the
 * service keeps it (label, expiry, last use, revoked), and revoking one. The links this tab issued
 * keep their tokens in this tab's storage (`sessionStorage`, until the tab closes or the operator is
 * signed out), so their QR
 * codes can be shown again: the service never shows a token twice.
 */
import { type Signal, signal } from "@preact/signals";
import { ApiError } from "../../lib/api/client.ts";
import type { IssuedLink, Link } from "../../lib/api/types.ts";
import type { LinkKind } from "../../lib/links/link-token.ts";
import type { PageEnvironment } from "../../lib/page/environment.ts";
import type { SessionStore } from "./session.ts";
import { type Task, task } from "./task.ts";

const STORAGE_KEY = "tournament-ops.issued-links";

/** A link issued in this tab: the service's answer and its kind. */
export interface TabLink extends IssuedLink {
  kind: LinkKind;
  issuedAt: number;
}

export interface LinksStore {
  /** Links issued in this tab, newest first (those expired when the console opened left out). */
  issued: Signal<TabLink[]>;
  /** The link whose card (address, QR code, copy) is open. */
  shown: Signal<TabLink | undefined>;
  issuing: Record<LinkKind, Task<TabLink>>;
  /** The day's links as the service lists them. */
  links: Task<{ day: string; links: Link[] }>;
  /** The link being revoked, and how it went. */
  revoking: Task<Link>;
  /** Issues a desk or scorer link for a day, opens its card and reads the day's list again. */
  issueLink(kind: LinkKind, day: string, label: { issuedTo: string; note: string }): Promise<void>;
  showLink(link: TabLink | undefined): void;
  /** Reads the day's list of links (after the read under way, if there is one). */
  readLinks(day: string): Promise<void>;
  /** Revokes one link; it stops working within about a minute on every instance of the service. */
  revokeLink(day: string, linkId: string): Promise<void>;
  /** Forgets the links this tab issued, tokens and all: the operator was signed out. */
  forgetIssuedLinks(): void;
}

export function createLinksStore(env: PageEnvironment, { api, operatorCall }: SessionStore): LinksStore {
  const storage = env.tabStorage;
  const stored = (): TabLink[] => {
    try {
      const value = JSON.parse(storage?.getItem(STORAGE_KEY) ?? "[]") as TabLink[];
      return Array.isArray(value) ? value.filter((link) => link.expiresAt > env.clock.now()) : [];
    } catch {
      return [];
    }
  };
  const issued = signal<TabLink[]>(stored());
  const shown = signal<TabLink | undefined>(undefined);
  const issuing = { desk: task<TabLink>(), scorer: task<TabLink>() };
  const links = task<{ day: string; links: Link[] }>();
  const revoking = task<Link>();
  /** A read asked for while one was running: it runs when that one ends, so it sees every change. */
  let readAgain: string | undefined;

  const readLinks = async (day: string): Promise<void> => {
    if (links.busy.value) {
      readAgain = day;
      return;
    }
    await links.run(() => operatorCall(api().GET("/v3/days/{day}/links", { params: { path: { day } } })));
    const next = readAgain;
    readAgain = undefined;
    if (next !== undefined) await readLinks(next);
  };

  return {
    issued,
    shown,
    issuing,
    links,
    revoking,
    async issueLink(kind, day, label) {
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
          const detail =
            error instanceof ApiError && error.status === 403 ? error.problem?.detail : undefined;
          throw detail ? new Error(`${detail.charAt(0).toUpperCase()}${detail.slice(1)}.`) : error;
        });
        return { ...answer, kind, issuedAt: env.clock.now() };
      });
      if (link === undefined) return;
      issued.value = [link, ...issued.value];
      storage?.setItem(STORAGE_KEY, JSON.stringify(issued.value));
      shown.value = link;
      void readLinks(day);
    },
    showLink(link) {
      shown.value = link;
    },
    readLinks,
    async revokeLink(day, linkId) {
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
    },
    forgetIssuedLinks() {
      storage?.removeItem(STORAGE_KEY);
      issued.value = [];
      shown.value = undefined;
    },
  };
}
