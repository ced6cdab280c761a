import { LAYOUT_TYPES, type LayoutType } from "@tournament-ops/service/scoresheet-layouts";
import bestOfThree from "../../../../../docs/scoresheets/best-of-3.png";
import noReferee from "../../../../../docs/scoresheets/no-referee.png";
import noRefereeWide from "../../../../../docs/scoresheets/no-referee-wide.png";
import standard from "../../../../../docs/scoresheets/standard.png";

const LAYOUTS: Record<LayoutType, { name: string; hint: string; preview: string }> = {
  standard: { name: "Standard", hint: "One game, with referee, umpire and service judge", preview: standard },
  "no-referee": { name: "No referee", hint: "One game, signed by the team captains", preview: noReferee },
  "no-referee-wide": {
    name: "No referee, wide",
    hint: "One game on landscape paper, wider point boxes",
    preview: noRefereeWide,
  },
  "best-of-3": { name: "Best of 3", hint: "Three games per sheet", preview: bestOfThree },
};

/** The scoresheet layouts (the service's names), each chosen from its preview. */
export function LayoutChoice({ chosen, choose }: { chosen: LayoutType; choose(layout: LayoutType): void }) {
  return (
    <fieldset>
      <legend>Layout</legend>
      <div class="layouts">
        {LAYOUT_TYPES.map((layout) => (
          <div class="layout" key={layout}>
            <input
              type="radio"
              name="layout"
              id={`layout-${layout}`}
              checked={chosen === layout}
              onChange={() => choose(layout)}
              aria-describedby={`layout-${layout}-hint`}
            />
            <label for={`layout-${layout}`}>
              <img src={LAYOUTS[layout].preview} alt="" loading="lazy" />
              <span class="layout-name">{LAYOUTS[layout].name}</span>
              <span class="hint" id={`layout-${layout}-hint`}>
                {LAYOUTS[layout].hint}
              </span>
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
