import { GoogleApiError } from "./google-api-error.ts";

/** A parsed field mask: each selected member, with the mask of its own members (`true`: all of it). */
type Mask = Map<string, Mask | true>;

function parse(text: string, at: { i: number }): Mask {
  const mask: Mask = new Map();
  for (;;) {
    const name = /^[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*/.exec(text.slice(at.i))?.[0];
    if (!name) throw GoogleApiError.invalid(`Invalid field selection ${text}`);
    at.i += name.length;
    let inner: Mask | true = true;
    if (text[at.i] === "(") {
      at.i++;
      inner = parse(text, at);
      if (text[at.i] !== ")") throw GoogleApiError.invalid(`Invalid field selection ${text}`);
      at.i++;
    }
    // `a.b.c` is `a(b(c))`.
    const parts = name.split(".");
    let node: Mask | true = inner;
    for (const part of parts.slice(1).reverse()) node = new Map([[part, node]]);
    const head = parts[0] as string;
    const existing = mask.get(head);
    mask.set(head, existing === undefined ? node : merge(existing, node));
    if (text[at.i] !== ",") return mask;
    at.i++;
  }
}

function merge(a: Mask | true, b: Mask | true): Mask | true {
  if (a === true || b === true) return true;
  const merged: Mask = new Map(a);
  for (const [name, node] of b) {
    const other = merged.get(name);
    merged.set(name, other === undefined ? node : merge(other, node));
  }
  return merged;
}

function select(value: unknown, mask: Mask | true): unknown {
  if (mask === true || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => select(item, mask));
  const out: Record<string, unknown> = {};
  for (const [name, node] of mask) {
    const member = (value as Record<string, unknown>)[name];
    if (member !== undefined) out[name] = select(member, node);
  }
  return out;
}

/**
 * Applies a `fields` parameter to a response as Google does: `sheets.properties(sheetId,title)`,
 * `sheets(properties,data.rowData.values(userEnteredValue))` and the like.
 * @example applyFieldMask(spreadsheet, "sheets.properties.title") // { sheets: [{ properties: { title } }] }
 */
export function applyFieldMask(value: unknown, fields: string | null): unknown {
  if (fields === null || fields.trim() === "" || fields.trim() === "*") return value;
  const text = fields.replaceAll(" ", "");
  const at = { i: 0 };
  const mask = parse(text, at);
  if (at.i !== text.length) throw GoogleApiError.invalid(`Invalid field selection ${fields}`);
  return select(value, mask);
}

/** Whether a mask selects a member path such as `sheets.data` (a missing mask selects nothing extra). */
export function maskSelects(fields: string | null, path: string): boolean {
  if (fields === null) return false;
  const probe = path.split(".").reduceRight<unknown>((inner, name) => ({ [name]: inner }), 1);
  const selected = applyFieldMask(probe, fields);
  return JSON.stringify(selected).includes("1");
}
