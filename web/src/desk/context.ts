/** The desk page's store in context: `main.tsx` mounts the page with it, components take it with {@link useDesk}. */
import { pageContext } from "../lib/page/page-context.tsx";
import type { DeskStore } from "./store.ts";

export const deskPage = pageContext<DeskStore>("desk");
export const useDesk = deskPage.use;
