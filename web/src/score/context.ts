/** The score page's store in context: `main.tsx` mounts the page with it, components take it with {@link useScore}. */
import { pageContext } from "../lib/page/page-context.tsx";
import type { ScoreStore } from "./store.ts";

export const scorePage = pageContext<ScoreStore>("score");
export const useScore = scorePage.use;
