/** Listeners of one kind of happening: `on` adds one and returns what removes it; `emit` tells them all. */
export interface Listeners<T> {
  on(listener: (value: T) => void): () => void;
  emit(value: T): void;
  clear(): void;
}

export function createListeners<T>(): Listeners<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(value) {
      for (const listener of listeners) listener(value);
    },
    clear: () => listeners.clear(),
  };
}
