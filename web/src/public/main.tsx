// The spectators' page: the event list, and a day's live results.
import { render } from "preact";
import "../lib/styles/base.css";
import "./public.css";
import "./results.css";
import { App } from "./components/App.tsx";
import { start } from "./store.ts";

render(<App />, document.getElementById("app") as HTMLElement);
void start();
