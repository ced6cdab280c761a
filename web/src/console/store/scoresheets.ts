/**
 * Scoresheets of the chosen day: from an uploaded CSV or the day's published matches (every
 * facility or one), in the chosen layout, with a progress bar fed by the service's NDJSON stream;
 * the finished PDF is downloaded.
 */
import { computed, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import type { LayoutType } from "@tournament-ops/service/scoresheet-layouts";
import { generateScoresheets, type ScoresheetProgress } from "../../lib/api/scoresheets.ts";
import type { Diagnostics } from "../../lib/api/types.ts";
import { csvTable, toCsv } from "../../lib/csv.ts";
import type { DayEntry } from "../../lib/data/registry.ts";
import type { DaySnapshot } from "../../lib/data/snapshot.ts";
import type { PageEnvironment } from "../../lib/environment.ts";
import { isLoopbackAddress } from "../../lib/links/link-address.ts";
import type { ConsoleApp } from "./app.ts";
import type { DayStore } from "./day.ts";
import { type Task, task } from "./task.ts";

export interface ScoresheetChoice {
  /** `published`: the day's matches from its snapshot; `upload`: a CSV file the operator chose. */
  source: "published" | "upload";
  /**
   * A facility's name: the one whose matches to print (published), or the one an uploaded file's
   * matches are played in; `undefined` for every facility (published), or as the file says (upload).
   */
  facility: string | undefined;
  file: File | undefined;
  layout: LayoutType;
  title: string;
  blanks: number;
}

/**
 * The matches CSV of a published day: the merged `matchesCsv` for every facility, or the rows of
 * one facility (its own `matchesCsv`).
 */
export function publishedMatches(snapshot: DaySnapshot, facility: string | undefined): string {
  if (facility === undefined) return snapshot.matchesCsv;
  const own = snapshot.facilities.find((f) => f.name === facility);
  if (own === undefined) return "";
  const table = csvTable(own.matchesCsv);
  return toCsv([table.header, ...table.rows]);
}

/** A facility in the list of what to print: how many matches it has, or why it has none. */
export interface PrintableFacility {
  name: string;
  matches: number;
  /** Why there is nothing to print here; undefined when there is. */
  nothing: "no workbook" | "no matches" | undefined;
}

/**
 * The day's facilities for the print list: each with its published matches, or why it has none to
 * print (no workbook, such as a hall kept in the registry for later; or no matches published), so
 * the console marks it and does not offer it. Before the day is published, every facility with a
 * workbook is offered.
 */
export function printableFacilities(entry: DayEntry, snapshot: DaySnapshot | undefined): PrintableFacility[] {
  return entry.day.facilities.map(({ name, sheetId }) => {
    if (!sheetId) return { name, matches: 0, nothing: "no workbook" };
    if (snapshot === undefined) return { name, matches: 0, nothing: undefined };
    const matches = matchCount(publishedMatches(snapshot, name));
    return { name, matches, nothing: matches === 0 ? "no matches" : undefined };
  });
}

/**
 * Where the scoresheets' QR codes lead, as the service's diagnostics say (`scoresheets.scorePageUrl`):
 * `none` without PAGES_URL (no sheet carries one), `this computer` when they open an address on
 * this computer only (a phone cannot), `phones` when a phone can open them; `unknown` until read.
 */
export type QrCodes =
  | { kind: "unknown" }
  | { kind: "none" }
  | { kind: "this computer"; url: string }
  | { kind: "phones"; url: string };

export function qrCodesOf(diagnostics: Diagnostics | undefined): QrCodes {
  const url = diagnostics?.scoresheets?.scorePageUrl;
  if (diagnostics === undefined || url === undefined) return { kind: "unknown" };
  if (url === null) return { kind: "none" };
  return isLoopbackAddress(url) ? { kind: "this computer", url } : { kind: "phones", url };
}

/** The header of an uploaded CSV: its first line's cells (a file's first 64 KiB hold it). */
async function headerOf(file: File): Promise<string[]> {
  return csvTable(await file.slice(0, 64 * 1024).text()).header.map((name) => name.trim().toLowerCase());
}

/** How many matches a CSV text holds (rows with a match number). */
export function matchCount(csv: string): number {
  const table = csvTable(csv);
  const column = table.column("matchNumber");
  return column < 0 ? 0 : table.rows.filter((row) => (row[column] ?? "").trim() !== "").length;
}

export interface ScoresheetsStore {
  /** Whether the sheets will carry QR codes, and where they lead: said before printing. */
  qrCodes: ReadonlySignal<QrCodes>;
  progress: Signal<ScoresheetProgress | undefined>;
  /** The finished PDF: its address (an object URL) for the download link, and its name. */
  pdf: Signal<{ url: string; fileName: string; pages: number } | undefined>;
  generation: Task<void>;
  /** Renders the scoresheets and downloads the PDF. */
  generate(choice: ScoresheetChoice, snapshot: DaySnapshot | undefined, fileName: string): Promise<void>;
  /** Stops a render in progress (the service stops its work when the stream goes away). */
  cancelGeneration(): void;
}

export function createScoresheetsStore(
  env: PageEnvironment,
  app: ConsoleApp,
  day: Pick<DayStore, "diagnostics">,
): ScoresheetsStore {
  const qrCodes = computed(() => qrCodesOf(day.diagnostics.result.value));
  const progress = signal<ScoresheetProgress | undefined>(undefined);
  const pdf = signal<{ url: string; fileName: string; pages: number } | undefined>(undefined);
  const generation = task<void>();
  let running: AbortController | undefined;
  return {
    qrCodes,
    progress,
    pdf,
    generation,
    async generate(choice, snapshot, fileName) {
      const pages = app.config.value;
      if (pages === undefined) return;
      running?.abort();
      running = new AbortController();
      const signal = running.signal;
      progress.value = undefined;
      if (pdf.value !== undefined) URL.revokeObjectURL(pdf.value.url);
      pdf.value = undefined;
      await generation.run(async () => {
        let csv: Blob;
        if (choice.source === "upload") {
          if (choice.file === undefined) throw new Error("Choose the CSV file of matches to print.");
          // Without a facility each sheet's QR code could not say which hall its match is in.
          const printsQr = qrCodes.value.kind !== "none";
          if (
            printsQr &&
            choice.facility === undefined &&
            !(await headerOf(choice.file)).includes("facility")
          )
            throw new Error(
              "This file has no facility column, so its sheets would have no QR code to open their match. Choose the facility these matches are played in.",
            );
          csv = choice.file;
        } else {
          if (snapshot === undefined)
            throw new Error("This day has not been published yet: sync it first, or upload a CSV file.");
          const text = publishedMatches(snapshot, choice.facility);
          if (matchCount(text) === 0 && choice.blanks === 0)
            throw new Error("There are no matches to print here. Sync the day first, or add blank sheets.");
          csv = new Blob([text], { type: "text/csv" });
        }
        const result = await generateScoresheets(
          pages.apiUrl,
          env.fetch,
          {
            csv,
            layout: choice.layout,
            title: choice.title,
            blanks: choice.blanks,
            fileName,
            // A hall's own rows name no facility: the form names it, for each sheet's QR code.
            facility: choice.facility,
          },
          (step) => {
            progress.value = step;
          },
          signal,
        ).catch((error: unknown) => {
          if (signal.aborted) throw new Error("Stopped: no scoresheets were made.");
          throw error;
        });
        progress.value = { done: result.pages, total: result.pages };
        pdf.value = { url: URL.createObjectURL(result.pdf), fileName: result.fileName, pages: result.pages };
        env.download(pdf.value.url, result.fileName);
      });
    },
    cancelGeneration() {
      running?.abort();
    },
  };
}

/** The download's name: letters, digits, dots, dashes and underscores only (the service's `out` rule). */
export function fileNameFor(day: string, facility: string | undefined, layout: LayoutType): string {
  const parts = [day, facility ?? "all-facilities", layout].map((part) =>
    part
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .toLowerCase(),
  );
  return `${parts.join("-").slice(0, 76)}.pdf`;
}
