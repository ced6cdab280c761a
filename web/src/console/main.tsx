// The operator console: sign in, pick the day, run it, hand out links, print scoresheets, see clashes.
import { effect } from "@preact/signals";
import { render } from "preact";
import "../lib/styles/base.css";
import "./console.css";
import { App } from "./components/App.tsx";
import { now, startApp } from "./store/app.ts";
import { forgetIssuedLinks } from "./store/links.ts";
import { expireSession, onSignOut, session } from "./store/session.ts";

// The links issued in this tab keep their tokens only while the operator is signed in (a tab
// reloaded after its sign-in expired has none).
onSignOut(forgetIssuedLinks);
if (session.value === undefined) forgetIssuedLinks();
render(<App />, document.getElementById("app") as HTMLElement);
effect(() => expireSession(now.value));
void startApp();
