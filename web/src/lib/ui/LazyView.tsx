/**
 * A screen whose code is loaded when it is first shown, so a page's first load carries only the
 * screen it opens on. A load that fails (the network dropped) says so and offers to try again.
 */
import type { ComponentType, JSX } from "preact";
import { useEffect, useState } from "preact/hooks";

export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  return function LazyView(props: P): JSX.Element {
    const [state, setState] = useState<"loading" | "failed" | "ready">(loaded ? "ready" : "loading");
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (loaded) return;
      let shown = true;
      load().then(
        (view) => {
          loaded = view;
          if (shown) setState("ready");
        },
        () => shown && setState("failed"),
      );
      return () => {
        shown = false;
      };
    }, [attempt]);
    if (loaded) {
      const View = loaded;
      return <View {...props} />;
    }
    if (state === "failed") {
      return (
        <p class="notice warn" role="alert">
          This screen could not be loaded: check the connection.{" "}
          <button
            type="button"
            onClick={() => {
              setState("loading");
              setAttempt(attempt + 1);
            }}
          >
            Try again
          </button>
        </p>
      );
    }
    return (
      <p class="muted" aria-busy="true">
        Loading…
      </p>
    );
  };
}
