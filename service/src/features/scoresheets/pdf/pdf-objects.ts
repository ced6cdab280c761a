import type { LayoutPlan } from "../layouts/index.ts";

// Object numbers are fixed in advance, so a worker can write its pages' objects before the
// document exists: page i's content stream is FIRST_PAGE_OBJECT + 2i and its page dictionary the next.

/** Fixed objects of every scoresheet document. */
export const OBJECT = {
  catalog: 1,
  pages: 2,
  info: 3,
  regularFont: 4,
  boldFont: 5,
  resources: 6,
  frame: 7,
} as const;

/** The object number of page 0's content stream. */
export const FIRST_PAGE_OBJECT = 8;

/** Page `index`'s content-stream and page-dictionary object numbers. */
export function pageObjects(index: number): { content: number; page: number } {
  const content = FIRST_PAGE_OBJECT + 2 * index;
  return { content, page: content + 1 };
}

/** A stream object with already-deflated data. */
export function streamObject(id: number, dictionary: string, deflated: Uint8Array): Buffer[] {
  return [
    Buffer.from(
      `${id} 0 obj\n<<${dictionary}/Length ${deflated.length}/Filter/FlateDecode>>\nstream\n`,
      "latin1",
    ),
    Buffer.from(deflated.buffer, deflated.byteOffset, deflated.byteLength),
    Buffer.from("\nendstream\nendobj\n", "latin1"),
  ];
}

/** A page dictionary object: its content, the shared resources and the layout's page size. */
export function pageObject(index: number, plan: LayoutPlan): string {
  const { content, page } = pageObjects(index);
  return (
    `${page} 0 obj\n<</Type/Page/Parent ${OBJECT.pages} 0 R/MediaBox[0 0 ${plan.width} ${plan.height}]` +
    `/Contents ${content} 0 R/Resources ${OBJECT.resources} 0 R>>\nendobj\n`
  );
}

/**
 * One chunk's serialized objects: the bytes and, for each object in order (content, page,
 * content, page, …), its offset within `data`.
 */
export interface SerializedPages {
  data: Uint8Array;
  offsets: number[];
}

/**
 * Serializes the pages `first`, `first + 1`, … from their deflated content streams.
 *
 * @example
 * serializePages(0, [deflatedContent], layoutPlan("standard")).offsets; // [0, 123]
 */
export function serializePages(first: number, contents: Uint8Array[], plan: LayoutPlan): SerializedPages {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  contents.forEach((content, i) => {
    offsets.push(length);
    for (const part of streamObject(pageObjects(first + i).content, "", content)) {
      parts.push(part);
      length += part.length;
    }
    offsets.push(length);
    const page = Buffer.from(pageObject(first + i, plan), "latin1");
    parts.push(page);
    length += page.length;
  });
  const data = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    data.set(part, at);
    at += part.length;
  }
  return { data, offsets };
}
