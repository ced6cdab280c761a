// The spectators' page: the event list, and a day's live results.
import "../lib/styles/base.css";
import "../lib/styles/day-heading.css";
import "./public.css";
import "./results.css";
import { browserEnvironment } from "../lib/page/browser-environment.ts";
import { App } from "./components/App.tsx";
import { publicPage } from "./context.ts";
import { createPublicStore } from "./store.ts";

publicPage.mount(createPublicStore(browserEnvironment()), App);
