// The check-in desk: opened from a desk link (the token in the address's fragment), it lists a
// facility's people and marks them present with one tap, through flaky venue Wi-Fi.
import { render } from "preact";
import "../lib/styles/base.css";
import "../lib/styles/forms.css";
import "./desk.css";
import { App } from "./components/App.tsx";
import { start } from "./store.ts";

render(<App />, document.getElementById("app") as HTMLElement);
void start();
