/**
 * A list's page, filters and order as the address keeps them (`?status=open&page=2`), so a reload,
 * a shared link or the back button shows the same list.
 */

/** The page number under `key` (1 when absent or not a page). */
export const pageParam = (params: URLSearchParams, key = 'page') => Math.max(1, Math.floor(Number(params.get(key))) || 1);

/** The value under `key` when it is one of `values`, else undefined (an old or edited link). */
export const oneOfParam = <T extends string>(params: URLSearchParams, key: string, values: readonly T[]): T | undefined => {
  const v = params.get(key);
  return values.find((x) => x === v);
};

/**
 * The address's query with `changes` made (undefined removes a key; page 1 is not written). A change
 * that does not name `pageKey` goes back to the first page: the list it showed is another list now
 * (`pageKey` null: a change that leaves the list's page alone, like opening one of its items).
 */
export function withParams(
  params: URLSearchParams,
  changes: Record<string, string | number | undefined>,
  pageKey: string | null = 'page',
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (pageKey !== null && !(pageKey in changes)) next.delete(pageKey);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || (key === pageKey && Number(value) <= 1)) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}
