import { useEffect } from "preact/hooks";
import type { DayEntry } from "../../lib/data/registry.ts";
import { dayLabel } from "../../lib/manila-time.ts";
import { lazyView } from "../../lib/ui/LazyView.tsx";
import { useConsole } from "../context.ts";
import { addressOf, type View } from "../store/app.ts";
import { RunView } from "./run/RunView.tsx";
import { Shell } from "./Shell.tsx";

// The day's other screens load when first opened: the console's first load carries the run screen.
const CourtsView = lazyView(async () => (await import("./courts/CourtsView.tsx")).CourtsView);
const LinksView = lazyView(async () => (await import("./links/LinksView.tsx")).LinksView);
const ScoresheetsView = lazyView(
  async () => (await import("./scoresheets/ScoresheetsView.tsx")).ScoresheetsView,
);
const ScoresView = lazyView(async () => (await import("./scores/ScoresView.tsx")).ScoresView);
const ClashesView = lazyView(async () => (await import("./clashes/ClashesView.tsx")).ClashesView);

const VIEW_NAMES: Record<View, string> = {
  run: "Run the day",
  courts: "Courts",
  links: "Links",
  scoresheets: "Scoresheets",
  scores: "Scores",
  clashes: "Clashes",
};

/** A day: its title, the screens of the day, and the chosen one. */
export function DayScreen({ entry }: { entry: DayEntry }) {
  const { app, clashes, day: running } = useConsole();
  const { navigate, place } = app;
  const { closeDay, openDay } = running;
  const { event, eventKey, day, dayKey } = entry;
  const view = place.value.view;
  const title = event.title ?? eventKey;
  useEffect(() => {
    openDay(entry);
  }, [entry]);
  useEffect(() => closeDay, []);
  useEffect(() => {
    document.title = `${VIEW_NAMES[view]} · ${day.label} · ${title}`;
  }, [view, day.label, title]);
  const clashCount = clashes.clashes.value.length;
  return (
    <Shell>
      <div class="day-heading">
        <p class="event-title">{title}</p>
        <h1>{day.label}</h1>
        <p class="muted">
          {day.date ? dayLabel(day.date) : "No date"} ·{" "}
          <a
            href="./"
            onClick={(e) => {
              e.preventDefault();
              navigate({ day: undefined });
            }}
          >
            Choose another day
          </a>
        </p>
      </div>
      <nav class="views-nav" aria-label="This day">
        <ul>
          {(Object.keys(VIEW_NAMES) as View[]).map((name) => (
            <li key={name}>
              <a
                href={addressOf({ day: dayKey, view: name })}
                aria-current={name === view ? "page" : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  navigate({ view: name });
                }}
              >
                {VIEW_NAMES[name]}
                {name === "clashes" && clashCount > 0 && <span class="count">({clashCount})</span>}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {view === "run" && <RunView entry={entry} />}
      {view === "courts" && <CourtsView entry={entry} />}
      {view === "links" && <LinksView entry={entry} />}
      {view === "scoresheets" && <ScoresheetsView entry={entry} />}
      {view === "scores" && <ScoresView entry={entry} />}
      {view === "clashes" && <ClashesView entry={entry} />}
    </Shell>
  );
}
