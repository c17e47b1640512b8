/**
 * A view of an object with some members of its own and every other one read from (and written to) the object itself,
 * without a Proxy (decision 0055, "Measured"): the dispatcher makes one of the environment and one of the store for
 * every recorded request, and a Proxy made each property read of a request's handlers a trap call. The members the view
 * forwards are accessors on a prototype built once per object (and per set of own members), so the views of one object
 * share their shape and a handler's property reads stay as fast as on the object.
 */

type Forwarder = object;

const forwarders = new WeakMap<object, Map<string, Forwarder>>();

/** The names an object answers to: its own and its prototypes' (a class's methods), but not Object's. */
function memberNames(target: object): Set<string | symbol> {
  const names = new Set<string | symbol>();
  for (let level: object | null = target; level !== null && level !== Object.prototype; level = Object.getPrototypeOf(level) as object | null)
    for (const name of Reflect.ownKeys(level)) if (name !== "constructor") names.add(name);
  return names;
}

/** A prototype whose accessors read and write `target`'s members, methods bound to `target` (state kept behind them stays reachable). */
function forwarderOf(target: object, own: readonly string[]): Forwarder {
  const key = own.join("\u0000");
  let byOwn = forwarders.get(target);
  const known = byOwn?.get(key);
  if (known) return known;
  const forwarder: Forwarder = Object.create(null) as Forwarder;
  for (const name of memberNames(target)) {
    if (typeof name === "string" && own.includes(name)) continue;
    let method: unknown;
    let bound: unknown;
    Object.defineProperty(forwarder, name, {
      get: () => {
        const value: unknown = Reflect.get(target, name);
        if (typeof value !== "function") return value;
        if (value !== method) {
          method = value;
          bound = (value as (...args: unknown[]) => unknown).bind(target);
        }
        return bound;
      },
      set: (value: unknown) => Reflect.set(target, name, value),
      enumerable: true,
    });
  }
  if (byOwn === undefined) forwarders.set(target, (byOwn = new Map<string, Forwarder>()));
  byOwn.set(key, forwarder);
  return forwarder;
}

/**
 * `target` with `own`'s members in place of its own; every other member is `target`'s, read and written through (a
 * handler setting the environment's clock offset sets the sandbox's). Members `target` gains after its first view are
 * not seen by later views: views are made of objects built whole (the environment, a store).
 */
export function viewOf<T extends object>(target: T, own: Partial<T>): T {
  const view = Object.create(forwarderOf(target, Object.keys(own))) as T;
  return Object.assign(view, own);
}
