import { describe, expect, it } from "vitest";
import "./reflect-metadata-shim";

// tsyringe (inside @peculiar/x509) needs these three functions and nothing more.
interface Meta {
  getMetadata(key: unknown, target: object): unknown;
  getOwnMetadata(key: unknown, target: object): unknown;
  defineMetadata(key: unknown, value: unknown, target: object): void;
}

describe("the Reflect metadata shim", () => {
  const reflect = Reflect as unknown as Meta;

  it("stores metadata per target and reads it through the prototype chain", () => {
    const base = {};
    const derived: object = Object.create(base) as object;
    reflect.defineMetadata("k", 1, base);
    expect(reflect.getOwnMetadata("k", base)).toBe(1);
    expect(reflect.getOwnMetadata("k", derived)).toBeUndefined();
    expect(reflect.getMetadata("k", derived)).toBe(1);
    expect(reflect.getMetadata("design:paramtypes", derived)).toBeUndefined();
  });
});
