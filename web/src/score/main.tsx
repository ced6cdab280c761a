// The umpire's score page: opened once a day from a scorer link (kept on the phone until it
// expires), then from each scoresheet's QR code (`?facility=<name>&match=<number>`).
import { render } from "preact";
import "../lib/styles/base.css";
import "../lib/styles/forms.css";
import "./score.css";
import { App } from "./components/App.tsx";
import { start } from "./store.ts";

render(<App />, document.getElementById("app") as HTMLElement);
void start();
