/**
 * Scoresheets of the chosen day: from an uploaded CSV or the day's published matches (every
 * facility or one), in the chosen layout, with a progress bar fed by the service's NDJSON stream;
 * the finished PDF is downloaded.
 */
import { type Signal, signal } from "@preact/signals";
import {
  generateScoresheets,
  type ScoresheetLayout,
  type ScoresheetProgress,
} from "../../lib/api/scoresheets.ts";
import { csvTable, toCsv } from "../../lib/csv.ts";
import type { DaySnapshot } from "../../lib/data/snapshot.ts";
import type { PageEnvironment } from "../../lib/page/environment.ts";
import type { ConsoleApp } from "./app.ts";
import { type Task, task } from "./task.ts";

export interface ScoresheetChoice {
  /** `published`: the day's matches from its snapshot; `upload`: a CSV file the operator chose. */
  source: "published" | "upload";
  /** A facility's name, or `undefined` for every facility (published source only). */
  facility: string | undefined;
  file: File | undefined;
  layout: ScoresheetLayout;
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

/** How many matches a CSV text holds (rows with a match number). */
export function matchCount(csv: string): number {
  const table = csvTable(csv);
  const column = table.column("matchNumber");
  return column < 0 ? 0 : table.rows.filter((row) => (row[column] ?? "").trim() !== "").length;
}

export interface ScoresheetsStore {
  progress: Signal<ScoresheetProgress | undefined>;
  /** The finished PDF: its address (an object URL) for the download link, and its name. */
  pdf: Signal<{ url: string; fileName: string; pages: number } | undefined>;
  generation: Task<void>;
  /** Renders the scoresheets and downloads the PDF. */
  generate(choice: ScoresheetChoice, snapshot: DaySnapshot | undefined, fileName: string): Promise<void>;
  /** Stops a render in progress (the service stops its work when the stream goes away). */
  cancelGeneration(): void;
}

export function createScoresheetsStore(env: PageEnvironment, app: ConsoleApp): ScoresheetsStore {
  const progress = signal<ScoresheetProgress | undefined>(undefined);
  const pdf = signal<{ url: string; fileName: string; pages: number } | undefined>(undefined);
  const generation = task<void>();
  let running: AbortController | undefined;
  return {
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
          { csv, layout: choice.layout, title: choice.title, blanks: choice.blanks, fileName },
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
