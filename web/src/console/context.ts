/** The console's store in context: `main.tsx` mounts the page with it, components take it with {@link useConsole}. */
import { pageContext } from "../lib/page/page-context.tsx";
import type { ConsoleStore } from "./store/console.ts";

export const consolePage = pageContext<ConsoleStore>("console");
export const useConsole = consolePage.use;
