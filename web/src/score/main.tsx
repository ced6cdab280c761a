// The umpire's score page: opened once a day from a scorer link (kept on the phone until it
// expires), then from each scoresheet's QR code (`?facility=<name>&match=<number>`).
import "../lib/styles/base.css";
import "../lib/styles/day-heading.css";
import "../lib/styles/forms.css";
import "./score.css";
import { browserEnvironment } from "../lib/page/browser-environment.ts";
import { App } from "./components/App.tsx";
import { scorePage } from "./context.ts";
import { createScoreStore } from "./store.ts";

scorePage.mount(createScoreStore(browserEnvironment()), App);
