// @peculiar/x509 v2 still registers its algorithms through tsyringe, and tsyringe
// throws at import time unless a Reflect metadata polyfill is present
// ("tsyringe requires a reflect polyfill"). The full `reflect-metadata` package is not
// needed: tsyringe only calls getMetadata, getOwnMetadata and defineMetadata, and
// @peculiar/x509 never relies on emitted design-time types. This WeakMap store is
// the smallest thing that satisfies it, and it steps aside if a real polyfill is loaded.

type MetadataStore = WeakMap<object, Map<unknown, unknown>>;

interface ReflectWithMetadata {
  getMetadata?: (key: unknown, target: object) => unknown;
  getOwnMetadata?: (key: unknown, target: object) => unknown;
  defineMetadata?: (key: unknown, value: unknown, target: object) => void;
}

const reflect = Reflect as unknown as ReflectWithMetadata;

if (typeof reflect.getMetadata !== "function") {
  const store: MetadataStore = new WeakMap();
  const own = (target: object) => store.get(target);
  reflect.defineMetadata = (key, value, target) => {
    const map = own(target) ?? new Map<unknown, unknown>();
    map.set(key, value);
    store.set(target, map);
  };
  reflect.getOwnMetadata = (key, target) => own(target)?.get(key);
  reflect.getMetadata = (key, target) => {
    // Walks the prototype chain, as reflect-metadata's getMetadata does.
    for (let t: object | null = target; t; t = Object.getPrototypeOf(t) as object | null) {
      const map = own(t);
      if (map?.has(key)) return map.get(key);
    }
    return undefined;
  };
}

export {};
