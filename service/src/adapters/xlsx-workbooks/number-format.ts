import { serialToDate } from "./stored-cell.ts";

/** The display of a date whose cell has no date format (the Sheets API's own default is similar). */
export const DEFAULT_DATE_FORMAT = "yyyy-mm-dd hh:mm";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const DATE_TOKENS =
  /"[^"]*"|\\.|\[[^\]]*\]|yyyy|yy|mmmmm|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|AM\/PM|A\/P|\.0+|[^"\\[]/gi;

/** True when an Excel number format shows a date or time. */
export function isDateFormat(numFmt: string): boolean {
  const bare = numFmt.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, "");
  return /[ymdhs]/i.test(bare) && !/^General$/i.test(bare);
}

/**
 * A number as a cell with this Excel number format displays it, close to Google's FORMATTED_VALUE:
 * `General` shows whole numbers without decimals and others to 10 significant digits; `0.00`,
 * `#,##0`, `0%` and date/time formats (`yyyy-mm-dd hh:mm`, `d mmm`, `h:mm AM/PM`) are honoured.
 * @example formatNumber(3, undefined); // "3"
 * @example formatNumber(45296.5, "yyyy-mm-dd hh:mm"); // "2024-01-05 12:00"
 */
export function formatNumber(value: number, numFmt: string | undefined): string {
  const section = sectionFor(value, numFmt);
  if (section === undefined || /^(General|@)$/i.test(section.format)) return general(value);
  if (isDateFormat(section.format)) return formatDate(value, section.format);
  return formatFixed(section.value, section.format);
}

function sectionFor(value: number, numFmt: string | undefined) {
  if (numFmt === undefined || numFmt === "") return undefined;
  const sections = numFmt.split(";");
  if (value < 0 && sections[1] !== undefined) return { format: sections[1], value: -value };
  if (value === 0 && sections[2] !== undefined) return { format: sections[2], value };
  return { format: sections[0] ?? "General", value };
}

function general(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(10)));
}

function formatFixed(value: number, format: string): string {
  const match = /[#0?][#0?,]*(\.[#0?]*)?|\.[#0?]+/.exec(format);
  if (!match) return general(value);
  const percent = format.includes("%") ? 100 : 1;
  const decimals = (match[0].split(".")[1] ?? "").length;
  const grouped = match[0].split(".")[0]?.includes(",") ?? false;
  const number = (value * percent).toLocaleString("en-US", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: grouped,
  });
  const literal = (text: string) =>
    text
      .replace(/"([^"]*)"/g, "$1")
      .replace(/\\(.)/g, "$1")
      .replace(/[_*]./g, "");
  return (
    literal(format.slice(0, match.index)) + number + literal(format.slice(match.index + match[0].length))
  );
}

function formatDate(serial: number, format: string): string {
  const date = serialToDate(serial);
  const tokens = format.match(DATE_TOKENS) ?? [];
  const twelveHour = tokens.some((token) => /^(AM\/PM|A\/P)$/i.test(token));
  const hours = date.getUTCHours();
  return tokens
    .map((token, i) => {
      const lower = token.toLowerCase();
      const minuteContext = /^h/.test(previousTimeToken(tokens, i)) || /^s/i.test(nextTimeToken(tokens, i));
      switch (lower) {
        case "yyyy":
          return String(date.getUTCFullYear());
        case "yy":
          return pad(date.getUTCFullYear() % 100);
        case "mmmmm":
          return MONTHS[date.getUTCMonth()]!.slice(0, 1);
        case "mmmm":
          return MONTHS[date.getUTCMonth()]!;
        case "mmm":
          return MONTHS[date.getUTCMonth()]!.slice(0, 3);
        case "mm":
          return pad(minuteContext ? date.getUTCMinutes() : date.getUTCMonth() + 1);
        case "m":
          return String(minuteContext ? date.getUTCMinutes() : date.getUTCMonth() + 1);
        case "dddd":
          return DAYS[date.getUTCDay()]!;
        case "ddd":
          return DAYS[date.getUTCDay()]!.slice(0, 3);
        case "dd":
          return pad(date.getUTCDate());
        case "d":
          return String(date.getUTCDate());
        case "hh":
          return pad(twelveHour ? hours % 12 || 12 : hours);
        case "h":
          return String(twelveHour ? hours % 12 || 12 : hours);
        case "ss":
          return pad(date.getUTCSeconds());
        case "s":
          return String(date.getUTCSeconds());
        case "am/pm":
          return hours < 12 ? "AM" : "PM";
        case "a/p":
          return hours < 12 ? "A" : "P";
        default:
          return literalToken(token, date);
      }
    })
    .join("");
}

function literalToken(token: string, date: Date): string {
  if (token.startsWith('"')) return token.slice(1, -1);
  if (token.startsWith("\\")) return token.slice(1);
  if (token.startsWith("[")) return "";
  if (/^\.0+$/.test(token))
    return `.${String(date.getUTCMilliseconds())
      .padStart(3, "0")
      .slice(0, token.length - 1)}`;
  return token;
}

const TIME_TOKEN = /^(hh?|ss?|mm?|yyyy|yy|dd?|ddd|dddd|mmm+)$/i;

function previousTimeToken(tokens: string[], index: number): string {
  for (let i = index - 1; i >= 0; i--) if (TIME_TOKEN.test(tokens[i]!)) return tokens[i]!.toLowerCase();
  return "";
}

function nextTimeToken(tokens: string[], index: number): string {
  for (let i = index + 1; i < tokens.length; i++) if (TIME_TOKEN.test(tokens[i]!)) return tokens[i]!;
  return "";
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}
