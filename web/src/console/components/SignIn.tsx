import { useEffect, useRef } from "preact/hooks";
import { useConsole } from "../context.ts";
import { Shell } from "./Shell.tsx";

/** Sign-in as the tournament's one operator; what went wrong is said above the form, in words. */
export function SignIn() {
  const { signIn, signInProblem, signingIn } = useConsole().session;
  const summary = useRef<HTMLDivElement>(null);
  const problem = signInProblem.value;
  useEffect(() => {
    document.title = "Sign in · Operator console";
  }, []);
  useEffect(() => {
    if (problem !== undefined) summary.current?.focus();
  }, [problem]);
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    void signIn(String(form.get("username") ?? ""), String(form.get("password") ?? ""));
  };
  return (
    <Shell>
      <div class="narrow">
        <h1>Sign in</h1>
        {problem !== undefined && (
          <div class="notice warn" role="alert" tabIndex={-1} ref={summary}>
            {problem}
          </div>
        )}
        <p>
          Sign in as the tournament's operator. You stay signed in in this tab until you sign out, the sign-in
          expires or you close the tab.
        </p>
        <form class="stack" onSubmit={submit} noValidate>
          <label for="username">Username</label>
          <input id="username" name="username" autocomplete="username" required />
          <label for="password">Password</label>
          <input id="password" name="password" type="password" autocomplete="current-password" required />
          <button type="submit" class="primary" disabled={signingIn.value}>
            {signingIn.value ? "Signing in…" : "Sign in"}
          </button>
        </form>
      </div>
    </Shell>
  );
}
