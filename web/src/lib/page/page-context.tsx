/**
 * How a page's store reaches its components: the page's entry makes the store once, renders the
 * page inside its context and starts it; a component takes it with the page's `use…()` hook.
 */
import { type ComponentType, createContext, render } from "preact";
import { useContext } from "preact/hooks";
import { registerServiceWorker } from "./service-worker.ts";

export interface PageContext<Store extends { start(): unknown }> {
  /** The page's store, in a component rendered by {@link PageContext.mount}. */
  use(): Store;
  /** Renders `App` into `#app` with `store` in context, starts the store, and registers the pages' service worker. */
  mount(store: Store, App: ComponentType): void;
}

export function pageContext<Store extends { start(): unknown }>(page: string): PageContext<Store> {
  const context = createContext<Store | undefined>(undefined);
  return {
    use() {
      const store = useContext(context);
      if (store === undefined)
        throw new Error(`The ${page} page's component is outside its store's context.`);
      return store;
    },
    mount(store, App) {
      render(
        <context.Provider value={store}>
          <App />
        </context.Provider>,
        document.getElementById("app") as HTMLElement,
      );
      void store.start();
      registerServiceWorker();
    },
  };
}
