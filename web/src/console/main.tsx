// The operator console: sign in, pick the day, run it, hand out links, print scoresheets, see clashes.
import { effect } from "@preact/signals";
import { render } from "preact";
import "../lib/styles/base.css";
import "./console.css";
import { App } from "./components/App.tsx";
import { now, startApp } from "./store/app.ts";
import { expireSession } from "./store/session.ts";

render(<App />, document.getElementById("app") as HTMLElement);
effect(() => expireSession(now.value));
void startApp();
