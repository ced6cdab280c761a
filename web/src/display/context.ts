/** The hall display's store in context: `main.tsx` mounts the page with it, components take it with {@link useDisplay}. */
import { pageContext } from "../lib/page/page-context.tsx";
import type { DisplayStore } from "./store.ts";

export const displayPage = pageContext<DisplayStore>("display");
export const useDisplay = displayPage.use;
