/**
 * The onCommit listeners of a store adapter (both adapters keep them the same way): `notify` after
 * a committed write, import, restore or clear; a listener that throws is logged and affects nothing.
 */
export function commitListeners() {
  const listeners = new Set<() => void>();
  return {
    notify: (): void => {
      for (const listener of [...listeners]) {
        try {
          listener();
        } catch (error) {
          console.error("A sandbox store onCommit listener failed:", error);
        }
      }
    },
    /** The port's onCommit: each call adds its own entry, removed by the function it returns. */
    onCommit: (listener: () => void): (() => void) => {
      const own = () => {
        listener();
      };
      listeners.add(own);
      return () => {
        listeners.delete(own);
      };
    },
  };
}
