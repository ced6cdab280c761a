// The check-in desk: opened from a desk link (the token in the address's fragment), it lists a
// facility's people and marks them present with one tap, through flaky venue Wi-Fi.
import "../lib/styles/base.css";
import "../lib/styles/day-heading.css";
import "../lib/styles/forms.css";
import "./desk.css";
import { browserEnvironment } from "../lib/page/browser-environment.ts";
import { App } from "./components/App.tsx";
import { deskPage } from "./context.ts";
import { createDeskStore } from "./store.ts";

deskPage.mount(createDeskStore(browserEnvironment()), App);
