/**
 * A button that copies a text (a link's address) and says so for a few seconds, in words a screen
 * reader announces. Where the clipboard is refused (a page not on https or localhost), it selects
 * the text in `fallback` so the person can copy it by hand, and says that instead.
 */
import { useEffect, useState } from "preact/hooks";

export interface CopyButtonProps {
  text: string;
  /** The button's words ("Copy the link"). */
  label: string;
  /** The element that shows the text, selected when the clipboard is not available. */
  fallback?: () => HTMLElement | null;
}

export function CopyButton({ text, label, fallback }: CopyButtonProps) {
  const [said, say] = useState("");
  useEffect(() => {
    if (said === "") return;
    const timer = setTimeout(() => say(""), 4000);
    return () => clearTimeout(timer);
  }, [said]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      say("Copied.");
    } catch {
      const element = fallback?.();
      if (element) getSelection()?.selectAllChildren(element);
      say("Copying is not allowed here: the text is selected, copy it by hand.");
    }
  };
  return (
    <span class="copy">
      <button type="button" onClick={copy}>
        {label}
      </button>
      <span class="copy-said" role="status">
        {said}
      </span>
    </span>
  );
}
