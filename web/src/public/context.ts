/** The public page's store in context: `main.tsx` mounts the page with it, components take it with {@link usePublic}. */
import { pageContext } from "../lib/page/page-context.tsx";
import type { PublicStore } from "./store.ts";

export const publicPage = pageContext<PublicStore>("public");
export const usePublic = publicPage.use;
