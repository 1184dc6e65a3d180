/**
 * Reading an element of a list that a test expects to be there. Under `noUncheckedIndexedAccess`
 * `list[i]` may be undefined: these fail the test with a message that says what was missing,
 * instead of a TypeError further down (or a blind `!`).
 */
import { expect } from '@jest/globals';

/** `items[index]`, failing the test when the list is shorter. */
export function nth<T>(items: readonly T[], index: number): T {
  if (!Number.isInteger(index) || index < 0 || index >= items.length) {
    throw new Error(`expected an element at index ${index}, but the list has ${items.length}`);
  }
  return items[index]!;
}

/** The first element of `items`, failing the test when it is empty. */
export function first<T>(items: readonly T[]): T {
  return nth(items, 0);
}

/** The one element of `items` (a count, a row by its key), failing the test when there are none or several. */
export function only<T>(items: readonly T[]): T {
  expect(items).toHaveLength(1);
  return items[0]!;
}
