import { describe, expect, test } from "vitest";
import { statementNames } from "./prepared-statements";

describe("which queries become named statements", () => {
  test("the same text gets the same name every time, another text another", () => {
    const nameOf = statementNames();
    const lookup = 'select "data" from "accounts" where "bban" = $1';
    expect(nameOf(lookup)).toBe(nameOf(lookup));
    expect(nameOf('select "value" from "meta" where "key" = $1')).not.toBe(nameOf(lookup));
  });

  test("texts with * (a kept plan of select * breaks when a migration adds a column) and statements other than queries stay unnamed", () => {
    const nameOf = statementNames();
    expect(nameOf('select * from "meta" where "key" = $1')).toBeUndefined();
    expect(nameOf('select "p".* from "payments" as "p"')).toBeUndefined();
    expect(nameOf("begin")).toBeUndefined();
    expect(nameOf('create table "x" ("a" text)')).toBeUndefined();
    expect(nameOf('insert into "meta" ("key", "value") values ($1, $2)')).toMatch(/^psd2_\d+$/);
  });

  test("past the bound, new texts go unnamed (a connection keeps a bounded number), the ones named before keep their names", () => {
    const nameOf = statementNames(2);
    const [first, second] = [nameOf("select $1::int"), nameOf("select $1::text")];
    expect(nameOf("select $1::bigint")).toBeUndefined();
    expect(nameOf("select $1::int")).toBe(first);
    expect(nameOf("select $1::text")).toBe(second);
  });
});
