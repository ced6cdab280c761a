/**
 * Asks for a desk or scorer link when the page has none: the person pastes the link (or its
 * token) they were sent. The control desk's QR code or message opens the page with the link
 * instead; this is the way in when only the text arrived.
 */

import type { LinkKind } from "@tournament-ops/service/link-rules";
import { useState } from "preact/hooks";
import { type DecodedLink, decodeLink, tokenFrom } from "../links/link-token.ts";

const NAMES: Record<LinkKind, string> = { desk: "desk link", scorer: "scorer link" };
const PAGES: Record<LinkKind, string> = { desk: "desk", scorer: "score" };

export interface LinkPromptProps {
  kind: LinkKind;
  /** A link of the right kind was given. */
  onLink(link: DecodedLink): void;
}

export function LinkPrompt({ kind, onLink }: LinkPromptProps) {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const submit = (event: Event) => {
    event.preventDefault();
    const token = tokenFrom(text);
    const link = token === undefined ? undefined : decodeLink(token);
    if (link === undefined) {
      setProblem(`That is not a ${NAMES[kind]}. Paste the whole link you were sent.`);
    } else if (link.kind !== kind) {
      setProblem(
        `That is a ${NAMES[link.kind]}: open it on the ${PAGES[link.kind]} page. Paste a ${NAMES[kind]} here.`,
      );
    } else {
      setProblem(undefined);
      onLink(link);
    }
  };
  return (
    <form class="link-prompt" onSubmit={submit} noValidate>
      <label for="link-text">Paste your {NAMES[kind]}</label>
      {problem && (
        <p class="field-error" id="link-error">
          <span class="visually-hidden">Error: </span>
          {problem}
        </p>
      )}
      <input
        id="link-text"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellcheck={false}
        value={text}
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? "link-error" : undefined}
        onInput={(event) => setText(event.currentTarget.value)}
      />
      <button type="submit" class="primary">
        Open
      </button>
    </form>
  );
}
