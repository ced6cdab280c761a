/**
 * Desk and scorer links one by one: the day's list of issued links in the data repository, who
 * used each and when, and revoking one without touching the others (docs/links.md).
 */
export { LinkBook } from "./link-book.ts";
export { linkRoutes } from "./routes.ts";
