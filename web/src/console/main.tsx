// The operator console: sign in, pick the day, run it, hand out links, print scoresheets, see clashes.
import "../lib/styles/base.css";
import "../lib/styles/day-heading.css";
import "./console.css";
import { browserEnvironment } from "../lib/page/browser-environment.ts";
import { App } from "./components/App.tsx";
import { consolePage } from "./context.ts";
import { createConsoleStore } from "./store/console.ts";

consolePage.mount(createConsoleStore(browserEnvironment()), App);
