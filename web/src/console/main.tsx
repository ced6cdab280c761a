// The operator console: sign in, pick the day, run it, hand out links, print scoresheets, see clashes.
import "../lib/styles/base.css";
import "../lib/styles/day-heading.css";
import "./console.css";
import "./styles/day.css";
import "./styles/links.css";
import "./styles/scoresheets.css";
import "./styles/preflight.css";
import "./styles/scores.css";
import { browserEnvironment } from "../lib/page/browser-environment.ts";
import { App } from "./components/App.tsx";
import { consolePage } from "./context.ts";
import { createConsoleStore } from "./store/console.ts";

consolePage.mount(createConsoleStore(browserEnvironment()), App);
