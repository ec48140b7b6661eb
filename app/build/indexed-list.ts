// A list holding each distinct item once (compared by `key`), giving its position: the inline
// scripts of index.html write what several routes share once and refer to it by index.
export function indexedList<T>(key: (item: T) => string) {
  const items: T[] = [];
  const at = new Map<string, number>();
  return {
    items,
    indexOf(item: T): number {
      const k = key(item);
      let index = at.get(k);
      if (index === undefined) {
        index = items.push(item) - 1;
        at.set(k, index);
      }
      return index;
    },
  };
}
