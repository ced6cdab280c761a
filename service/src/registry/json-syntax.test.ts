import assert from "node:assert/strict";
import { test } from "node:test";
import { jsonSyntaxProblem } from "./json-syntax.ts";

const problemOf = (text: string) => {
  try {
    JSON.parse(text);
  } catch (error) {
    return jsonSyntaxProblem(text, error);
  }
  throw new Error("the text parses");
};

test("a registry cut short names the line and column where it ends, though Node's words name no position", () => {
  // What issue 39 found validate-registry printing alone: "Unexpected end of JSON input".
  const cut = '{\n  "version": 1,\n  "events": {"a": \n\n  \n';
  assert.equal(problemOf(cut), "line 3, column 18: Unexpected end of JSON input");
  assert.equal(problemOf(""), "line 1, column 1: Unexpected end of JSON input");
});

test("a mistake Node places is named at its line and column, without Node's own position", () => {
  assert.equal(
    problemOf('{\n  "version": 1\n  "events": {}\n}'),
    "line 3, column 3: Expected ',' or '}' after property value in JSON",
  );
});
