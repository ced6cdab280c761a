// The scoresheet feature (spec feature 2): matches CSV → one merged PDF in one of four layouts.
export { parseScoresheetOptions, type ScoresheetOptions } from "./form-fields.ts";
export { LAYOUT_TYPES, type LayoutType } from "./layout-types.ts";
export { CSV_LIMITS, MAX_MATCHES, type RowProblem, readMatchesCsv } from "./matches-csv.ts";
export { type RenderEvent, renderEvents } from "./render-events.ts";
export {
  createScoresheetRenderer,
  type RenderProgress,
  type RenderRequest,
  renderScoresheets,
  type ScoresheetRenderer,
} from "./renderer.ts";
export { scoresheetRoutes } from "./routes.ts";
export { type ScoresheetJob, scoresheetJob } from "./scoresheet-job.ts";
export type { Match } from "./types.ts";
