/**
 * A row of tabs as WAI-ARIA describes them: one tab stop, arrow keys (and Home, End) move between
 * tabs and choose at once, the chosen tab names its panel (the only one in the page). The row scrolls sideways when the tabs do
 * not fit a phone's width; the chosen tab is scrolled into view.
 */
import { useEffect, useRef } from "preact/hooks";
import "./tabs.css";

export interface Tab {
  id: string;
  label: string;
  /** Words after the label for screen readers only (a stale facility's warning). */
  hint?: string;
  /** A mark shown after the label (its meaning is in `hint`). */
  mark?: string;
}

export interface TabsProps {
  /** What the tabs choose, for screen readers ("Facilities"). */
  label: string;
  tabs: Tab[];
  selected: string;
  onSelect(id: string): void;
  /** Prefix of the element ids, so a panel can name its tab. */
  idPrefix: string;
}

/** The id of tab number `index`. */
export const tabId = (prefix: string, index: number) => `${prefix}-tab-${index}`;
/** The id of the panel of tab number `index`. */
export const panelId = (prefix: string, index: number) => `${prefix}-panel-${index}`;

export function Tabs({ label, tabs, selected, onSelect, idPrefix }: TabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const chosen = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
  );
  useEffect(() => {
    const tab = list.current?.children[chosen] as HTMLElement | undefined;
    tab?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [chosen]);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: chosen + 1,
      ArrowLeft: chosen - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const index = (target + tabs.length) % tabs.length;
    onSelect((tabs[index] as Tab).id);
    (list.current?.children[index] as HTMLElement | undefined)?.focus();
  };

  return (
    <div class="tabs" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={tabId(idPrefix, index)}
          aria-selected={index === chosen}
          aria-controls={index === chosen ? panelId(idPrefix, index) : undefined}
          tabIndex={index === chosen ? 0 : -1}
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
          {tab.mark && <span aria-hidden="true"> {tab.mark}</span>}
          {tab.hint && <span class="visually-hidden"> ({tab.hint})</span>}
        </button>
      ))}
    </div>
  );
}
