/** A failed action's sentence, announced when it appears. */
export function Problem({ text }: { text: string | undefined }) {
  if (text === undefined) return null;
  return (
    <p class="notice warn" role="alert">
      {text}
    </p>
  );
}

/** A short result of an action, announced politely. */
export function Said({ children }: { children: preact.ComponentChildren }) {
  return (
    <div class="notice" role="status">
      {children}
    </div>
  );
}
