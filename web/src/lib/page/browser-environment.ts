/**
 * The real {@link PageEnvironment}: the browser's own `fetch`, timers, storage, address, history
 * and WebSocket. Made once by each page's `main.tsx`; every global is read when it is used, so a
 * test browser's fake clock or a benchmark's WebSocket wrapper installed first is the one used.
 */
import type { NotificationAnswer, PageEnvironment, PageNotifications } from "../environment.ts";

export function browserEnvironment(): PageEnvironment {
  const listen = (target: EventTarget, names: string[], run: () => void) => {
    for (const name of names) target.addEventListener(name, run);
    return () => {
      for (const name of names) target.removeEventListener(name, run);
    };
  };
  return {
    fetch: (input, init) => fetch(input, init),
    clock: {
      now: () => Date.now(),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      setInterval: (run, ms) => setInterval(run, ms),
      clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    },
    storage: storageOrNothing(() => localStorage),
    tabStorage: storageOrNothing(() => sessionStorage),
    address: {
      current: () => new URL(location.href),
      replace: (address) => history.replaceState(history.state, "", address),
      push(address) {
        history.pushState(null, "", address);
        scrollTo(0, 0);
      },
      onMove: (run) => void listen(window, ["popstate"], run),
      reloadWith(hash) {
        location.hash = hash;
        location.reload();
      },
    },
    connection: {
      online: () => navigator.onLine,
      visible: () => document.visibilityState === "visible",
      onOnlineChange: (run) => listen(window, ["online", "offline"], run),
      onVisible: (run) =>
        listen(document, ["visibilitychange"], () => {
          if (document.visibilityState === "visible") run();
        }),
      onHidden(run) {
        // `pagehide` too: a page closed while in view may get no `visibilitychange` first.
        const stopHiding = listen(document, ["visibilitychange"], () => {
          if (document.visibilityState === "hidden") run();
        });
        const stopClosing = listen(window, ["pagehide"], run);
        return () => {
          stopHiding();
          stopClosing();
        };
      },
    },
    openSocket: (url) => new WebSocket(url),
    download(url, fileName) {
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
    },
    notifications: browserNotifications(),
  };
}

/**
 * The Notification API. A phone's browser may refuse `new Notification()` (Chrome on Android only
 * shows them through a service worker), so a page with a service worker shows them through it.
 */
function browserNotifications(): PageNotifications {
  const supported = () => typeof Notification !== "undefined";
  return {
    permission: (): NotificationAnswer => (supported() ? Notification.permission : "unsupported"),
    request: async (): Promise<NotificationAnswer> =>
      supported() ? await Notification.requestPermission() : "unsupported",
    show(title, body, tag) {
      if (!supported() || Notification.permission !== "granted") return;
      // `data.url`: the page a tap on the notification brings back (offline/sw.ts).
      const options = { body, tag, data: { url: location.href } };
      const direct = () => {
        try {
          new Notification(title, options);
        } catch {
          // Refused outside a service worker: nothing more to do while the page is open.
        }
      };
      const workers = "serviceWorker" in navigator ? navigator.serviceWorker : undefined;
      if (workers === undefined) return direct();
      workers
        .getRegistration()
        .then((registration) => (registration ? registration.showNotification(title, options) : direct()))
        .catch(direct);
    },
  };
}

/** The storage, or undefined when the browser refuses it (reading it throws). */
function storageOrNothing(storage: () => Storage): Storage | undefined {
  try {
    return storage();
  } catch {
    return undefined;
  }
}
