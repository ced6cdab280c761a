// The hall display: a TV in the hall showing courts, results, standings and draws, by itself.
import "../lib/styles/base.css";
import "./display.css";
import "./styles/courts.css";
import "./styles/tables-and-draws.css";
import { browserEnvironment } from "../lib/page/browser-environment.ts";
import { App } from "./components/App.tsx";
import { displayPage } from "./context.ts";
import { createDisplayStore } from "./store.ts";

displayPage.mount(createDisplayStore(browserEnvironment()), App);
