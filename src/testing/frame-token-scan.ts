/**
 * Where one frame keeps or shows a session token: run inside the frame (Playwright sends its source,
 * so it is self-contained), given the token's marks (token-marks.ts). It reads the frame's storage
 * (local and session storage, IndexedDB, Cache Storage) and its page (title, visible text, attribute
 * values, form fields), each bounded: a page's storage is input like any other, and a hostile one may
 * hold gigabytes. It answers where, in words that never hold the token: a key or a name that holds it
 * is said to.
 */
export interface FrameScanOptions {
  marks: string[];
  /** The most characters read of one value, and of the whole frame. */
  maxChars: number;
  maxTotalChars: number;
  /** The most keys, records, databases, caches, entries or elements read of each. */
  maxItems: number;
}

export interface FrameScan {
  stored: string[];
  shown: string[];
}

export async function scanFrame({ marks, maxChars, maxTotalChars, maxItems }: FrameScanOptions): Promise<FrameScan> {
  let budget = maxTotalChars;
  const holds = (value: unknown): boolean => {
    if (typeof value !== 'string' || budget <= 0) return false;
    const text = value.slice(0, Math.min(maxChars, budget));
    budget -= text.length;
    return marks.some((mark) => text.includes(mark));
  };
  const named = (name: string): string =>
    marks.some((mark) => name.includes(mark))
      ? '(a name holding the token)'
      : JSON.stringify(name.length > 60 ? `${name.slice(0, 57)}...` : name);
  const stringified = (value: unknown): string => {
    try {
      return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    } catch {
      return ''; // a value JSON cannot write (a cycle, a BigInt): not a token's text
    }
  };
  const done = <T>(request: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const stored: string[] = [];
  const shown: string[] = [];

  for (const [area, get] of [
    ['localStorage', () => localStorage],
    ['sessionStorage', () => sessionStorage],
  ] as const) {
    try {
      const storage = get();
      for (let i = 0; i < Math.min(storage.length, maxItems); i++) {
        const key = storage.key(i);
        if (key !== null && (holds(key) || holds(storage.getItem(key)))) stored.push(`${area}, key ${named(key)}`);
      }
    } catch {
      // Storage this frame may not use (blocked, or an opaque origin).
    }
  }

  try {
    for (const { name } of (await indexedDB.databases()).slice(0, maxItems)) {
      if (!name) continue;
      const opening = indexedDB.open(name);
      // A database that is not there (any more) would be made: not by a check.
      opening.onupgradeneeded = () => opening.transaction?.abort();
      const db = await done(opening).catch(() => null);
      if (!db) continue;
      for (const store of [...db.objectStoreNames].slice(0, maxItems)) {
        const objects = db.transaction(store, 'readonly').objectStore(store);
        const [keys, values] = await Promise.all([
          done(objects.getAllKeys(undefined, maxItems)),
          done(objects.getAll(undefined, maxItems)),
        ]);
        if ([...keys, ...values].some((value) => holds(stringified(value))))
          stored.push(`IndexedDB ${named(name)}, store ${named(store)}`);
      }
      db.close();
    }
  } catch {
    // No IndexedDB here, or one the frame may not read.
  }

  try {
    for (const name of (await caches.keys()).slice(0, maxItems)) {
      const cache = await caches.open(name);
      for (const request of (await cache.keys()).slice(0, maxItems)) {
        const response = await cache.match(request);
        if (holds(request.url) || holds(response ? await response.text() : '')) {
          stored.push(`Cache Storage ${named(name)}`);
          break;
        }
      }
    }
  } catch {
    // No Cache Storage here (an insecure origin has none).
  }

  if (holds(document.title)) shown.push('the title');
  if (holds(document.body?.innerText ?? '')) shown.push("the page's visible text");
  const elements = document.querySelectorAll('*');
  for (let i = 0; i < Math.min(elements.length, maxItems) && shown.length < 8; i++) {
    const element = elements[i]!;
    const tag = element.localName;
    const attribute = [...element.attributes].find((a) => holds(a.value));
    if (attribute) shown.push(`the ${attribute.name} attribute of a <${tag}>`);
    else if ((tag === 'input' || tag === 'textarea') && holds((element as HTMLInputElement).value))
      shown.push(`the value of an <${tag}>`);
  }
  return { stored, shown };
}
