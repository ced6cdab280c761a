/**
 * Desk and scorer links of the chosen day: issuing them (`issuedTo`, `note`), the day's list as the
 * service keeps it (label, expiry, last use, revoked), and revoking one. The links this tab issued
 * keep their tokens in this tab's storage (`sessionStorage`, until the tab closes or the operator is
 * signed out), so their QR
 * codes can be shown again: the service never shows a token twice.
 */
import { type Signal, signal } from "@preact/signals";
import { type LinkKind, type LinkLabel, linkLabel } from "@tournament-ops/service/link-rules";
import { ApiError } from "../../lib/api/client.ts";
import type { IssuedLink, Link } from "../../lib/api/types.ts";
import type { PageEnvironment } from "../../lib/environment.ts";
import { freeVariant, sameLabel } from "../../lib/links/link-labels.ts";
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
  /**
   * A desk link refused because its label is a revoked link's (two desk links with one label on
   * one day are one link): that revoked link, so its replacement can be offered.
   */
  revokedLabel: Signal<Link | undefined>;
  /** Issues a desk or scorer link for a day, opens its card and reads the day's list again. */
  issueLink(
    kind: LinkKind,
    day: string,
    label: { issuedTo: string; note: string },
  ): Promise<TabLink | undefined>;
  /**
   * Issues the replacement of a revoked or expired link in one step, under a free variant of a
   * revoked link's label (`Front desk 2 (Rizal Hall)`), else under its own; its card opens.
   */
  replaceLink(day: string, link: Link): Promise<TabLink | undefined>;
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
  const revokedLabel = signal<Link | undefined>(undefined);

  /** The day's links as last read. */
  const dayLinks = (day: string): Link[] => (links.result.value?.day === day ? links.result.value.links : []);
  /** The revoked desk link of the day that has this label, if any. */
  const revokedWith = (day: string, label: LinkLabel): Link | undefined =>
    dayLinks(day).find((l) => l.kind === "desk" && l.revokedAt !== null && sameLabel(l, label));
  /** The refusal of a revoked desk link's label, in words; its replacement is offered beside it. */
  const refusal = (day: string, revoked: Link) => {
    revokedLabel.value = revoked;
    const next = linkLabel("desk", freeVariant("desk", revoked, dayLinks(day)));
    return new Error(
      `“${linkLabel("desk", revoked)}” was revoked, so that label cannot be used again on this day. Replace it to issue “${next}” in one step, or choose another label.`,
    );
  };

  /** The read under way, and the one asked for meanwhile: it runs when that one ends, so it sees every change. */
  let reading: Promise<void> | undefined;
  let queued: { day: string; read: Promise<void> } | undefined;
  const readLinks = (day: string): Promise<void> => {
    if (reading === undefined) {
      reading = links
        .run(() => operatorCall(api().GET("/v3/days/{day}/links", { params: { path: { day } } })))
        .then(() => {
          reading = undefined;
        });
      return reading;
    }
    if (queued !== undefined) {
      queued.day = day;
      return queued.read;
    }
    const next: { day: string; read: Promise<void> } = {
      day,
      read: reading.then((): Promise<void> => {
        queued = undefined;
        return readLinks(next.day);
      }),
    };
    queued = next;
    return next.read;
  };

  const issueLink: LinksStore["issueLink"] = async (kind, day, label) => {
    revokedLabel.value = undefined;
    const body = { issuedTo: label.issuedTo.trim() || null, note: label.note.trim() || null };
    const path = { params: { path: { day } }, body };
    const link = await issuing[kind].run(async () => {
      // A desk link under a revoked one's label would be that link: say so before asking.
      const known = kind === "desk" ? revokedWith(day, body) : undefined;
      if (known !== undefined) throw refusal(day, known);
      const answer = await operatorCall(
        kind === "desk"
          ? api().POST("/v3/days/{day}/attendance/desk-links", path)
          : api().POST("/v3/days/{day}/scores/scorer-links", path),
      ).catch(async (error: unknown) => {
        if (!(error instanceof ApiError && error.status === 403)) throw error;
        if (error.problem?.revoked === true) {
          // Revoked on another tab or instance since this list was read.
          await readLinks(day);
          const revoked = revokedWith(day, body);
          if (revoked !== undefined) throw refusal(day, revoked);
        }
        // Why an issue is refused (the day is over, the list is full…) is written by the
        // service for the operator: say it as it is.
        const detail = error.problem?.detail;
        throw detail ? new Error(`${detail.charAt(0).toUpperCase()}${detail.slice(1)}.`) : error;
      });
      return { ...answer, kind, issuedAt: env.clock.now() };
    });
    if (link === undefined) return undefined;
    issued.value = [link, ...issued.value];
    storage?.setItem(STORAGE_KEY, JSON.stringify(issued.value));
    shown.value = link;
    void readLinks(day);
    return link;
  };

  return {
    issued,
    shown,
    issuing,
    links,
    revoking,
    revokedLabel,
    issueLink,
    async replaceLink(day, link) {
      await readLinks(day);
      const taken = dayLinks(day).filter((other) => other.kind === link.kind);
      const label = link.revokedAt === null ? link : freeVariant(link.kind, link, taken);
      return issueLink(link.kind, day, { issuedTo: label.issuedTo ?? "", note: label.note ?? "" });
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
